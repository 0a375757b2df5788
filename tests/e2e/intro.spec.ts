import type { Page } from "@playwright/test";
import { COMPANY, expect, test } from "./fixtures.ts";
import { holdTime, runUntil } from "./hold-time.ts";
import { headingOf } from "./content.ts";

test.describe("intro splash", () => {
  test.use({ seenIntro: false });

  test("plays over the page, which is already there, and ends after 3 s", async ({ page }) => {
    // The page's clock stands still until the test moves it: the splash's 3 s are page time, not the test's.
    await page.addInitScript(() => {
      addEventListener("DOMContentLoaded", () => {
        const firstView = { splash: document.querySelector("[data-testid=intro]")?.textContent ?? "", h1: document.querySelector("main h1") !== null };
        (window as unknown as { firstView: typeof firstView }).firstView = firstView;
      });
    });
    await holdTime(page);
    // Loaded, not hydrated: the island's moment comes in page time, which stands still.
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.waitForLoadState("load");
    const intro = page.getByTestId("intro");
    const firstView = await page.evaluate(() => (window as unknown as { firstView: { splash: string; h1: boolean } }).firstView);
    expect(firstView.splash).toContain("LA");
    expect(firstView.splash).toContain(COMPANY);
    expect(firstView.h1).toBe(true);
    // 3000 ms from the start of navigation, whenever the page's code (the hero island) hydrates.
    await runUntil(page, 2990);
    await expect(intro).toBeVisible();
    await runUntil(page, 3010);
    await expect(intro).toBeHidden();
  });

  test("moves nothing while the page loads: its motion starts after the first view", async ({ page }) => {
    // Read at the load event, in the page: the splash is up then unless the load took 3 s. The
    // declared delays, not the running animations, which a slow load may already have finished.
    await page.addInitScript(() =>
      addEventListener("load", () => {
        const intro = document.querySelector("[data-testid=intro]");
        const delays = [intro!, ...intro!.querySelectorAll("*")].flatMap((el) => {
          const style = getComputedStyle(el);
          if (style.animationName === "none") return [];
          return style.animationDelay.split(",").map((d) => parseFloat(d) * (d.trim().endsWith("ms") ? 1 : 1000));
        });
        (window as unknown as { introDelays: number[] }).introDelays = delays;
      }),
    );
    await page.goto("/");
    const delays = await page.evaluate(() => (window as unknown as { introDelays: number[] }).introDelays);
    // The taglines appearing one by one from 800 ms, and the splash's own fade at 3.5 s.
    expect(delays.sort((a, b) => a - b)).toEqual([800, 1500, 2200, 3500]);
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 375, height: 740 },
  ]) {
    test(`at ${viewport.width} px sits mid-screen, each tagline centred under the name from its first frame @once`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await holdTime(page);
      await page.goto("/", { waitUntil: "domcontentloaded" });
      // Boxes, not pixels: the taglines fade in, but a hidden one still takes its place in the layout.
      const boxes = await page.getByTestId("intro").evaluate((intro) => {
        const box = (el: Element) => el.getBoundingClientRect().toJSON() as DOMRect;
        const name = intro.querySelector("p")!;
        return { block: box(name.parentElement!), name: box(name), taglines: [...intro.querySelectorAll("li")].map(box) };
      });
      const centreX = (b: DOMRect) => b.x + b.width / 2;
      expect(boxes.taglines.length).toBeGreaterThan(0);
      for (const tagline of boxes.taglines) expect(Math.abs(centreX(tagline) - centreX(boxes.name))).toBeLessThanOrEqual(1);
      expect(Math.abs(boxes.block.y + boxes.block.height / 2 - viewport.height / 2)).toBeLessThanOrEqual(2);
    });
  }

  test("ends early on its own finish signal (Skip intro), and not again on the visit's next page", async ({ page }) => {
    // Skip is the dialog's own form: it works before anything loads.
    await holdTime(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Skip intro" }).click();
    await expect(page.getByTestId("intro")).toBeHidden();
    await page.evaluate(() => location.assign("/about")); // as a link of the page would
    await page.waitForURL("**/about");
    await expect(page.getByTestId("intro")).toBeHidden();
  });

  test("the home page's motion waits under the splash: the partner strip and the typed tagline start when it leaves", async ({ page }) => {
    // Read in the page at its load event, while the splash is up (it leaves 3 s after the page's
    // start, page time, held here until the test moves it). The pause is CSS on the prerendered page
    // and needs no script. Unit tests cover the rest: the inline script ends the pause only when the
    // splash goes (intro.test.tsx), and the tagline holds its first line past the splash (intro-over.test.tsx).
    const time = await holdTime(page);
    await page.addInitScript(() =>
      addEventListener("load", () => {
        const strip = [...document.querySelectorAll("section")]
          .find((s) => s.querySelector("h2")?.textContent === "Our Technology Partners")
          ?.querySelector("ul");
        (window as unknown as { underSplash: object }).underSplash = {
          splash: document.querySelector("[data-testid=intro]") !== null,
          over: document.documentElement.hasAttribute("data-intro-over"),
          strip: strip ? getComputedStyle(strip).animationPlayState : "no strip",
        };
      }),
    );
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.waitForLoadState("load");
    expect(await page.evaluate(() => (window as unknown as { underSplash: object }).underSplash)).toEqual({ splash: true, over: false, strip: "paused" });

    const strip = page.locator("section", { has: page.getByRole("heading", { name: headingOf("/", "logoStrip") }) }).locator("ul");
    await runUntil(page, 3010);
    await expect(page.getByTestId("intro")).toBeHidden();
    await expect(page.locator("html")).toHaveAttribute("data-intro-over", "");
    expect(await strip.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe("running");
    const typed = page.locator("main section").first().locator("p span[aria-hidden=true]").first();
    const firstLine = await typed.textContent();
    await time.release();
    await expect.poll(async () => typed.textContent(), { timeout: 8000 }).not.toBe(firstLine);
  });

  test("is skipped under prefers-reduced-motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.getByTestId("intro")).toBeHidden();
  });

  test("a reload or Back in the same visit does not play it again; a new visit (reached from outside) does", async ({ page, context }) => {
    // The head script's decision, read from the page (it marks a page that skips the splash): the
    // splash itself may have run its 3 s by the time a slow machine checks it.
    const plays = (p: Page) => expect(p.locator("html")).not.toHaveAttribute("data-intro-seen");
    const skips = (p: Page) => expect(p.locator("html")).toHaveAttribute("data-intro-seen", "");
    await page.goto("/about", { waitUntil: "domcontentloaded" });
    await plays(page);
    await page.reload();
    await skips(page);
    await page.goto("/training", { referer: "https://www.google.com/" });
    await plays(page);
    await page.goBack();
    await page.waitForURL("**/about");
    await skips(page);
    const other = await context.newPage();
    await other.goto("/about", { waitUntil: "domcontentloaded" });
    await plays(other);
  });
});
