/**
 * The island runtime, the only module of a page that holds an interactive block, fetched by its
 * loader in the head (src/boot/islands.ts) once the page has loaded; the prerender adds the loader
 * to those pages alone. It is small and has no React: it finds each island the
 * prerender wrote (src/islands/Island.tsx) and, when its moment comes, fetches React and the
 * block's code and hydrates that island as a root of its own. Until then the island is its
 * prerendered HTML, which already reads and works (links, first slide, a form that posts).
 */
import type { ComponentType } from "react";
import type { Wake } from "../blocks/block.ts";
import { islandCode } from "../blocks/islands.generated.ts";

const load = new Promise<void>((resolve) => (document.readyState === "complete" ? resolve() : addEventListener("load", () => resolve(), { once: true })));

/** The first contentful paint, reported (at once where the browser does not report paints). */
const firstPaint = new Promise<void>((resolve) => {
  try {
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: "paint", buffered: true });
  } catch {
    resolve();
  }
});

/**
 * The first view is on screen: the page has loaded, painted, and drawn its lead image (the one it
 * fetches first, `fetchpriority="high"`), and a frame has passed. No island's code is fetched or run
 * before, so none of it competes with what the visitor first sees.
 */
const firstView = load
  .then(() =>
    Promise.all([
      firstPaint,
      document
        .querySelector<HTMLImageElement>('img[fetchpriority="high"]')
        ?.decode()
        .catch(() => {}),
    ]),
  )
  .then(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));

/** Each moment of src/blocks/block.ts: calls `wake` once, when it comes. */
const moments: Record<Wake, (island: HTMLElement, wake: () => void) => void> = {
  // After the first view, when the browser has nothing else to do.
  idle: (_island, wake) => void firstView.then(() => ("requestIdleCallback" in window ? requestIdleCallback(wake, { timeout: 2000 }) : setTimeout(wake, 200))),
  // In view, and not before the first view: its code must not take bandwidth or time from it.
  visible: (island, wake) =>
    void firstView.then(() => {
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        wake();
      });
      // The root adds no box (display: contents), so its children are what comes into view.
      for (const child of island.children) observer.observe(child);
    }),
  interaction: (island, wake) => {
    const events = ["pointerdown", "keydown", "focusin", "pointerover"];
    const once = () => {
      for (const type of events) island.removeEventListener(type, once);
      wake();
    };
    for (const type of events) island.addEventListener(type, once, { passive: true });
  },
};

async function hydrate(island: HTMLElement): Promise<void> {
  const load = islandCode[island.dataset.island!];
  if (!load) throw new Error(`no code for the island "${island.dataset.island}"`);
  const [{ hydrateIsland }, block] = await Promise.all([import("./hydrate.tsx"), load()]);
  hydrateIsland(island, block.default as ComponentType<{ section: unknown }>);
}

for (const island of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const moment = moments[island.dataset.wake as Wake] ?? moments.idle;
  moment(island, () => void hydrate(island).catch((error: unknown) => console.error(error)));
}
