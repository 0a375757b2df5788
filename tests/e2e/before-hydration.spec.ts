import type { Page } from "@playwright/test";
import { disclosure, expect, isMobile, menuToggle, test } from "./fixtures.ts";

/**
 * Between the first paint and hydration (src/boot/loader.ts starts the app only after the page has loaded
 * and painted) a visitor already uses the shell. These tests hold the app's scripts back, act, then
 * let hydration happen: what the visitor opened stays open, and the script's additions then work.
 */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = 0;
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    requested++;
    await released;
    await route.continue();
  });
  // Not `goto`'s default wait (fixtures.ts waits there for hydration, which is held back here).
  const open = async (path: string) => {
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await page.waitForLoadState("load");
  };
  const hydrate = async () => {
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    await expect.poll(() => requested, { message: "the app's code was requested" }).toBeGreaterThan(0);
    release();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  };
  return { open, hydrate };
}

test("small screens: taps before hydration open the menu and its groups, and hydration keeps them open", async ({ page, viewport }) => {
  test.skip(!isMobile(viewport?.width), "small screens only");
  const app = await holdScripts(page);
  await app.open("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await menuToggle(page, "Open menu").tap();
  await menuToggle(page, "All Products").tap();
  await menuToggle(page, "Show Lariox Software Solutions links").tap();
  await expect(nav.getByRole("link", { name: "Energy Management System" })).toBeVisible();

  await app.hydrate();
  await expect(nav).toBeVisible();
  await expect(disclosure(page, "All Products")).toHaveAttribute("open", "");
  await expect(disclosure(page, "Show Lariox Software Solutions links")).toHaveAttribute("open", "");
  await expect(nav.getByRole("link", { name: "Energy Management System" })).toBeVisible();

  // What the script adds: choosing a link closes the menu and collapses every group.
  await nav.getByRole("link", { name: "Energy Management System" }).tap();
  await expect(page).toHaveURL(/\/products\/lariox-ems$/);
  await expect(nav).toBeHidden();
  await menuToggle(page, "Open menu").tap();
  await expect(disclosure(page, "All Products")).not.toHaveAttribute("open");
  await expect(disclosure(page, "Show Lariox Software Solutions links")).not.toHaveAttribute("open");
});

test("wide screens: a click and a key press before hydration pin dropdowns open, and hydration keeps them", async ({ page, viewport }) => {
  test.skip(isMobile(viewport?.width), "desktop only");
  const app = await holdScripts(page);
  await app.open("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await menuToggle(page, "Aveva Solutions").click();
  await menuToggle(page, "All Products").focus();
  await page.keyboard.press("Enter");
  await page.mouse.move(700, 700);

  await app.hydrate();
  await expect(disclosure(page, "Aveva Solutions")).toHaveAttribute("open", "");
  await expect(disclosure(page, "All Products")).toHaveAttribute("open", "");
  await expect(nav.getByRole("link", { name: "All Aveva Solutions" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "PLC & IO Modules" })).toBeVisible();

  // What the script adds: a click outside the header closes them.
  await page.mouse.click(8, 700);
  await expect(page.locator("header details[open]")).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "All Aveva Solutions" })).toBeHidden();
});

test.describe("intro", () => {
  test.use({ seenIntro: false });

  test("Skip works before hydration, and the splash stays gone after it", async ({ page }) => {
    const app = await holdScripts(page);
    await app.open("/");
    const intro = page.getByTestId("intro");
    await expect(intro).toBeVisible();
    await page.getByRole("button", { name: "Skip intro" }).click();
    await expect(intro).toBeHidden();

    await app.hydrate();
    await expect(intro).toBeHidden();
    await page.waitForTimeout(500);
    await expect(intro).toBeHidden();
  });
});
