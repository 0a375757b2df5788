/**
 * The Speculation Rules every page carries (<script type="speculationrules">, allowed by its hash in
 * the CSP): links to the site's own pages are ordinary document navigations, made instant by
 * prerendering the next page before the click. On a desktop, when the pointer comes to rest on a
 * link ("eager": a shorter hover than "moderate"'s 200 ms, so the page is ready by the click; the
 * browser keeps the last two); on a phone, where nothing hovers, the links that src/boot/ahead.ts
 * marks as they come into view (a few per page, "immediate"), and any link as it is pressed.
 * Never the API, the editor, or files (anything under /assets/ or with a file extension): those
 * are not pages, and a prerender could post or download.
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
    prerender: [
      { where: pages, eagerness: "eager" },
      { where: { and: [pages, { selector_matches: "[data-ahead]" }] }, eagerness: "immediate" },
    ],
  };
}
