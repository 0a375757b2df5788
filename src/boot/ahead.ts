/**
 * Inline in every page's head (compiled and hashed by scripts/build/boot.ts): a phone's head start.
 * A finger gives no hover, so the Speculation Rules' hover trigger never fires and a tapped page
 * would only start loading at the press. On a screen below the desktop layout, once the page has
 * loaded, this marks the links a visitor most often takes next (the menu's entries, the links of
 * the page's body: cards, link lists; the sidebar) with data-ahead as they come into view, and
 * the rules (scripts/build/speculation.ts) prerender the pages they name. At most AHEAD_PAGES per
 * page viewed: a page costs about its HTML and its banner, on a visitor's data plan.
 * It starts once the page has loaded, its largest paint (the lead image) is on screen, and the
 * browser is idle: on a slow phone the load event comes before that paint, and finding and
 * watching the links at load took main-thread time the paint was waiting for.
 */
import { breakpoints } from "../styles/breakpoints.ts";

const AHEAD_PAGES = 3;
const LIKELY = "#site-menu a, main a, aside a";

const sent = new Set<string>();
const start = () => {
  const seen = new IntersectionObserver((entries) => {
    for (const { target, isIntersecting } of entries) {
      const a = target as HTMLAnchorElement;
      if (!isIntersecting) continue;
      if (!sent.has(a.pathname)) {
        if (sent.size >= AHEAD_PAGES) return seen.disconnect();
        sent.add(a.pathname);
      }
      a.setAttribute("data-ahead", "");
      seen.unobserve(a);
    }
  });
  for (const a of document.querySelectorAll<HTMLAnchorElement>(LIKELY)) {
    // Only other pages of this site: not this one, not a file (a download) and not another site.
    if (a.origin === location.origin && a.pathname !== location.pathname && !/\.\w+$/.test(a.pathname) && !a.target) seen.observe(a);
  }
};
// A browser without these (Safari) has no Speculation Rules either: nothing to mark for.
const afterFirstView = () =>
  new PerformanceObserver((_, painted) => {
    painted.disconnect();
    requestIdleCallback(start, { timeout: 2000 });
  }).observe({ type: "largest-contentful-paint", buffered: true });
if (matchMedia(`(max-width: ${breakpoints.large - 0.02}px)`).matches && "requestIdleCallback" in window)
  addEventListener("load", afterFirstView, { once: true });
