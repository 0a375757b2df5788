import { createHash, randomUUID } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** How wide a datasheet's first page is drawn: twice a phone's column of about 360 CSS px, and the widest variant. */
export const PAGE_WIDTH = 960;

/** A PDF's first page drawn as a PNG in the image cache, with what the page shows of the document. */
export interface DrawnPage {
  /** The PNG, the source of the page picture's variants. */
  png: string;
  width: number;
  height: number;
  /** The document's page count. */
  pages: number;
}

/**
 * Draws the first page of the PDF at `pdf` into `cacheDir`, once per content (the names carry its
 * hash, as the image variants' do), with MuPDF's WebAssembly build: no program to install, and
 * it draws the standard fonts a PDF names without embedding them. The page count is kept beside
 * the PNG, so a cached page costs no PDF parse.
 */
export async function drawFirstPage(pdf: string, hash: string, cacheDir: string): Promise<DrawnPage> {
  const png = join(cacheDir, `pdf-page-${hash}-${PAGE_WIDTH}.png`);
  const facts = `${png}.json`;
  if (existsSync(png) && existsSync(facts)) return { png, ...(JSON.parse(readFileSync(facts, "utf8")) as Omit<DrawnPage, "png">) };
  // Loaded only when a page is to be drawn: its WebAssembly takes a moment to start.
  const mupdf = await import("mupdf");
  const doc = mupdf.Document.openDocument(readFileSync(pdf), "application/pdf");
  try {
    const pages = doc.countPages();
    const page = doc.loadPage(0);
    const [x0, , x1] = page.getBounds();
    const pixmap = page.toPixmap(mupdf.Matrix.scale(PAGE_WIDTH / (x1 - x0), PAGE_WIDTH / (x1 - x0)), mupdf.ColorSpace.DeviceRGB, false, true);
    const drawn = { width: pixmap.getWidth(), height: pixmap.getHeight(), pages };
    // Written whole under another name first: another build sharing the cache may look meanwhile.
    const partial = `${png}.${randomUUID()}.partial`;
    writeFileSync(partial, pixmap.asPNG());
    renameSync(partial, png);
    writeFileSync(facts, JSON.stringify(drawn));
    return { png, ...drawn };
  } finally {
    doc.destroy();
  }
}

/** The short hash the variants of a file are named by. */
export const contentHash = (file: string) => createHash("sha1").update(readFileSync(file)).digest("hex").slice(0, 10);

/** The PDFs a pdfEmbed section of any page shows: only they get a picture of their first page. */
export function embeddedPdfs(pages: unknown[]): string[] {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === "object") {
      const { type, file } = node as { type?: unknown; file?: unknown };
      if (type === "pdfEmbed" && typeof file === "string") found.add(file);
      Object.values(node).forEach(visit);
    }
  };
  visit(pages);
  return [...found].sort();
}
