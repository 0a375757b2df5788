/**
 * Inline in every page's head (compiled and hashed by scripts/build/boot.ts): counts the page view
 * and measures what the visitor lived through (LCP, INP, CLS), sent once to our own server
 * (src/server/analytics/) with navigator.sendBeacon when the page is hidden or left. No cookie, no
 * storage, no third party.
 *
 * It starts only once the page is shown to a person and the browser is idle after load: a
 * prerendered page starts on activation (prerenderingchange), never while prerendered, and a page
 * opened in a background tab when it is first shown; a prefetch runs no script at all. It is sent
 * once a page load: what happens after the first hide (a tab switched back to) is not measured. A
 * page restored from the back/forward cache (pageshow, persisted) is a view again, of its own:
 * sent at its next hide, with the shifts and interactions after the restore and no LCP (it has no
 * paint of its own), never as a visit's entry.
 *
 * Not the web-vitals library: its ~2 KB brotli is more than this page's whole budget (1.5 KB with
 * the count). The three follow its definitions, simplified: LCP is the last entry before the first
 * input, from activation; CLS the largest session window (gaps under 1 s, at most 5 s); INP the
 * longest interaction, or the 98th percentile of them past 50 interactions.
 */
import { startsVisit } from "../ui/visit-start.ts";

type Entry = PerformanceEntry & { value: number; hadRecentInput: boolean; interactionId: number };

let started = 0;
const start = () => {
  let lcp = -1;
  let cls = 0;
  let windowValue = 0;
  let windowStart = 0;
  let last = 0;
  let interactions: Record<number, number> = {};
  let entry = startsVisit();
  const activation = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & { activationStart?: number })?.activationStart || 0;
  // Each observer's pending entries, taken at send: its callback runs in a later task, which a page
  // left at once (its buffered LCP not yet delivered) never reaches.
  const pending: Array<() => void> = [];
  const observe = (type: string, record: (e: Entry) => void, more?: object) => {
    try {
      const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => record(e as Entry)));
      observer.observe({ type, buffered: true, ...more });
      pending.push(() => observer.takeRecords().forEach((e) => record(e as Entry)));
    } catch {
      // a browser without this entry type: that measure is not sent
    }
  };
  observe("largest-contentful-paint", (e) => (lcp = Math.max(e.startTime - activation, 0)));
  observe("layout-shift", (e) => {
    if (e.hadRecentInput) return;
    if (e.startTime - last > 1000 || e.startTime - windowStart > 5000) ((windowValue = 0), (windowStart = e.startTime));
    windowValue += e.value;
    last = e.startTime;
    cls = Math.max(cls, windowValue);
  });
  const interaction = (e: Entry) => e.interactionId && (interactions[e.interactionId] = Math.max(interactions[e.interactionId] || 0, e.duration));
  observe("event", interaction, { durationThreshold: 16 });
  observe("first-input", interaction);
  // On leaving by a link the page is still "visible" at pagehide; a hidden page may never see a pagehide (a closed phone tab).
  const send = (event: Event) => {
    if (started > 1 || (event.type !== "pagehide" && !document.hidden)) return;
    started = 2;
    pending.forEach((take) => take());
    const durations = Object.values(interactions).sort((a, b) => b - a);
    navigator.sendBeacon(
      "/api/v",
      JSON.stringify({
        p: location.pathname,
        ...(entry ? { e: 1, q: location.search, r: document.referrer } : {}),
        ...(lcp < 0 ? {} : { l: Math.round(lcp) }),
        ...(durations.length ? { i: Math.round(durations[Math.min((durations.length / 50) | 0, durations.length - 1)]!) } : {}),
        c: Math.round(cls * 1e4) / 1e4,
      }),
    );
  };
  addEventListener("pagehide", send);
  document.addEventListener("visibilitychange", send);
  // A normal load's pageshow is not persisted; a restored page was sent as it went into the cache.
  addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    started = 1;
    lcp = -1;
    cls = windowValue = 0;
    interactions = {};
    entry = false;
  });
};

const wake = () => {
  if (started || document.hidden || (document as Document & { prerendering?: boolean }).prerendering) return;
  started = 1;
  (window.requestIdleCallback || setTimeout)(start);
};
addEventListener("load", () => {
  wake();
  for (const type of ["visibilitychange", "prerenderingchange"]) document.addEventListener(type, wake);
});
