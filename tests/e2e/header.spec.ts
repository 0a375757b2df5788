import { expect, isMobile, menuToggle, test } from "./fixtures.ts";
import { h1Of, headingOf, siteNav } from "./content.ts";

const DESKTOP_WIDTHS = [1024, 1200, 1280, 1366, 1440, 1920];
const TAGLINES = ["Automation", "Digitalization", "Industry 4.0"];

test.describe("header", () => {
  // The viewport is set per width: once is enough.
  test.skip(({ viewport }) => isMobile(viewport?.width), "widths are set in the test");

  test("is one row at every desktop width: logo, links and buttons side by side", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("header");
    const logo = header.getByRole("link", { name: /Lariox Automation/ }).first();
    for (const width of DESKTOP_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const height = (await header.boundingBox())!.height;
      expect(height, `header height at ${width} px`).toBeLessThan(80);
      // The last thing in the row (the quote button, or the hamburger below 1200 px) sits beside the logo.
      const last = isMobile(width) ? menuToggle(page, "Open menu") : header.getByRole("link", { name: siteNav.label("/get-a-quote") });
      await expect(last, `${width} px`).toBeVisible();
      const [a, b] = [(await logo.boundingBox())!, (await last.boundingBox())!];
      expect(
        Math.abs(a.y + a.height / 2 - (b.y + b.height / 2)),
        `logo and ${isMobile(width) ? "hamburger" : "buttons"} on one line at ${width} px`,
      ).toBeLessThan(4);
      // Nothing spills past the right edge.
      expect(b.x + b.width, `${width} px`).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBe(width);
    }
  });

  test("very wide screens give logo and document grids the 1800 px column; other sections keep theirs", async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.goto("/");
    const logos = page.locator("main section", { has: page.getByRole("heading", { name: headingOf("/", "logoGrid") }) }).locator("ul");
    const logosWidth = (await logos.boundingBox())!.width;
    expect(logosWidth).toBeGreaterThan(1400);
    expect(logosWidth).toBeLessThanOrEqual(1800);
    await page.goto("/downloads");
    const grid = (await page
      .locator("main ul")
      .filter({ has: page.getByRole("heading", { name: h1Of("/aveva/aveva-intouch") }) })
      .boundingBox())!;
    expect(grid.width).toBeGreaterThan(1400);
    expect(grid.width).toBeLessThanOrEqual(1800);
    await page.setViewportSize({ width: 1440, height: 1000 });
    expect(
      (await page
        .locator("main ul")
        .filter({ has: page.getByRole("heading", { name: h1Of("/aveva/aveva-intouch") }) })
        .boundingBox())!.width,
    ).toBeLessThanOrEqual(1400);
  });
});

test("the three taglines show at every width: in the top bar on wide screens, below 1200 px at the foot of the menu", async ({ page }) => {
  await page.goto("/");
  for (const width of [375, 768, 1024, 1200, 1440, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    const bar = page.getByRole("complementary", { name: "Contact details" });
    const place = isMobile(width) ? page.getByRole("navigation", { name: "Main" }) : bar;
    if (isMobile(width)) await menuToggle(page, "Open menu").click();
    for (const title of TAGLINES) await expect(place.getByText(title, { exact: true }), `${title} at ${width} px`).toBeVisible();
    if (isMobile(width)) await menuToggle(page, "Open menu").click();
  }
});
