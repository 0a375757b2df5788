import { COMPANY, expect, test } from "./fixtures.ts";

test.describe("intro splash", () => {
  test.use({ seenIntro: false });

  test("plays over the page, which is already there, and ends after 3 s", async ({ page }) => {
    await page.goto("/");
    const intro = page.getByTestId("intro");
    await expect(intro).toBeVisible();
    await expect(intro).toContainText("LA");
    await expect(intro).toContainText(COMPANY);
    await expect(page.locator("main h1")).toBeAttached();
    await page.waitForTimeout(2500);
    await expect(intro).toBeVisible();
    await expect(intro).toBeHidden({ timeout: 1500 });
  });

  test("ends early on its own finish signal (Skip intro), and not again in the same session", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Skip intro" }).click();
    await expect(page.getByTestId("intro")).toBeHidden();
    await page.goto("/about");
    await expect(page.getByTestId("intro")).toBeHidden();
  });

  test("is skipped under prefers-reduced-motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.getByTestId("intro")).toBeHidden();
  });
});
