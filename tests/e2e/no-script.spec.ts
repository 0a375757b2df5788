import { SPEC_ROUTES, disclosure, expect, isMobile, menuToggle, test } from "./fixtures.ts";

/**
 * The shell works without JavaScript: the menu, its groups and the fly-outs are <details> and CSS,
 * and the intro's Skip is a dialog form. Every page of the spec is reachable from the menu.
 */
test.use({ javaScriptEnabled: false });

const GROUPS = ["All Products", "Aveva Solutions"];
const SUB_GROUPS = ["Lariox Software Solutions", "Operations Control", "Operations Execution", "Operations Information"];
const SUB_TOGGLES = SUB_GROUPS.map((g) => `Show ${g} links`);

test.describe("small screens, without script", () => {
  test.skip(({ viewport }) => !isMobile(viewport?.width), "small screens only");

  test("a tap opens the menu and every group, independently; every page is linked; a tap closes it", async ({ page }) => {
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    const burger = menuToggle(page, "Open menu");
    await expect(nav).toBeHidden();
    await burger.tap();
    await expect(nav).toBeVisible();
    await expect(burger).toHaveAccessibleName("Close menu");

    for (const name of [...GROUPS, ...SUB_TOGGLES]) {
      await menuToggle(page, name).tap();
      await expect(disclosure(page, name)).toHaveAttribute("open", "");
    }
    for (const route of SPEC_ROUTES) await expect(nav.locator(`a[href="${route}"]`), route).toBeVisible();

    // Groups open and close independently.
    await menuToggle(page, "All Products").tap();
    await expect(nav.locator('a[href="/products/plc"]')).toBeHidden();
    await expect(nav.locator('a[href="/aveva/aveva-mes"]')).toBeVisible();
    await menuToggle(page, "Show Operations Execution links").tap();
    await expect(nav.locator('a[href="/aveva/aveva-mes"]')).toBeHidden();
    await expect(nav.locator('a[href="/aveva/aveva-intouch"]')).toBeVisible();

    await burger.tap();
    await expect(nav).toBeHidden();
    await expect(burger).toHaveAccessibleName("Open menu");
  });

  test("a menu link leads to its page", async ({ page }) => {
    await page.goto("/");
    await menuToggle(page, "Open menu").tap();
    await menuToggle(page, "Aveva Solutions").tap();
    await menuToggle(page, "Show Operations Information links").tap();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "AVEVA Insight" }).tap();
    await expect(page).toHaveURL(/\/aveva\/aveva-insight$/);
    await expect(page.locator("main h1")).toBeVisible();
  });
});

test.describe("wide screens, without script", () => {
  test.skip(({ viewport }) => isMobile(viewport?.width), "desktop only");

  test("hovering opens each dropdown and each fly-out; every page is linked", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const route of ["/", "/about", "/services", "/training", "/contact", "/downloads", "/get-a-quote"]) {
      await expect(nav.locator(`a[href="${route}"]`), route).toBeVisible();
    }
    const seen = new Set<string>();
    for (const group of GROUPS) {
      await menuToggle(page, group).hover();
      const dropdown = page.locator("header nav > ul > li", { has: page.locator("summary", { hasText: group }) }).locator("> ul");
      await expect(dropdown).toBeVisible();
      for (const link of await dropdown.locator("> li > a").all()) {
        await expect(link).toBeVisible();
        seen.add((await link.getAttribute("href"))!);
      }
      for (const row of await dropdown.locator("> li", { has: page.locator("details") }).all()) {
        const flyout = row.locator("> ul");
        await expect(flyout).toBeHidden();
        await row.locator("> a").hover();
        await expect(flyout).toBeVisible();
        for (const link of await flyout.locator("a").all()) {
          await expect(link).toBeVisible();
          seen.add((await link.getAttribute("href"))!);
        }
      }
      await page.mouse.move(700, 700);
      await expect(dropdown).toBeHidden();
    }
    const inMenus = SPEC_ROUTES.filter((r) => r.startsWith("/products") || r.startsWith("/aveva"));
    expect([...seen].sort()).toEqual(inMenus.sort());
  });

  test("tabbing through the header opens each dropdown and fly-out on the way: every link is visible when focused", async ({ page }) => {
    await page.goto("/");
    await page.locator("header a").first().focus();
    const reached = new Set<string>();
    for (let i = 0; i < 80; i++) {
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const box = el.getBoundingClientRect();
        return {
          inHeader: !!el.closest("header"),
          href: el.getAttribute("href"),
          visible: box.width > 0 && box.height > 0 && getComputedStyle(el).visibility === "visible",
        };
      });
      if (!focused.inHeader) break;
      expect(focused.visible, `${focused.href ?? "a toggle"} is visible when focused`).toBe(true);
      if (focused.href) reached.add(focused.href);
      await page.keyboard.press("Tab");
    }
    expect([...reached].sort()).toEqual([...SPEC_ROUTES].sort());
  });

  test("Enter on a toggle pins its dropdown open; Enter again closes it", async ({ page }) => {
    await page.goto("/");
    const toggle = menuToggle(page, "All Products");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(disclosure(page, "All Products")).toHaveAttribute("open", "");
    await page.locator("main h1").focus();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "HMI", exact: true })).toBeVisible();
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(disclosure(page, "All Products")).not.toHaveAttribute("open");
  });
});

test.describe("intro, without script", () => {
  test.use({ seenIntro: false });

  test("Skip intro closes the splash", async ({ page }) => {
    await page.goto("/");
    const intro = page.getByTestId("intro");
    await expect(intro).toBeVisible();
    await page.getByRole("button", { name: "Skip intro" }).click();
    await expect(intro).toBeHidden();
    await expect(page.locator("main h1")).toBeVisible();
  });
});
