/**
 * The Speculation Rules every page carries (<script type="speculationrules">, allowed by its hash in
 * the CSP): links to the site's own pages are ordinary document navigations, made near-instant by
 * loading the next page ahead. Prerendered on hover or press ("moderate": the pointer rests on the
 * link, or it is pressed; on a phone, as it is tapped), prefetched (its HTML only) as links come
 * into view ("eager"). Never the API, the editor, or files (anything under /assets/ or with a
 * file extension): those are not pages, and a prerender could post or download.
 */
const pages = {
  and: [
    { href_matches: "/*" },
    { not: { href_matches: "/api/*" } },
    { not: { href_matches: "/admin{/*}?" } },
    { not: { href_matches: "/assets/*" } },
    { not: { href_matches: "/*.*" } },
    { not: { selector_matches: "[download], [target=_blank], [rel~=nofollow]" } },
  ],
};

export function speculationRules() {
  return {
    prerender: [{ where: pages, eagerness: "moderate" }],
    prefetch: [{ where: pages, eagerness: "eager" }],
  };
}
