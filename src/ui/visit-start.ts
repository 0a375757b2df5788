/**
 * Whether this page begins a visit: it was reached from outside the site (a search, a link
 * elsewhere, a typed address or a bookmark), not from one of the site's own pages and not by
 * reloading or going back or forward to it. Read from the navigation itself, with no storage:
 * a page's first sessionStorage or localStorage access blocks the main thread of a slow phone
 * before its first paint, on every page.
 */
export function startsVisit(): boolean {
  if (document.referrer.startsWith(`${location.origin}/`)) return false;
  const navigation = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  return !navigation || navigation.type === "navigate";
}
