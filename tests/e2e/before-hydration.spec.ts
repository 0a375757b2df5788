import type { Page } from "@playwright/test";
import { disclosure, expect, isMobile, menuToggle, test } from "./fixtures.ts";
import { holdTime } from "./hold-time.ts";
import { content, expandGroup, siteNav } from "./content.ts";

/**
 * The shell runs no app: the menus are <details> with the page's small inline script on top
 * (src/boot/shell.ts), working from the first paint. Only islands hydrate, when their moment comes;
 * until then their prerendered HTML works. These tests use the shell on a page that fetches no
 * JavaScript at all, and hold an island's code back to use the page before it hydrates.
 */
async function noScriptFiles(page: Page) {
  const fetched: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && !/\/cursor/i.test(r.url()) && fetched.push(r.url()));
  return fetched;
}

async function holdIslands(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = 0;
  // React and the blocks' code: not the island runtime itself, nor the desktop's cursor, which is no island.
  await page.route(/\/assets\/(?!islands-|cursor-)[^/]+\.js$/, async (route) => {
    requested++;
    await released;
    await route.continue();
  });
  const open = async (path: string) => {
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await page.waitForLoadState("load");
  };
  const hydrate = async () => {
    await expect.poll(() => requested, { message: "the island's code was requested" }).toBeGreaterThan(0);
    await expect(page.locator("[data-island]").first()).not.toHaveAttribute("data-hydrated");
    release();
    await expect(page.locator("[data-island]").first()).toHaveAttribute("data-hydrated", "");
  };
  return { open, hydrate, requested: () => requested };
}

test("small screens: the menu, its groups and their closing rules work with no script file at all", async ({ page, viewport }) => {
  test.skip(!isMobile(viewport?.width), "small screens only");
  const fetched = await noScriptFiles(page);
  await page.goto("/about");
  const nav = page.getByRole("navigation", { name: "Main" });
  await menuToggle(page, "Open menu").tap();
  await menuToggle(page, siteNav.products.label).tap();
  await menuToggle(page, expandGroup(siteNav.lariox.label)).tap();
  await expect(nav.getByRole("link", { name: siteNav.label("/products/lariox-ems") })).toBeVisible();
  // Closing the menu collapses what it holds.
  await menuToggle(page, "Open menu").tap();
  await menuToggle(page, "Open menu").tap();
  await expect(disclosure(page, siteNav.products.label)).not.toHaveAttribute("open");

  // Choosing a link loads the next page, whose menu is closed.
  await menuToggle(page, siteNav.products.label).tap();
  await menuToggle(page, expandGroup(siteNav.lariox.label)).tap();
  await nav.getByRole("link", { name: siteNav.label("/products/lariox-ems") }).tap();
  await expect(page).toHaveURL(/\/products\/lariox-ems$/);
  await expect(nav).toBeHidden();
  await menuToggle(page, "Open menu").tap();
  await expect(disclosure(page, siteNav.products.label)).not.toHaveAttribute("open");
  expect(fetched).toEqual([]);
});

test("wide screens: dropdowns pin open, Escape and a click outside close them, with no script file at all", async ({ page, viewport }) => {
  test.skip(isMobile(viewport?.width), "desktop only");
  const fetched = await noScriptFiles(page);
  await page.goto("/about");
  const nav = page.getByRole("navigation", { name: "Main" });
  await menuToggle(page, siteNav.aveva.label).click();
  await menuToggle(page, siteNav.products.label).focus();
  await page.keyboard.press("Enter");
  await page.mouse.move(700, 700);
  // Opening one closes the other, which would lie under it: what shows is what is open.
  await expect(disclosure(page, siteNav.aveva.label)).not.toHaveAttribute("open");
  await expect(nav.getByRole("link", { name: siteNav.label("/products/plc") })).toBeVisible();
  await expect(nav.getByRole("link", { name: siteNav.aveva.overview.label })).toBeHidden();
  // Escape closes the innermost shown group and returns focus to its toggle.
  await page.keyboard.press("Escape");
  await expect(disclosure(page, siteNav.products.label)).not.toHaveAttribute("open");
  await expect(menuToggle(page, siteNav.products.label)).toBeFocused();
  await expect(nav.getByRole("link", { name: siteNav.label("/products/plc") })).toBeHidden();

  await menuToggle(page, siteNav.aveva.label).click();
  await page.mouse.move(700, 700);
  await expect(nav.getByRole("link", { name: siteNav.aveva.overview.label })).toBeVisible();
  await page.mouse.click(8, 700);
  await expect(page.locator("header details[open]")).toHaveCount(0);
  await expect(nav.getByRole("link", { name: siteNav.aveva.overview.label })).toBeHidden();
  expect(fetched).toEqual([]);
});

test("the home page works before its hero island hydrates, and hydration keeps what the visitor did", async ({ page, viewport }) => {
  test.skip(isMobile(viewport?.width), "desktop only");
  const app = await holdIslands(page);
  await app.open("/");
  const hero = page.locator("[data-island=hero]");
  await expect(hero.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(hero.getByRole("link", { name: /Quote/ })).toHaveAttribute("href", /^\//);
  await menuToggle(page, siteNav.products.label).click();
  await app.hydrate();
  await expect(disclosure(page, siteNav.products.label)).toHaveAttribute("open", "");
  await expect(hero.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
});

test.describe("intro", () => {
  test.use({ seenIntro: false });

  test("Skip works before the hero hydrates, and the splash stays gone after it", async ({ page }) => {
    const app = await holdIslands(page);
    // The splash's 3 s do not pass until the test says so, however slow the machine.
    await holdTime(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const intro = page.getByTestId("intro");
    await page.getByRole("button", { name: "Skip intro" }).click();
    await expect(intro).toBeHidden();
    await page.waitForLoadState("load");
    // The island's moment ("idle") comes in page time too, after the first view, however long that
    // takes the machine: page time moves on until the island asks for its code.
    await expect.poll(async () => (await page.clock.runFor(250), app.requested())).toBeGreaterThan(0);

    await app.hydrate();
    await expect(intro).toBeHidden();
    // Past the splash's own length again, now hydrated: nothing brings it back.
    const { intro: timings } = content.site.behaviour;
    await page.clock.runFor(timings.splashDelayMs + timings.splashFadeMs);
    await expect(intro).toBeHidden();
  });
});

test("the contact form keeps what the visitor typed before its island woke", async ({ page }) => {
  const app = await holdIslands(page);
  await app.open("/contact");
  await page.getByLabel(/^Name/).fill("Asha Patel");
  await page.getByLabel(/^Message/).fill("Two lines\nof text");
  await app.hydrate();
  await expect(page.getByLabel(/^Name/)).toHaveValue("Asha Patel");
  await expect(page.getByLabel(/^Message/)).toHaveValue("Two lines\nof text");
});

test("an island page fetches its own blocks' code only: no form code on the home page, no hero code on the contact page", async ({ page }) => {
  const fetched = await noScriptFiles(page);
  const chunk = (block: string) => fetched.filter((url) => new RegExp(`/assets/${block}-[\\w-]+\\.js$`).test(url));
  await page.goto("/");
  await expect(page.locator("[data-island=hero]")).toHaveAttribute("data-hydrated", "");
  expect(chunk("hero")).toHaveLength(1);
  expect(chunk("form")).toEqual([]);

  fetched.length = 0;
  await page.goto("/contact");
  await page.getByLabel(/^Name/).focus();
  await expect(page.locator("[data-island=form]")).toHaveAttribute("data-hydrated", "");
  expect(chunk("form")).toHaveLength(1);
  expect(chunk("hero")).toEqual([]);
});
