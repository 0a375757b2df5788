/**
 * Holds a page's time still, so a test reads states instead of racing the spec's timings (the 3 s
 * intro, the 5 s slideshow) on a busy machine. The page's timers, Date and performance.now run on
 * Playwright's clock, paused until the test moves it (`page.clock.runFor`), and its CSS animations
 * are paused through DevTools' Animation domain (the intro's fade for pages without script included).
 * Call it before the page's first `goto`.
 */
import type { Page } from "@playwright/test";

export async function holdTime(page: Page): Promise<{ release(): Promise<void> }> {
  await page.clock.install({ time: 0 });
  await page.clock.pauseAt(1000);
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Animation.enable");
  await devtools.send("Animation.setPlaybackRate", { playbackRate: 0 });
  return {
    /** Lets time flow again, timers and animations alike. */
    async release() {
      await page.clock.resume();
      await devtools.send("Animation.setPlaybackRate", { playbackRate: 1 });
    },
  };
}

/** Moves the page's clock on until its performance.now() reads `ms` (time since the page started). */
export async function runUntil(page: Page, ms: number): Promise<void> {
  const now = await page.evaluate(() => performance.now());
  if (ms > now) await page.clock.runFor(Math.ceil(ms - now));
}

/**
 * Resolves once the page has drawn two frames and gone idle: what it does in answer to the test's
 * last step has started by then. For tests that check something does not happen.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => ("requestIdleCallback" in window ? requestIdleCallback(() => resolve()) : setTimeout(resolve))),
        ),
      ),
  );
}
