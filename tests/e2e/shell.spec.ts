import { COMPANY, disclosure, expect, isMobile, menuToggle, test } from "./fixtures.ts";
import { expandGroup, siteNav, pageAt } from "./content.ts";

// Every route answering 200 with its heading and title is checked with axe in a11y.spec.ts.

test("the shell shows the top bar, navigation and footer with the current year", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("link", { name: /sales@example\.com/ }).first()).toBeVisible();
  await expect(page.locator("header").getByRole("link", { name: COMPANY })).toHaveAttribute("href", "/");
  await expect(page.locator("footer")).toContainText(`© ${new Date().getFullYear()} ${COMPANY}`);
  await expect(page.locator("footer")).toContainText("Mon-Sat 9 AM-6 PM");
});

test.describe("desktop navigation", () => {
  test.skip(({ viewport }) => isMobile(viewport?.width), "desktop only");

  test("highlights the current page in its HTML; a link loads the next page as a document, with its own title", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: siteNav.label("/"), exact: true })).toHaveAttribute("aria-current", "page");
    await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
    await nav.getByRole("link", { name: siteNav.label("/about"), exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).toHaveTitle(`About | ${COMPANY}`);
    await expect(nav.getByRole("link", { name: siteNav.label("/about"), exact: true })).toHaveAttribute("aria-current", "page");
    // No client router: a new document (the old page's window is gone).
    expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBeUndefined();
  });

  test("the bar keeps its place from page to page, whichever entry is the current one", async ({ page }) => {
    const homeAt = async (path: string) => {
      await page.goto(path);
      const box = await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: siteNav.label("/"), exact: true })
        .boundingBox();
      return box!.x;
    };
    // No entry current, a plain link current, a menu current.
    const places = [await homeAt("/privacy"), await homeAt("/about"), await homeAt("/aveva/aveva-edge")];
    expect(places).toEqual([places[0], places[0], places[0]]);
  });

  test("a dropdown opens from the keyboard, Escape closes it and focus returns", async ({ page }) => {
    await page.goto("/");
    const toggle = menuToggle(page, siteNav.products.label);
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(disclosure(page, siteNav.products.label)).toHaveAttribute("open", "");
    const plc = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: siteNav.label("/products/plc") });
    await expect(plc).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(disclosure(page, siteNav.products.label)).not.toHaveAttribute("open");
    await expect(toggle).toBeFocused();
    // Hidden too, although keyboard focus (which shows a dropdown) is still on its toggle.
    await expect(plc).toBeHidden();
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`opening a second dropdown hides the first, which would cover it (script ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto("/about", { referer: "http://127.0.0.1/" });
      const nav = page.getByRole("navigation", { name: "Main" });
      await menuToggle(page, siteNav.aveva.label).click();
      await expect(nav.getByRole("link", { name: siteNav.aveva.overview.label })).toBeVisible();
      await menuToggle(page, siteNav.products.label).click();
      await expect(nav.getByRole("link", { name: siteNav.label("/products/plc") })).toBeVisible();
      await expect(nav.getByRole("link", { name: siteNav.aveva.overview.label })).toBeHidden();
      // Back on the first, the second goes in turn.
      await menuToggle(page, siteNav.aveva.label).hover();
      await expect(nav.getByRole("link", { name: siteNav.aveva.overview.label })).toBeVisible();
      await expect(nav.getByRole("link", { name: siteNav.label("/products/plc") })).toBeHidden();
      await context.close();
    });
  }

  test("a click pins a dropdown open, a click outside closes it, a chosen link closes it", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await menuToggle(page, siteNav.products.label).click();
    await page.mouse.move(700, 600);
    await expect(nav.getByRole("link", { name: siteNav.label("/products/scada") })).toBeVisible();
    await page.mouse.click(8, 700);
    await expect(disclosure(page, siteNav.products.label)).not.toHaveAttribute("open");
    await expect(nav.getByRole("link", { name: siteNav.label("/products/scada") })).toBeHidden();

    await menuToggle(page, siteNav.products.label).click();
    await nav.getByRole("link", { name: siteNav.label("/products/scada") }).click();
    await expect(page).toHaveURL(/\/products\/scada$/);
    await expect(disclosure(page, siteNav.products.label)).not.toHaveAttribute("open");
    // The pointer is still over it, but the chosen link's dropdown goes.
    await expect(nav.getByRole("link", { name: siteNav.label("/products/scada") })).toBeHidden();
  });

  test("hovering a menu opens it, hovering a group opens its sub-menu", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await menuToggle(page, siteNav.aveva.label).hover();
    const group = nav.getByRole("link", { name: siteNav.control.label, exact: true });
    await expect(group).toBeVisible();
    await expect(nav.getByRole("link", { name: siteNav.label("/aveva/aveva-intouch") })).toBeHidden();
    await group.hover();
    await nav.getByRole("link", { name: siteNav.label("/aveva/aveva-intouch") }).click();
    await expect(page).toHaveURL(/\/aveva\/aveva-intouch$/);
    await expect(page).toHaveTitle(`${pageAt("/aveva/aveva-intouch").title} | ${COMPANY}`);
  });
});

test.describe("mobile navigation", () => {
  test.skip(({ viewport }) => !isMobile(viewport?.width), "small screens only");

  test("the hamburger opens the menu; groups open independently; a link closes everything", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const burger = menuToggle(page, "Open menu");
    await expect(burger).toHaveAccessibleName("Open menu");
    await expect(nav).toBeHidden();
    await burger.click();
    await expect(nav).toBeVisible();
    await expect(burger).toHaveAccessibleName("Close menu");

    const products = disclosure(page, siteNav.products.label);
    const aveva = disclosure(page, siteNav.aveva.label);
    await menuToggle(page, siteNav.products.label).click();
    await menuToggle(page, siteNav.aveva.label).click();
    await expect(products).toHaveAttribute("open", "");
    await expect(aveva).toHaveAttribute("open", "");
    const control = disclosure(page, expandGroup(siteNav.control.label));
    const info = disclosure(page, expandGroup(siteNav.information.label));
    await menuToggle(page, expandGroup(siteNav.control.label)).click();
    await menuToggle(page, expandGroup(siteNav.information.label)).click();
    await expect(control).toHaveAttribute("open", "");
    await expect(info).toHaveAttribute("open", "");
    await menuToggle(page, siteNav.products.label).click();
    await expect(products).not.toHaveAttribute("open");
    await expect(nav.getByRole("link", { name: siteNav.label("/products/plc") })).toBeHidden();
    await expect(aveva).toHaveAttribute("open", "");

    await nav.getByRole("link", { name: "AVEVA Historian" }).click();
    await expect(page).toHaveURL(/\/aveva\/aveva-historian$/);
    await expect(nav).toBeHidden();
    await burger.click();
    await expect(aveva).not.toHaveAttribute("open");
    await expect(products).not.toHaveAttribute("open");
    await expect(info).not.toHaveAttribute("open");
  });

  test("closing the menu collapses every group, so it reopens tidy", async ({ page }) => {
    await page.goto("/");
    const burger = menuToggle(page, "Open menu");
    await burger.click();
    await menuToggle(page, siteNav.aveva.label).click();
    await menuToggle(page, expandGroup(siteNav.execution.label)).click();
    await burger.click();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await burger.click();
    await expect(page.locator("header details[open]")).toHaveCount(1); // the menu itself
    await expect(disclosure(page, siteNav.aveva.label)).not.toHaveAttribute("open");
    await expect(disclosure(page, expandGroup(siteNav.execution.label))).not.toHaveAttribute("open");
  });
});

test("the spec's case variants redirect to the real page", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: /HMI Solutions/ }).click();
  await expect(page).toHaveURL(/\/products\/hmi$/);
  await expect(page.locator("main h1")).toBeVisible();
});

test("going to another page draws the next one at once: no view transition, whose capture of the old page would hold the new one back", async ({ page }) => {
  await page.goto("/about");
  const rules = await page.evaluate(() => {
    const walk = (rules: CSSRuleList): string[] =>
      [...rules].flatMap((r) => ("cssRules" in r ? walk((r as CSSGroupingRule).cssRules) : [r.cssText])).filter((text) => /view-transition/.test(text));
    return [...document.styleSheets].flatMap((sheet) => walk(sheet.cssRules));
  });
  expect(rules).toEqual([]);
});
