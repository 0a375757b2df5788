/**
 * Inline in the head of a page with islands (compiled and hashed by scripts/build/boot.ts): fetches
 * the island runtime (src/islands/wake.ts), which the script element names, once the page has
 * loaded rather than as the head is read. The runtime wakes no island before the first view
 * anyway; fetched with the head, it shared a phone's network with the lead image and the
 * stylesheet, and the paint of that image waited for them.
 */
const { islands } = document.currentScript!.dataset;
addEventListener("load", () => import(islands!), { once: true });
export {};
