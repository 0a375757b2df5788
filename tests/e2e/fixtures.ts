import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

/** The spec's route table (section 2), independent of the content files it checks. */
export const SPEC_ROUTES = [
  "/",
  "/about",
  "/services",
  "/contact",
  "/training",
  "/products",
  "/products/plc",
  "/products/scada",
  "/products/hmi",
  "/products/communication",
  "/products/data-analytics",
  "/products/lariox-solutions",
  "/products/lariox-cms",
  "/products/lariox-ems",
  "/avevasolutions",
  "/avevasolutions/operations-control",
  "/avevasolutions/operations-execution",
  "/avevasolutions/operations-information",
  "/aveva/aveva-intouch",
  "/aveva/aveva-edge",
  "/aveva/aveva-system-platform",
  "/aveva/aveva-reports",
  "/aveva/aveva-plant-scada",
  "/aveva/aveva-mes",
  "/aveva/batch-management-system",
  "/aveva/recips-manager-plus",
  "/aveva/workflow-management",
  "/aveva/aveva-historian",
  "/aveva/aveva-insight",
  "/aveva/aveva-intelligence",
  "/downloads",
  "/get-a-quote",
];

export const COMPANY = "Lariox Automation";

/**
 * Every test's `goto` comes as from another page of the site, a later page of a visit, so the
 * intro splash does not cover what the test clicks. tests/e2e/intro.spec.ts tests the splash itself.
 */
export const test = base.extend<{ seenIntro: boolean }>({
  seenIntro: [true, { option: true }],
  page: async ({ page, seenIntro, javaScriptEnabled, baseURL }, use) => {
    if (seenIntro) comeFromTheSite(page, baseURL!);
    if (javaScriptEnabled) waitForHydrationAfterGoto(page);
    await use(page);
  },
});

/**
 * Makes `page.goto` navigate as a link on one of the site's pages would (its referrer is the site),
 * so the page is a later page of the visit (src/ui/visit-start.ts) and the intro does not play.
 */
export function comeFromTheSite(page: Page, site: string): void {
  const goto = page.goto.bind(page);
  page.goto = (url, options) => goto(url, { referer: new URL("/", site).href, ...options });
}

/**
 * Pages run no app: only their islands hydrate (src/islands/wake.ts), when each one's moment comes
 * ("idle" after load, "visible" once in view). Tests act like a visitor a moment later: after
 * `goto` (load), each island is brought into view and the test waits until it has hydrated
 * (data-hydrated), then the page is scrolled back to the top. Pages without islands, and `waitUntil`
 * other than load, are left as they are.
 */
export function waitForHydrationAfterGoto(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if ((options?.waitUntil ?? "load") === "load") await hydrateIslands(page);
    return response;
  };
}

/** Brings each island of the page into view and waits until it has hydrated. */
export async function hydrateIslands(page: Page): Promise<void> {
  const islands = page.locator("[data-island]");
  const count = await islands.count();
  if (count === 0) return;
  for (let i = 0; i < count; i++) {
    const island = islands.nth(i);
    await island.evaluate((el) => el.firstElementChild?.scrollIntoView({ block: "center", behavior: "instant" }));
    await expect(island).toHaveAttribute("data-hydrated", "");
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
}

export { expect };

/**
 * Lays out everything under `root`. Sections below the first screen and the footer skip layout
 * (`content-visibility: auto`) until scrolled near, and skipped content has no innerText and no
 * background axe can find (light footer links were once judged against white). Set through the
 * CSSOM, which the pages' CSP allows (a <style> element it would refuse).
 */
export const layOutAll = (root: Locator) =>
  root.evaluate((element) => {
    for (const inner of element.querySelectorAll<HTMLElement>("*")) inner.style.contentVisibility = "visible";
  });

/**
 * axe on the page, laid out whole (layOutAll). Legacy mode gathers the results in the page itself
 * rather than in a blank page opened for each run, which costs more than the audit; the checks
 * exclude frames or have none.
 */
class LaidOutAxeBuilder extends AxeBuilder {
  readonly #page: Page;
  constructor(page: Page) {
    super({ page });
    this.#page = page;
    this.setLegacyMode(true);
  }
  override async analyze() {
    await layOutAll(this.#page.locator("html"));
    return super.analyze();
  }
}
export const axe = (page: Page) => new LaidOutAxeBuilder(page);

/** True in the 375 px project. */
export const isMobile = (viewportWidth: number | undefined) => (viewportWidth ?? 1440) < 1200;

/**
 * The header's disclosures are <details>, which work before and without script: `menuToggle` finds
 * the <summary> to press by its text (the hamburger is "Open menu", a group's is its label or
 * "Show … links"), and `disclosure` its <details>, which has the `open` attribute while expanded.
 */
export const menuToggle = (page: Page, name: string) => page.locator("header summary").filter({ hasText: name });
export const disclosure = (page: Page, name: string) => page.locator("header details").filter({ has: page.locator("summary").filter({ hasText: name }) });
