import type { Locator, Page } from "@playwright/test";
import { expect, isMobile, test } from "./fixtures.ts";
import { content } from "./content.ts";

const { navigation, ui, company } = content.site;
const quote = navigation.buttons.at(-1)!;
const menus = navigation.menus.map((m) => m.label);

/** What Chromium tells assistive technology about a disclosure's toggle: expanded or not (the accessibility tree, not the DOM). */
async function announcedExpanded(page: Page, toggle: Locator): Promise<boolean> {
  const cdp = await page.context().newCDPSession(page);
  await toggle.evaluate((el) => el.setAttribute("data-probe", ""));
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "[data-probe]" });
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
    return nodes[0]!.properties?.find((p) => p.name === "expanded")?.value.value === true;
  } finally {
    await toggle.evaluate((el) => el.removeAttribute("data-probe"));
    await cdp.detach();
  }
}

const toggleOf = (page: Page, label: string) => page.locator("header li > details > summary").filter({ hasText: label });
const listOf = (page: Page, label: string) => toggleOf(page, label).locator("xpath=../following-sibling::ul[1]");

/** Every menu: what shows is announced expanded, what is hidden collapsed. */
async function expectTruthful(page: Page) {
  for (const label of menus) {
    const shown = await listOf(page, label).isVisible();
    expect(await announcedExpanded(page, toggleOf(page, label)), `${label}: shown ${shown}`).toBe(shown);
  }
}

/** Presses Tab until `target` has focus; the number of presses. */
async function tabsTo(page: Page, target: Locator, limit = 80): Promise<number> {
  for (let n = 1; n <= limit; n++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return n;
  }
  throw new Error(`not reached in ${limit} presses`);
}

test.describe("wide screens, with script: the disclosure navigation pattern", () => {
  test.skip(({ viewport }) => isMobile(viewport?.width), "desktop only");

  test("Tab goes from menu to menu past their closed lists, and reaches the main button in at most 15 presses", async ({ page }) => {
    await page.goto("/about");
    const header = page.locator("header");
    const presses = await tabsTo(page, header.getByRole("link", { name: quote.label, exact: true }));
    expect(presses).toBeLessThanOrEqual(15);
    // On the way, each menu's toggle had focus and its list stayed shut.
    await page.goto("/about");
    await tabsTo(page, toggleOf(page, menus[0]!));
    await expectTruthful(page);
    await expect(listOf(page, menus[0]!)).toBeHidden();
    await page.keyboard.press("Tab");
    await expect(toggleOf(page, menus[1]!)).toBeFocused();
    await expectTruthful(page);
  });

  test("Enter, Space and Arrow Down open a menu, Escape and focus leaving it close it; what shows is announced expanded", async ({ page }) => {
    await page.goto("/about");
    const [first, second] = [menus[0]!, menus[1]!];
    for (const key of ["Enter", "Space"]) {
      await toggleOf(page, first).focus();
      await page.keyboard.press(key);
      await expect(listOf(page, first), key).toBeVisible();
      await expectTruthful(page);
      await page.keyboard.press("Escape");
      await expect(listOf(page, first)).toBeHidden();
      await expect(toggleOf(page, first)).toBeFocused();
      await expectTruthful(page);
    }
    await page.keyboard.press("ArrowDown");
    await expect(listOf(page, first)).toBeVisible();
    await expect(listOf(page, first).getByRole("link").first()).toBeFocused();
    await expectTruthful(page);
    // Shift+Tab back to the toggle keeps it open; one more leaves the menu, which closes.
    await page.keyboard.press("Shift+Tab");
    await expect(toggleOf(page, first)).toBeFocused();
    await expect(listOf(page, first)).toBeVisible();
    await page.keyboard.press("Shift+Tab");
    await expect(listOf(page, first)).toBeHidden();
    await expectTruthful(page);
    // Opening one menu closes the one beside it.
    await toggleOf(page, second).click();
    await page.mouse.move(5, 800);
    await toggleOf(page, first).focus();
    await expect(listOf(page, second)).toBeHidden();
    await page.keyboard.press("Enter");
    await expect(listOf(page, first)).toBeVisible();
    await expectTruthful(page);
  });

  test("the mouse opens a menu while over it, and it is announced expanded then", async ({ page }) => {
    await page.goto("/about");
    await toggleOf(page, menus[1]!).hover();
    await expect(listOf(page, menus[1]!)).toBeVisible();
    await expectTruthful(page);
    await page.mouse.move(5, 800);
    await expect(listOf(page, menus[1]!)).toBeHidden();
    await expectTruthful(page);
  });

  test("the search link comes after the bar's buttons, where it is seen", async ({ page }) => {
    await page.goto("/about");
    const header = page.locator("header");
    await header.getByRole("link", { name: quote.label, exact: true }).focus();
    await page.keyboard.press("Tab");
    await expect(header.getByRole("link", { name: navigation.search!.label })).toBeFocused();
  });
});

test("without script, a wide screen's menu still opens on focus, as before", async ({ browser, viewport }) => {
  test.skip(isMobile(viewport?.width), "desktop only");
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/about", { referer: "http://127.0.0.1/" });
  await toggleOf(page, menus[0]!).focus();
  await expect(listOf(page, menus[0]!)).toBeVisible();
  await context.close();
});

test("phones: Tab goes logo, main button, search, menu button, as they stand in the row", async ({ page, viewport }) => {
  test.skip(!isMobile(viewport?.width), "small screens only");
  await page.goto("/about");
  const header = page.locator("header");
  await header.getByRole("link", { name: company.name }).first().focus();
  for (const next of [
    header.getByRole("link", { name: quote.label, exact: true }),
    header.getByRole("link", { name: navigation.search!.label }),
    header.locator("summary").filter({ hasText: ui.openMenu }),
  ]) {
    await page.keyboard.press("Tab");
    await expect(next).toBeFocused();
  }
});

test("only the current hero slide is exposed to assistive technology", async ({ page }) => {
  const hero = content.pages.find((p) => p.page.sections.some((s) => s.type === "hero"))!.page;
  await page.goto(hero.path);
  const slides = page.locator("[aria-roledescription=slide]");
  const exposed = slides.and(page.locator(":not([aria-hidden=true]):not([inert])"));
  expect(await slides.count()).toBeGreaterThan(1);
  await expect(exposed).toHaveCount(1);
  const before = await exposed.getAttribute("aria-label");
  await page.getByRole("button", { name: ui.pauseCarousel }).click();
  await page.getByRole("button", { name: ui.nextSlide }).click();
  await expect(exposed).toHaveCount(1);
  await expect(exposed).not.toHaveAttribute("aria-label", before!);
  await expect(exposed).toBeVisible();
});

test("a card's link is named by its title, with its text as its description", async ({ page }) => {
  const withCards = content.pages.find((p) => p.page.sections.some((s) => s.type === "cardGrid" && s.cards.some((c) => c.href && c.description)))!;
  await page.goto(withCards.page.path);
  const cards = page.locator("main li a:has(h3)");
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    const title = (await card.locator("h3").innerText()).trim();
    await expect(card).toHaveAccessibleName(title);
    const text = card.locator("h3 + p");
    if (await text.count()) await expect(card).toHaveAccessibleDescription((await text.innerText()).trim());
  }
});
