/**
 * Inline in every page's head (compiled and hashed by scripts/build/boot.ts): on the first page of
 * a visit, keeps where the visit came from for an enquiry sent from a later page
 * (src/ui/lead-source.ts). Loading the page only adds listeners: whether the page begins a visit is
 * asked, and the record written, once the loaded page leaves the browser idle, or at the visitor's
 * first press or key if that comes sooner, before any link can take them on. Every read costs a
 * phone's main thread before it can paint, and the tab's first storage access waits on the browser
 * process: at the press it held the click, and the prerendered page it opens, for tens of ms.
 */
import { rememberVisit } from "../ui/lead-source.ts";
import { startsVisit } from "../ui/visit-start.ts";

// Written again at most twice (a first press, a first key), the same record each time: startsVisit()
// reads only the navigation, and once the storage is open a write costs next to nothing.
const remember = () => startsVisit() && rememberVisit({ url: location.href, referrer: document.referrer });
for (const type of ["pointerdown", "keydown"]) addEventListener(type, remember, { capture: true, once: true });
// A hidden page is not scheduled: a prerendered one's writes are not the tab's storage. A browser
// without idle callbacks (Safari) writes at the press, as all did before.
addEventListener("load", () => document.hidden || window.requestIdleCallback?.(remember));
