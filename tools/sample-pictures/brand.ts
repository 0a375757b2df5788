// Company logo, white variant, favicon and the Open Graph share image.
import sharp from "sharp";
import { join } from "node:path";
import { textWidth } from "./measure.ts";
import { svgMark, xmpMark } from "./sample-marker.ts";
import { sceneSvg } from "./scenes.ts";
import { BRAND, FONT_STACK, OUT_DIR, r1, save } from "./util.ts";

// "LA" drawn as strokes rather than text, so the mark is identical everywhere.
export function laMark(x: number, y: number, size: number): string {
  const k = size / 44;
  return (
    `<g transform="translate(${x} ${y}) scale(${r1(k * 1000) / 1000})">` +
    `<rect width="44" height="44" rx="10" fill="${BRAND.purple}"/>` +
    `<path d="M12 11.5V30.5H20.5M22.5 32L28.75 11.5L35 32M25 24.5H32.5" fill="none" stroke="#ffffff" stroke-width="4.4" stroke-linejoin="round"/>` +
    `</g>`
  );
}

function logo(textColour: string): string {
  const size = 19;
  const boldW = textWidth("Lariox", size, true);
  const x2 = 56 + boldW + textWidth(" ", size);
  // two text runs, each pinned to its measured width, so the gap never collapses or grows
  return `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="48" viewBox="0 0 220 48" role="img" aria-label="Lariox Automation">
<title>Lariox Automation</title>
${svgMark()}
${laMark(2, 2, 44)}
<g font-family="${FONT_STACK}" font-size="${size}" fill="${textColour}">
<text x="56" y="30.5" font-weight="700" textLength="${r1(boldW)}" lengthAdjust="spacingAndGlyphs">Lariox</text>
<text x="${r1(x2)}" y="30.5" font-weight="400" textLength="${r1(textWidth("Automation", size))}" lengthAdjust="spacingAndGlyphs">Automation</text>
</g>
</svg>
`;
}

function favicon(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">${laMark(2, 2, 44)}</svg>\n`;
}

async function ogImage(): Promise<void> {
  const W = 1200;
  const H = 630;
  // scene drawn at the banner height, then fitted to 1200x630
  const scene = await sharp(Buffer.from(sceneSvg("factory", 1220, 640, true, "og-image")))
    .resize(W, H, { fit: "cover" })
    .png()
    .toBuffer();
  const title = "Lariox Automation";
  const sub = "Industrial Automation & Software, Surat";
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<defs><linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${BRAND.navy}" stop-opacity=".92"/><stop offset=".55" stop-color="${BRAND.navy}" stop-opacity=".7"/><stop offset="1" stop-color="${BRAND.navy}" stop-opacity=".25"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#shade)"/>
${laMark(80, 150, 96)}
<text x="80" y="340" font-family="${FONT_STACK}" font-size="72" font-weight="700" fill="#ffffff" textLength="${r1(textWidth(title, 72, true))}" lengthAdjust="spacingAndGlyphs">${title}</text>
<rect x="80" y="372" width="72" height="5" rx="2.5" fill="${BRAND.purple}"/>
<text x="80" y="430" font-family="${FONT_STACK}" font-size="36" fill="${BRAND.steelLight}" textLength="${r1(textWidth(sub, 36))}" lengthAdjust="spacingAndGlyphs">${sub.replace("&", "&amp;")}</text>
<text x="80" y="540" font-family="${FONT_STACK}" font-size="22" fill="#8a9aae">PLC · SCADA · HMI · AVEVA software · Data analytics</text>
</svg>`;
  await sharp(scene)
    .composite([{ input: Buffer.from(overlay) }])
    .jpeg({ quality: 75, mozjpeg: true })
    .withXmp(xmpMark())
    .toFile(join(OUT_DIR, "og-image.jpg"));
}

/**
 * The favicon the pages link: a PNG, because Chromium draws an SVG favicon as a document of its
 * own on the page's main thread (a 10-15 ms task on a throttled phone, after first paint).
 * 48 px covers a 16 px tab icon at 3x.
 */
async function faviconPng(): Promise<void> {
  await sharp(Buffer.from(favicon()), { density: 72 })
    .resize(48, 48)
    .png({ compressionLevel: 9, palette: true })
    .withXmp(xmpMark())
    .toFile(join(OUT_DIR, "favicon.png"));
}

export async function makeBrand(): Promise<void> {
  await save("logo.svg", logo(BRAND.navy));
  await save("logo-white.svg", logo("#ffffff"));
  await faviconPng();
  await ogImage();
}
