/**
 * The marks that tell a sample from the company's own file, read by `npm run launch-check`:
 *   - SAMPLE_NOTE in the Subject of every sample document (the datasheet and brochure PDFs, the pptx);
 *   - DRAWN_NOTE in every picture: an SVG's <metadata>, the XMP description of a JPEG, PNG or WebP
 *     (a drawn logo that bears a real brand's name says which brand).
 * Plain data and string helpers only: the launch check imports this file and nothing else here.
 */
export const SAMPLE_NOTE = "to be replaced by the vendor's official file";

export const DRAWN_NOTE = "Sample picture drawn by tools/sample-pictures, to be replaced before launch";

const BRAND_NOTE = /bears the real brand name "([^"]+)"/;

/** The mark's text: DRAWN_NOTE, and the real brand a drawn logo names. */
export const drawnNote = (brand?: string) => (brand ? `${DRAWN_NOTE}; bears the real brand name "${brand}"` : DRAWN_NOTE);

/** What a mark says: that the file is drawn, and the real brand it names; undefined when `text` is no mark. */
export function readDrawnNote(text: string | undefined): { brand?: string } | undefined {
  if (!text?.includes(DRAWN_NOTE)) return undefined;
  const brand = BRAND_NOTE.exec(text)?.[1];
  return brand ? { brand } : {};
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** XML text as written (the five predefined entities undone): the marks' readers, and the launch check's document Subject. */
export const unescapeXml = (s: string) =>
  s
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** An SVG's mark: a <metadata> element (pages drawing the SVG inline leave it out, src/content/inline-svg.ts). */
export const svgMark = (brand?: string) => `<metadata>${escapeXml(drawnNote(brand))}</metadata>`;

/** The mark of an SVG's text, if it has one. */
export function readSvgMark(svg: string): { brand?: string } | undefined {
  const metadata = /<metadata>([\s\S]*?)<\/metadata>/.exec(svg)?.[1];
  return metadata === undefined ? undefined : readDrawnNote(unescapeXml(metadata));
}

/** A raster picture's mark: an XMP packet whose description is the note (sharp's withXmp writes it into JPEG, PNG and WebP). */
export const xmpMark = (brand?: string) =>
  `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
  `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description><rdf:Alt>` +
  `<rdf:li xml:lang="x-default">${escapeXml(drawnNote(brand))}</rdf:li></rdf:Alt></dc:description></rdf:Description></rdf:RDF></x:xmpmeta>`;

/** The mark of a raster picture's XMP, if it has one. */
export const readXmpMark = (xmp: string | undefined) => readDrawnNote(xmp && unescapeXml(xmp));
