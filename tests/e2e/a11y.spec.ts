import { COMPANY, SPEC_ROUTES, axe, disclosure, expect, isMobile, menuToggle, test } from "./fixtures.ts";
import { expandGroup, siteNav } from "./content.ts";

const ROUTES = [...SPEC_ROUTES, "/aveva/aveva-historian-client", "/search", "/no-such-page"];
/** One page of each layout, checked at 375 px too; the others share their markup and styles. */
const EVERY_WIDTH = new Set([
  "/",
  "/about",
  "/contact",
  "/products",
  "/products/communication",
  "/aveva/aveva-intouch",
  "/avevasolutions/operations-control",
  "/downloads",
  "/search",
  "/no-such-page",
]);

// One visit per route checks that it answers, has a heading, is titled and passes axe.
test.describe("every route answers, is titled, and axe finds no violations", () => {
  for (const route of ROUTES) {
    test(route, EVERY_WIDTH.has(route) ? {} : { tag: "@once" }, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(route === "/no-such-page" ? 404 : 200);
      await expect(page.locator("main h1")).toBeVisible();
      expect(((await page.locator("main h1").textContent()) ?? "").trim()).not.toBe("");
      await expect(page).toHaveTitle(new RegExp(`^.+ \\| ${COMPANY}$`));
      // The map and the PDF viewers are other documents (and unreachable offline).
      const results = await axe(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).exclude("iframe").analyze();
      const summary = results.violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(" | ")}`,
      );
      expect(summary).toEqual([]);
    });
  }

  test("with the mobile menu and every group open", async ({ page, viewport }) => {
    test.skip(!isMobile(viewport?.width), "small screens only");
    await page.goto("/");
    await menuToggle(page, "Open menu").click();
    for (const name of [siteNav.products.label, siteNav.aveva.label]) await menuToggle(page, name).click();
    const results = await axe(page).include("header").analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});

test.describe("keyboard", () => {
  test("the skip link is the first stop and moves focus to the page", async ({ page }) => {
    await page.goto("/about");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator("main")).toBeFocused();
  });

  test("every focusable element shows a visible focus indicator", async ({ page }) => {
    await page.goto("/contact");
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      const style = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const s = getComputedStyle(el);
        return {
          tag: el.tagName,
          text: (el.textContent ?? "").trim().slice(0, 30),
          outline: s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2,
          shadow: s.boxShadow !== "none",
        };
      });
      if (!style) continue;
      expect(style.outline || style.shadow, `${style.tag} "${style.text}"`).toBe(true);
    }
  });

  test("desktop menus open, move and close with the keyboard", async ({ page, viewport }) => {
    test.skip(isMobile(viewport?.width), "desktop only");
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const aveva = menuToggle(page, siteNav.aveva.label);
    await aveva.focus();
    await page.keyboard.press("Enter");
    await expect(disclosure(page, siteNav.aveva.label)).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: siteNav.aveva.overview.label })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: siteNav.control.label, exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    const sub = menuToggle(page, expandGroup(siteNav.control.label));
    await expect(sub).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(disclosure(page, expandGroup(siteNav.control.label))).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: siteNav.label("/aveva/aveva-intouch") })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(sub).toBeFocused();
    await expect(disclosure(page, expandGroup(siteNav.control.label))).not.toHaveAttribute("open");
    await expect(nav.getByRole("link", { name: siteNav.label("/aveva/aveva-intouch") })).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(aveva).toBeFocused();
    await expect(disclosure(page, siteNav.aveva.label)).not.toHaveAttribute("open");
    await expect(nav.getByRole("link", { name: siteNav.aveva.overview.label })).toBeHidden();
  });

  test("the mobile menu closes with Escape and focus returns to its button", async ({ page, viewport }) => {
    test.skip(!isMobile(viewport?.width), "small screens only");
    await page.goto("/");
    const burger = menuToggle(page, "Open menu");
    await burger.click();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: siteNav.label("/about"), exact: true })
      .focus();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(burger).toBeFocused();
    await expect(burger).toHaveAccessibleName("Open menu");
  });

  test("the protocol accordion is a disclosure: Enter and Space open and close it", async ({ page }) => {
    await page.goto("/products/communication");
    const summary = page.locator("summary").filter({ hasText: "Siemens" });
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("details").filter({ has: summary })).toHaveAttribute("open", "");
    await page.keyboard.press("Space");
    await expect(page.locator("details").filter({ has: summary })).not.toHaveAttribute("open", "");
  });

  test("the carousel can be paused from the keyboard", { tag: "@once" }, async ({ page }) => {
    // Page time, moved on by the test: more than a slide's 5 s pass at once.
    await page.clock.install();
    await page.goto("/");
    const pause = page.getByRole("button", { name: "Pause slideshow" });
    await pause.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    const current = await page.locator("button[aria-current=true]").getAttribute("aria-label");
    await page.clock.runFor(6000);
    await expect(page.locator("button[aria-current=true]")).toHaveAttribute("aria-label", current!);
  });
});

test.describe("reduced motion", () => {
  test.use({ contextOptions: { reducedMotion: "reduce" } });

  test("nothing moves: no intro, no autoplay, no scrolling strip, no typing", { tag: "@once" }, async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await expect(page.getByTestId("intro")).toBeHidden();
    await expect(page.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    const animation = await page
      .locator("section ul")
      .filter({ has: page.getByRole("img", { name: "Siemens" }) })
      .first()
      .evaluate((el) => getComputedStyle(el).animationName);
    expect(animation).toBe("none");
    const tagline = page.locator("main p").filter({ hasText: "Automation" }).first();
    const before = await tagline.innerText();
    const slide = await page.locator("button[aria-current=true]").getAttribute("aria-label");
    await page.clock.runFor(6000);
    expect(await tagline.innerText()).toBe(before);
    await expect(page.locator("button[aria-current=true]")).toHaveAttribute("aria-label", slide!);
    await expect(page.getByTestId("cursor-inner")).toHaveCount(0);
  });
});
