import { expect, isMobile, menuToggle, test } from "./fixtures.ts";
import { content } from "./content.ts";

// The header's main button (the last of the bar's buttons) and the closing band, as site.yaml has them.
const quote = content.site.navigation.buttons.at(-1)!;
const band = content.site.enquiryBand!;
const sectionsAt = (path: string) => content.pages.find((p) => p.page.path === path)!.page.sections;
const hasForm = (path: string) => sectionsAt(path).some((s) => s.type === "form");
/** A page that ends with a band of its own (a cta section) keeps that one alone. */
const endsWithBand = (path: string) => sectionsAt(path).at(-1)?.type === "cta";
const paths = content.pages.map((p) => p.page.path).filter((path) => path !== "/404");

test("every page keeps the main button in view in its header, at the top and halfway down, without opening the menu", async ({ page, viewport }) => {
  test.slow();
  for (const path of paths) {
    await page.goto(path);
    const action = page.locator("header").getByRole("link", { name: quote.label, exact: true });
    await expect(action, path).toBeInViewport();
    await expect(action).toHaveAttribute("href", quote.href);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight / 2, behavior: "instant" }));
    await expect(action, `${path}, halfway down`).toBeInViewport();
  }
  // On phones and tablets the menu stays closed: the button is beside the menu button, not in the menu.
  if (isMobile(viewport?.width)) await expect(menuToggle(page, "Open menu")).toBeVisible();
});

test("a page without a form ends with the enquiry band from site.yaml; a page with one, or ending with a band of its own, does not", async ({ page }) => {
  test.slow();
  expect(paths.some(hasForm), "some page has a form").toBe(true);
  expect(paths.some(endsWithBand), "some page ends with a band of its own").toBe(true);
  for (const path of paths) {
    await page.goto(path);
    const closing = page.locator("main [data-enquiry-band]");
    if (hasForm(path) || path === band.action.href || endsWithBand(path)) {
      await expect(closing, path).toHaveCount(0);
      if (endsWithBand(path)) await expect(page.locator("main section").last().getByRole("link").first(), path).toBeVisible();
      continue;
    }
    await expect(closing.getByRole("heading", { name: band.heading }), path).toBeVisible();
    await expect(closing.getByRole("link", { name: band.action.label })).toHaveAttribute("href", band.action.href);
    // It closes the page: nothing of the page's own follows it.
    expect(await closing.evaluate((el) => el.nextElementSibling), path).toBeNull();
  }
});

test.describe("small screens", () => {
  test("at 320 px the sticky header is one row of at most 72 px: logo, the main button, search and menu", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/about");
    const header = page.locator("header");
    const row = [
      header.getByRole("link", { name: content.site.company.name }).first(),
      header.getByRole("link", { name: quote.label, exact: true }),
      header.getByRole("link", { name: content.site.navigation.search!.label }),
      menuToggle(page, content.site.ui.openMenu),
    ];
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72);
    const boxes = await Promise.all(row.map(async (item) => (await item.boundingBox())!));
    const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
    for (const box of boxes) expect(Math.abs(middle(box) - middle(boxes[0]!))).toBeLessThan(4);
    // Side by side, in this order, and nothing past the right edge.
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.x).toBeGreaterThanOrEqual(boxes[i - 1]!.x + boxes[i - 1]!.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
  });

  test("from 560 to 1199 px the top bar is one row", async ({ page }) => {
    await page.goto("/about");
    const bar = page.getByRole("complementary", { name: content.site.ui.contactBar });
    for (const width of [560, 640, 768, 900, 1024, 1199]) {
      await page.setViewportSize({ width, height: 800 });
      const tops = await bar
        .locator("a, li")
        .evaluateAll((items) => items.filter((el) => el.getClientRects().length > 0).map((el) => Math.round(el.getBoundingClientRect().top)));
      expect(tops.length, `${width} px`).toBeGreaterThan(1);
      expect(new Set(tops).size, `items of the top bar on one line at ${width} px`).toBe(1);
      expect((await bar.boundingBox())!.height, `${width} px`).toBeLessThanOrEqual(40);
    }
  });
});
