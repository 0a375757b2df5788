import { useContext } from "react";
import site from "virtual:site";
import type { SectionOf } from "../../content/types.ts";
import { pictureFormats, srcSet, type ImageEntry } from "../../content/image-formats.ts";
import { ImagesContext } from "../../ui/Img.tsx";
import { fill } from "../../ui/format.ts";
import { button } from "../../styles/layout.css.ts";
import { Section } from "../Section.tsx";
import * as css from "./styles.css.ts";

/** "71 KB", "2.4 MB". */
export const fileSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

/** What the page picture tells of the document: "PDF · 3 pages · 71 KB". */
export const documentFacts = ({ pages, bytes }: ImageEntry) =>
  ["PDF", pages && `${pages} ${pages === 1 ? "page" : "pages"}`, bytes && fileSize(bytes)].filter(Boolean).join(" · ");

/** The document's first page as the build drew it (src/content/loaders/pdf-pages.ts), in its responsive formats. */
function FirstPage({ src, entry, alt }: { src: string; entry: ImageEntry; alt: string }) {
  const sizes = "(min-width: 560px) 240px, 40vw";
  const largest = srcSet(src, entry, "jpg")!.split(", ").at(-1)!.split(" ")[0];
  return (
    <picture>
      {pictureFormats(entry).map((format) => (
        <source key={format} type={`image/${format}`} srcSet={srcSet(src, entry, format)} sizes={sizes} />
      ))}
      <img
        className={css.page}
        src={largest}
        srcSet={srcSet(src, entry, "jpg")}
        sizes={sizes}
        alt={alt}
        width={entry.width}
        height={entry.height}
        loading="lazy"
        decoding="async"
      />
    </picture>
  );
}

/**
 * A datasheet. Where the browser shows PDFs inline (a wide screen), the browser's PDF viewer at a
 * fixed height: a frame the browser loads lazily, as it comes near the viewport, with no script of
 * the page's own; a box of the same size holds its place meanwhile. Where it cannot (a narrow
 * screen, by a media query; a browser without a PDF viewer, as Chrome on Android, by the head's
 * inline check in src/boot/embeds.ts), the document's first page as a picture, with its name,
 * pages and size: decided by the stylesheet before the first paint, and the hidden frame never loads.
 * The links to download and open it are under both.
 */
export function PdfEmbed({ section }: { section: SectionOf<"pdfEmbed"> }) {
  const entry = useContext(ImagesContext)[section.file];
  return (
    <Section heading={section.heading ?? section.title}>
      <div className={css.viewer}>
        <div className={css.pdfSlot} style={{ minHeight: section.height }}>
          <iframe className={css.pdfFrame} src={section.file} title={section.title} height={section.height} loading="lazy" />
        </div>
      </div>
      <div className={css.preview} data-pdf-preview="">
        {entry?.hash && <FirstPage src={section.file} entry={entry} alt={`First page of the ${section.title}`} />}
        <div className={css.previewText}>
          <p className={css.previewTitle}>{section.title}</p>
          {entry && <p className={css.previewFacts}>{documentFacts(entry)}</p>}
        </div>
      </div>
      <div className={css.ctaRow}>
        <a className={button} href={section.file} target="_blank" rel="noopener" download>
          {site.ui.download} {section.title}
        </a>
        <a href={section.file} target="_blank" rel="noopener">
          {fill(site.ui.pdfFallback, { name: section.title })} {site.ui.opensInNewTab}
        </a>
      </div>
    </Section>
  );
}

export default PdfEmbed;
