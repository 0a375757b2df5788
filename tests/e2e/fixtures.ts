import { test as base, expect, type Page } from "@playwright/test";

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
 * Every test starts in a browser session that has already seen the intro splash, so the
 * splash does not cover what the test clicks. tests/e2e/intro.spec.ts tests the splash itself.
 */
export const test = base.extend<{ seenIntro: boolean }>({
  seenIntro: [true, { option: true }],
  page: async ({ page, seenIntro, javaScriptEnabled }, use) => {
    if (seenIntro) await page.addInitScript(() => sessionStorage.setItem("intro-seen", "1"));
    if (javaScriptEnabled) waitForHydrationAfterGoto(page);
    await use(page);
  },
});

/**
 * Prerendered pages hydrate after their load event (src/boot/loader.ts), so `goto` (which waits for
 * load) returns a page whose buttons are not wired up yet. Tests act like a visitor a moment
 * later: `goto` also waits until the app has marked <html data-hydrated>. Pages without the
 * app (redirect fallbacks, files) and `waitUntil` other than load are left as they are.
 */
export function waitForHydrationAfterGoto(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if ((options?.waitUntil ?? "load") === "load" && (await page.locator("#boot-modules").count()) > 0) {
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    }
    return response;
  };
}

export { expect };

/** True in the 375 px project. */
export const isMobile = (viewportWidth: number | undefined) => (viewportWidth ?? 1440) < 1200;

/**
 * The header's disclosures are <details>, which work before and without script: `menuToggle` finds
 * the <summary> to press by its text (the hamburger is "Open menu", a group's is its label or
 * "Show … links"), and `disclosure` its <details>, which has the `open` attribute while expanded.
 */
export const menuToggle = (page: Page, name: string) => page.locator("header summary").filter({ hasText: name });
export const disclosure = (page: Page, name: string) => page.locator("header details").filter({ has: page.locator("summary").filter({ hasText: name }) });
