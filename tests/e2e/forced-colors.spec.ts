import type { Locator, Page } from "@playwright/test";
import { expect, isMobile, test } from "./fixtures.ts";
import { content } from "./content.ts";

const { ui, company } = content.site;
const home = content.pages.find((p) => p.page.sections.some((s) => s.type === "hero") && p.page.sections.some((s) => s.type === "logoStrip"))!.page.path;

/** Relative luminance of a CSS rgb()/rgba() colour (WCAG 2). */
function luminance(colour: string): number {
  const [r, g, b] = colour
    .match(/[\d.]+/g)!
    .slice(0, 3)
    .map(Number)
    .map((c) => c / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
/** The page's ground in forced colours: the system's Canvas colour. */
const canvas = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const style = (locator: Locator, property: string, pseudo?: string) =>
  locator.evaluate((el, [property, pseudo]) => getComputedStyle(el, pseudo ?? null).getPropertyValue(property!), [property, pseudo] as const);

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`forced colours, ${colorScheme}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ forcedColors: "active", colorScheme });
    });

    test("the wordmark, the menu button's bars and the search icon stay visible", async ({ page, viewport }) => {
      await page.goto("/about");
      const ground = await canvas(page);
      const logo = page.locator("header").getByRole("link", { name: company.name }).first();
      // The logo keeps the light ground it is drawn for, and its dark wordmark shows on it.
      const wordmark = logo.locator("svg:visible text, img:visible").first();
      const logoGround = await style(logo, "background-color");
      await expect(wordmark).toBeVisible();
      // Drawn inline, its letters contrast with that ground; as a picture, the picture is there and drawn.
      if ((await wordmark.evaluate((el) => el.tagName)) === "text") expect(contrast(await style(wordmark, "fill"), logoGround)).toBeGreaterThanOrEqual(3);
      else await expect.poll(() => wordmark.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(luminance(logoGround)).toBeGreaterThan(0.9);
      const search = page.locator("header").getByRole("link", { name: content.site.navigation.search!.label });
      expect(contrast(await style(search.locator("svg"), "stroke"), ground)).toBeGreaterThanOrEqual(3);
      if (isMobile(viewport?.width)) {
        const bars = page.locator("header summary").filter({ hasText: ui.openMenu }).locator("[aria-hidden=true]");
        for (const part of [undefined, "::before", "::after"])
          expect(contrast(await style(bars, "background-color", part), ground), part).toBeGreaterThanOrEqual(3);
      }
    });

    test("the slide dots and the partner logos' tiles stay visible", async ({ page }) => {
      await page.goto(home);
      const ground = await canvas(page);
      const dots = page.getByRole("button", { name: /./ }).and(page.locator("[aria-roledescription=carousel] button[aria-current]"));
      expect(await dots.count()).toBeGreaterThan(1);
      for (const dot of await dots.all()) expect(contrast(await style(dot, "background-color", "::before"), ground)).toBeGreaterThanOrEqual(3);
      // The current dot differs from the others.
      const current = await style(dots.and(page.locator("[aria-current=true]")), "background-color", "::before");
      const other = await style(dots.and(page.locator("[aria-current=false]")).first(), "background-color", "::before");
      expect(current).not.toBe(other);
      // A logo's tile keeps the ground its logo was drawn for, whatever the system's colours.
      const strip = page.locator("section", { has: page.getByRole("checkbox", { name: ui.pauseLogos }) });
      const tile = strip.locator("li:not([aria-hidden]) > div").first();
      const forcedTile = await style(tile, "background-color");
      await page.emulateMedia({ forcedColors: "none", colorScheme });
      expect(await style(tile, "background-color")).toBe(forcedTile);
    });
  });
}
