import { test as base, expect } from "@playwright/test";

/** The spec's route table (section 2), independent of the content files it checks. */
export const SPEC_ROUTES = [
  "/", "/about", "/services", "/contact", "/training", "/products",
  "/products/plc", "/products/scada", "/products/hmi", "/products/communication", "/products/data-analytics",
  "/products/lariox-solutions", "/products/lariox-cms", "/products/lariox-ems",
  "/avevasolutions", "/avevasolutions/operations-control", "/avevasolutions/operations-execution", "/avevasolutions/operations-information",
  "/aveva/aveva-intouch", "/aveva/aveva-edge", "/aveva/aveva-system-platform", "/aveva/aveva-reports", "/aveva/aveva-plant-scada",
  "/aveva/aveva-mes", "/aveva/batch-management-system", "/aveva/recips-manager-plus", "/aveva/workflow-management",
  "/aveva/aveva-historian", "/aveva/aveva-insight", "/aveva/aveva-intelligence",
  "/downloads", "/get-a-quote",
];

export const COMPANY = "Lariox Automation";

/**
 * Every test starts in a browser session that has already seen the intro splash, so the
 * splash does not cover what the test clicks. tests/e2e/intro.spec.ts tests the splash itself.
 */
export const test = base.extend<{ seenIntro: boolean }>({
  seenIntro: [true, { option: true }],
  page: async ({ page, seenIntro }, use) => {
    if (seenIntro) await page.addInitScript(() => sessionStorage.setItem("intro-seen", "1"));
    await use(page);
  },
});

export { expect };

/** True in the 375 px project. */
export const isMobile = (viewportWidth: number | undefined) => (viewportWidth ?? 1440) < 1200;
