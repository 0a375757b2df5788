import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { expect, test } from "./fixtures.ts";
import { content, contentRoot } from "./content.ts";

/** Below this width (the block's media query, breakpoints.medium) a datasheet is a picture at any rate. */
const NARROW = 768;

/** The first page file with a datasheet (a pdfEmbed section), whichever page that is in the content. */
function datasheetPage(): { path: string; title: string; file: string; height: number } {
  for (const { page } of [...content.pages].sort((a, b) => a.file.localeCompare(b.file))) {
    const section = page.sections.find((s) => s.type === "pdfEmbed");
    if (section) return { path: page.path, title: section.title, file: section.file, height: section.height };
  }
  throw new Error("no page of the content has a pdfEmbed section");
}

const sheet = datasheetPage();
const frame = (page: Page) => page.locator(`main iframe[title="${sheet.title}"]`);
const preview = (page: Page) => page.locator("main [data-pdf-preview]");

/** Every request for the PDF itself, for asserting the browser's viewer was never started. */
function pdfRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === sheet.file) seen.push(r.url());
  });
  return seen;
}

/** The first page's picture, its name, pages and size, and the links to download and open the PDF. */
async function expectPreview(page: Page) {
  const card = preview(page);
  await card.scrollIntoViewIfNeeded();
  await expect(card).toBeVisible();
  const picture = card.getByRole("img", { name: `First page of the ${sheet.title}` });
  await expect(picture).toBeVisible();
  // Drawn at build in the responsive formats: a WebP source and JPEG variants, and loaded.
  await expect(card.locator('source[type="image/webp"]')).toHaveAttribute("srcset", /\/assets\/img\/[\w-]+\.[0-9a-f]{10}-\d+\.webp \d+w/);
  await expect(picture).toHaveAttribute("srcset", /\.jpg \d+w/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // A page, taller than wide, and not a blank panel of the viewer's height.
  const box = (await picture.boundingBox())!;
  expect(box.height).toBeGreaterThan(box.width);
  expect((await card.boundingBox())!.height).toBeLessThan(sheet.height / 2);

  const bytes = statSync(join(contentRoot, "public", sheet.file)).size;
  const pages = (await PDFDocument.load(readFileSync(join(contentRoot, "public", sheet.file)))).getPageCount();
  await expect(card).toContainText(sheet.title);
  await expect(card).toContainText(`PDF · ${pages} ${pages === 1 ? "page" : "pages"} · ${Math.max(1, Math.round(bytes / 1024))} KB`);
  await expect(frame(page)).toBeHidden();
  const links = page.locator(`main a[href="${sheet.file}"]`);
  await expect(links.filter({ hasText: /^Download/ })).toBeVisible();
  await expect(links.filter({ hasText: /^Open/ })).toBeVisible();
}

test.describe("a datasheet", () => {
  test("on a phone: the first page as a picture with its name, pages and size, Open and Download; no blank viewer, the PDF not fetched", async ({ page }) => {
    test.skip(page.viewportSize()!.width >= NARROW, "the phone's width (the mobile project)");
    const requests = pdfRequests(page);
    await page.goto(sheet.path);
    await expectPreview(page);
    await page.locator("footer").scrollIntoViewIfNeeded();
    expect(requests).toEqual([]);
  });

  test("where the browser shows no PDF inline (Chrome on Android): the picture, at any width, decided in the head", async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "pdfViewerEnabled", { get: () => false }));
    const requests = pdfRequests(page);
    await page.goto(sheet.path);
    await expect(page.locator("html")).toHaveAttribute("data-pdf-viewer", "none");
    await expectPreview(page);
    await page.locator("footer").scrollIntoViewIfNeeded();
    expect(requests).toEqual([]);
  });

  test("on a wide screen with a PDF viewer: the spec's viewer at its height, no picture", async ({ page }) => {
    test.skip(page.viewportSize()!.width < NARROW, "a wide screen (the desktop project)");
    await page.goto(sheet.path);
    await expect(page.locator("html")).not.toHaveAttribute("data-pdf-viewer", "none");
    await frame(page).scrollIntoViewIfNeeded();
    await expect(frame(page)).toBeVisible();
    await expect(frame(page)).toHaveAttribute("height", String(sheet.height));
    expect((await frame(page).boundingBox())!.height).toBe(sheet.height);
    await expect(preview(page)).toBeHidden();
    await expect(page.locator(`main a[href="${sheet.file}"]`).filter({ hasText: /^Download/ })).toBeVisible();
  });
});
