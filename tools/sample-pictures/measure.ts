// Text widths for SVG layout. Helvetica's metrics (via pdf-lib's standard fonts)
// match Arial/Liberation Sans, which is what most systems render our font stack as.
// We pin each SVG text to this width with textLength, so a wider fallback font
// (e.g. Inter, DejaVu) is gently condensed instead of overflowing its box.
import { PDFDocument, type PDFFont, StandardFonts } from "pdf-lib";

let fonts: { regular: PDFFont; bold: PDFFont } | undefined;

export async function loadMetrics(): Promise<void> {
  const doc = await PDFDocument.create();
  fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
}

export function textWidth(text: string, size: number, bold = false): number {
  if (!fonts) throw new Error("call loadMetrics() first");
  return (bold ? fonts.bold : fonts.regular).widthOfTextAtSize(text, size);
}
