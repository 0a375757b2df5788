// Three-page sample datasheets and brochures with pdf-lib (A4, standard Helvetica).
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from "pdf-lib";
import { BROCHURES, DATASHEETS, PRODUCTS, type ProductCopy } from "./product-copy.ts";
import { SAMPLE_NOTE } from "./sample-marker.ts";
import { save } from "./util.ts";

// Fixed dates keep the files byte-for-byte reproducible.
const FIXED_DATE = new Date("2025-01-01T00:00:00Z");
const A4: [number, number] = [595.28, 841.89];
const M = 56; // page margin

const hex = (h: string) => rgb(parseInt(h.slice(1, 3), 16) / 255, parseInt(h.slice(3, 5), 16) / 255, parseInt(h.slice(5, 7), 16) / 255);
const NAVY = hex("#0b1a2e");
const NAVY2 = hex("#12263f");
const STEEL = hex("#5b6b7f");
const STEEL_LIGHT = hex("#c9d2dc");
const PURPLE = hex("#7c3aed");
const LILAC_BG = hex("#f3efff");
const WHITE = rgb(1, 1, 1);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// Draws wrapped text from the top y downwards; returns the y below the block.
function para(page: PDFPage, text: string, x: number, y: number, width: number, font: PDFFont, size: number, color = NAVY2, lead = 1.45): number {
  for (const line of wrap(text, font, size, width)) {
    page.drawText(line, { x, y: y - size, size, font, color });
    y -= size * lead;
  }
  return y;
}

function bullets(page: PDFPage, items: string[], x: number, y: number, width: number, f: Fonts, size = 11): number {
  for (const item of items) {
    page.drawRectangle({ x, y: y - size + 2, width: 5, height: 5, color: PURPLE });
    y = para(page, item, x + 16, y, width - 16, f.regular, size) - 6;
  }
  return y;
}

// Section heading: y is the top of the heading; returns the top of the following text.
function heading(page: PDFPage, text: string, y: number, f: Fonts, size = 18): number {
  page.drawText(text, { x: M, y: y - size, size, font: f.bold, color: NAVY });
  return y - size - 12;
}

function mark(page: PDFPage, x: number, y: number, s: number, f: Fonts): void {
  page.drawSvgPath(
    `M${s * 0.22} 0 H${s * 0.78} Q${s} 0 ${s} ${s * 0.22} V${s * 0.78} Q${s} ${s} ${s * 0.78} ${s} H${s * 0.22} Q0 ${s} 0 ${s * 0.78} V${s * 0.22} Q0 0 ${s * 0.22} 0 Z`,
    { x, y: y + s, color: PURPLE },
  );
  const size = s * 0.42;
  page.drawText("LA", { x: x + (s - f.bold.widthOfTextAtSize("LA", size)) / 2, y: y + s * 0.32, size, font: f.bold, color: WHITE });
}

function footer(page: PDFPage, n: number, f: Fonts): void {
  page.drawLine({ start: { x: M, y: 52 }, end: { x: A4[0] - M, y: 52 }, thickness: 0.5, color: STEEL_LIGHT });
  page.drawText("Lariox Automation · Surat, Gujarat, India · Sample document", { x: M, y: 36, size: 8, font: f.regular, color: STEEL });
  const label = `Page ${n} of 3`;
  page.drawText(label, { x: A4[0] - M - f.regular.widthOfTextAtSize(label, 8), y: 36, size: 8, font: f.regular, color: STEEL });
}

function smallHeader(page: PDFPage, p: ProductCopy, section: string, f: Fonts): number {
  const top = A4[1];
  page.drawRectangle({ x: 0, y: top - 64, width: A4[0], height: 64, color: NAVY });
  page.drawRectangle({ x: 0, y: top - 67, width: A4[0], height: 3, color: PURPLE });
  mark(page, M, top - 48, 30, f);
  page.drawText(p.name, { x: M + 42, y: top - 32, size: 12, font: f.bold, color: WHITE });
  page.drawText(section, { x: M + 42, y: top - 46, size: 9, font: f.regular, color: STEEL_LIGHT });
  return top - 110;
}

