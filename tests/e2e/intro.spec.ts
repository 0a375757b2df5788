import { COMPANY, expect, test } from "./fixtures.ts";

test.describe("intro splash", () => {
  test.use({ seenIntro: false });

  test("plays over the page, which is already there, and ends after 3 s", async ({ page }) => {
    // Note when the splash leaves, in page time, however slow the test machine is.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.readyState !== "loading" && !document.querySelector("[data-testid=intro]")) {
          (window as unknown as { introGoneAt: number }).introGoneAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/");
    const intro = page.getByTestId("intro");
    await expect(intro).toContainText("LA");
    await expect(intro).toContainText(COMPANY);
    await expect(page.locator("main h1")).toBeAttached();
    await expect(intro).toBeHidden({ timeout: 6000 });
    const goneAt = await page.evaluate(() => (window as unknown as { introGoneAt: number }).introGoneAt);
    // The 3000 ms count from the start of navigation, whenever the app hydrates.
    expect(goneAt).toBeGreaterThanOrEqual(3000);
    expect(goneAt).toBeLessThan(5000);
  });

  test("moves nothing while the page loads: its motion starts after the first view", async ({ page }) => {
    await page.goto("/");
    const delays = await page.getByTestId("intro").evaluate((intro) =>
      document
        .getAnimations()
        .filter((a) => a.effect instanceof KeyframeEffect && a.effect.target !== null && intro.contains(a.effect.target))
        .map((a) => Number(a.effect!.getComputedTiming().delay)),
    );
    // The taglines appearing one by one from 800 ms, and the splash's own fade at 3.5 s.
    expect(delays.sort((a, b) => a - b)).toEqual([800, 1500, 2200, 3500]);
  });

  test("ends early on its own finish signal (Skip intro), and not again in the same session", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Skip intro" }).click();
    await expect(page.getByTestId("intro")).toBeHidden();
    await page.goto("/about");
    await expect(page.getByTestId("intro")).toBeHidden();
  });

  test("the home page's motion waits under the splash: the partner strip and the typed tagline start when it leaves", async ({ page }) => {
    await page.goto("/");
    const strip = page.locator("section", { has: page.getByRole("heading", { name: "Our Technology Partners" }) }).locator("ul");
    // Read in one go at the load event, while the splash (3 s from navigation) is surely up. The
    // pause is CSS on the prerendered page and needs no hydration, which on a loaded machine can
    // end after the splash. Unit tests cover the rest: mounting the splash does not end the pause
    // (intro.test.tsx), and the tagline holds its first line past the splash (intro-over.test.tsx).
    const underSplash = await strip.evaluate((el) => ({
      splash: document.querySelector("[data-testid=intro]") !== null,
      over: document.documentElement.hasAttribute("data-intro-over"),
      strip: getComputedStyle(el).animationPlayState,
    }));
    expect(underSplash).toEqual({ splash: true, over: false, strip: "paused" });
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");

    await expect(page.getByTestId("intro")).toBeHidden({ timeout: 6000 });
    await expect(page.locator("html")).toHaveAttribute("data-intro-over", "");
    expect(await strip.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe("running");
    const typed = page.locator("main section").first().locator("p span[aria-hidden=true]").first();
    const firstLine = await typed.textContent();
    await expect.poll(async () => typed.textContent(), { timeout: 8000 }).not.toBe(firstLine);
  });

  test("is skipped under prefers-reduced-motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.getByTestId("intro")).toBeHidden();
  });
});
