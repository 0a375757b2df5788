// @vitest-environment node
/** A datasheet's first page drawn at build (src/content/loaders/pdf-pages.ts), into the image cache, once. */
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument, rgb } from "pdf-lib";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { contentHash, drawFirstPage, embeddedPdfs, PAGE_WIDTH } from "../../src/content/loaders/pdf-pages.ts";
import { tempDir } from "../server/helpers.ts";

const dir = tempDir("lariox-pdf-pages-");
afterAll(() => dir.remove());

/** A two-page A4 PDF whose first page is half purple at the top. */
async function samplePdf(file: string): Promise<void> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  page.drawRectangle({ x: 0, y: 421, width: 595.28, height: 421, color: rgb(0.49, 0.23, 0.93) });
  doc.addPage();
  writeFileSync(file, await doc.save());
}

describe("drawFirstPage", () => {
  it("draws page 1 at the picture width with the page's proportions, counts the pages, and draws it only once", async () => {
    const pdf = join(dir.path, "sheet.pdf");
    await samplePdf(pdf);
    const hash = contentHash(pdf);
    const drawn = await drawFirstPage(pdf, hash, dir.path);
    expect(drawn).toMatchObject({ width: PAGE_WIDTH, pages: 2 });
    expect(drawn.height).toBe(Math.round((PAGE_WIDTH * 841.89) / 595.28));
    const { data, info } = await sharp(drawn.png).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(pixel(10, 10)).toEqual([125, 59, 237].map((c) => expect.closeTo(c, -1)));
    expect(pixel(10, info.height - 10)).toEqual([255, 255, 255]);

    // From the cache the second time: the PNG is not written again.
    const written = statSync(drawn.png).mtimeMs;
    expect(await drawFirstPage(pdf, hash, dir.path)).toEqual(drawn);
    expect(statSync(drawn.png).mtimeMs).toBe(written);
    expect(readFileSync(drawn.png).subarray(1, 4).toString()).toBe("PNG");
  });

  it("finds the PDFs the pages' datasheet sections show, each once", () => {
    const pages = [
      {
        sections: [
          { type: "pdfEmbed", file: "/assets/b.pdf" },
          { type: "documentList", items: [{ file: "/assets/c.pdf" }] },
        ],
      },
      {
        sections: [
          { type: "pdfEmbed", file: "/assets/a.pdf" },
          { type: "pdfEmbed", file: "/assets/b.pdf" },
        ],
      },
    ];
    expect(embeddedPdfs(pages)).toEqual(["/assets/a.pdf", "/assets/b.pdf"]);
  });
});