function cover(doc: PDFDocument, p: ProductCopy, kind: "Datasheet" | "Brochure", f: Fonts): void {
  const page = doc.addPage(A4);
  const [W, H] = A4;
  // navy header band with the company mark
  page.drawRectangle({ x: 0, y: H - 210, width: W, height: 210, color: NAVY });
  page.drawRectangle({ x: 0, y: H - 214, width: W, height: 4, color: PURPLE });
  mark(page, M, H - 112, 52, f);
  page.drawText("Lariox Automation", { x: M + 68, y: H - 84, size: 22, font: f.bold, color: WHITE });
  page.drawText("Industrial Automation & Software · Surat, Gujarat", { x: M + 68, y: H - 104, size: 10, font: f.regular, color: STEEL_LIGHT });
  page.drawText(kind.toUpperCase(), { x: M, y: H - 176, size: 11, font: f.bold, color: hex("#a78bfa") });

  let y = H - 280;
  y = para(page, p.name, M, y, W - 2 * M, f.bold, 32, NAVY, 1.2) - 8;
  y = para(page, p.tagline, M, y, W - 2 * M, f.regular, 15, STEEL, 1.4) - 24;

  // a simple trend graphic: grid, filled area and a purple line
  const gx = M;
  const gw = W - 2 * M;
  const gh = 170;
  const gy = y - gh;
  page.drawRectangle({ x: gx, y: gy, width: gw, height: gh, color: hex("#f5f7fa"), borderColor: STEEL_LIGHT, borderWidth: 0.75 });
  for (let i = 1; i < 4; i++)
    page.drawLine({ start: { x: gx, y: gy + (gh * i) / 4 }, end: { x: gx + gw, y: gy + (gh * i) / 4 }, thickness: 0.4, color: STEEL_LIGHT });
  const vals = [0.42, 0.5, 0.46, 0.58, 0.55, 0.63, 0.6, 0.7, 0.66, 0.74, 0.72, 0.8];
  const pts = vals.map((v, i) => `${(i / (vals.length - 1)) * gw} ${-v * gh}`);
  page.drawSvgPath(`M${pts.join(" L")} L${gw} 0 L0 0 Z`, { x: gx, y: gy, color: PURPLE, opacity: 0.12 });
  page.drawSvgPath(`M${pts.join(" L")}`, { x: gx, y: gy, borderColor: PURPLE, borderWidth: 2.5 });

  // the honest notice
  const noteY = gy - 110;
  page.drawRectangle({ x: M, y: noteY, width: W - 2 * M, height: 70, color: LILAC_BG, borderColor: PURPLE, borderWidth: 1 });
  page.drawText(`Sample ${kind.toLowerCase()} — to be replaced by the vendor's official file`, {
    x: M + 16,
    y: noteY + 42,
    size: 12,
    font: f.bold,
    color: NAVY,
  });
  page.drawText("Prepared by Lariox Automation as an orientation summary. Refer to AVEVA for official specifications.", {
    x: M + 16,
    y: noteY + 22,
    size: 9,
    font: f.regular,
    color: STEEL,
  });
  page.drawText("AVEVA and AVEVA product names are trademarks of AVEVA Group Limited or its subsidiaries.", {
    x: M,
    y: 70,
    size: 7.5,
    font: f.regular,
    color: STEEL,
  });
  footer(page, 1, f);
}

function overview(doc: PDFDocument, p: ProductCopy, f: Fonts): void {
  const page = doc.addPage(A4);
  const width = A4[0] - 2 * M;
  let y = smallHeader(page, p, "Overview and key capabilities", f) + 18;
  y = heading(page, "Overview", y, f);
  y = para(page, p.overview, M, y, width, f.regular, 11) - 22;
  y = heading(page, "Key capabilities", y, f);
  y = bullets(page, p.features, M, y, width, f) - 22;
  y = heading(page, "Typical applications", y, f, 14);
  para(page, p.uses.join("  ·  "), M, y, width, f.regular, 11, STEEL);
  footer(page, 2, f);
}

function requirements(doc: PDFDocument, p: ProductCopy, f: Fonts): void {
  const page = doc.addPage(A4);
  const width = A4[0] - 2 * M;
  let y = smallHeader(page, p, "System requirements and contact", f) + 18;
  y = heading(page, "System requirements (indicative)", y, f);
  y = bullets(page, p.requirements, M, y, width, f) - 8;
  y =
    para(
      page,
      "Exact operating system, database and hardware requirements depend on the product version and system size. Always confirm against the vendor's current documentation and compatibility information.",
      M,
      y,
      width,
      f.regular,
      9.5,
      STEEL,
    ) - 30;

  // contact block with obvious placeholder details
  const boxH = 150;
  page.drawRectangle({ x: M, y: y - boxH, width, height: boxH, color: hex("#f5f7fa"), borderColor: STEEL_LIGHT, borderWidth: 0.75 });
  page.drawRectangle({ x: M, y: y - boxH, width: 5, height: boxH, color: PURPLE });
  let cy = y - 34;
  page.drawText("Talk to Lariox Automation", { x: M + 24, y: cy, size: 16, font: f.bold, color: NAVY });
  cy -= 22;
  page.drawText("Licensing, upgrades, training and implementation support in Surat and across Gujarat.", {
    x: M + 24,
    y: cy,
    size: 10,
    font: f.regular,
    color: STEEL,
  });
  const rows: [string, string][] = [
    ["Email", "sales@example.com"],
    ["Phone", "+91 00000 00000 (sample)"],
    ["Office", "Surat, Gujarat, India"],
  ];
  for (const [k, v] of rows) {
    cy -= 24;
    page.drawText(k, { x: M + 24, y: cy, size: 11, font: f.bold, color: NAVY2 });
    page.drawText(v, { x: M + 100, y: cy, size: 11, font: f.regular, color: NAVY2 });
  }
  page.drawText("Contact details in this sample are placeholders.", { x: M, y: y - boxH - 22, size: 9, font: f.regular, color: STEEL });
  footer(page, 3, f);
}

async function makePdf(p: ProductCopy, kind: "Datasheet" | "Brochure"): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const f: Fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  cover(doc, p, kind, f);
  overview(doc, p, f);
  requirements(doc, p, f);
  doc.setTitle(`${p.name} ${kind.toLowerCase()} (sample)`);
  doc.setAuthor("Lariox Automation");
  doc.setSubject(`Sample ${kind.toLowerCase()} — ${SAMPLE_NOTE}`);
  doc.setKeywords(["AVEVA", p.name, "Lariox Automation", "sample"]);
  doc.setCreator("Lariox Automation asset script");
  doc.setProducer("pdf-lib");
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  return doc.save();
}

export async function makePdfs(): Promise<void> {
  for (const [slug, key] of Object.entries(DATASHEETS)) {
    await save(`datasheets/${slug}.pdf`, await makePdf(PRODUCTS[key]!, "Datasheet"));
  }
  // The site spec keeps brochures under the banners folder.
  for (const [slug, key] of Object.entries(BROCHURES)) {
    await save(`banners/brochures/${slug}.pdf`, await makePdf(PRODUCTS[key]!, "Brochure"));
  }
}
