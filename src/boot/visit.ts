/**
 * Inline in every page's head (compiled and hashed by scripts/build/boot.ts): on the first page of
 * a visit, keeps where the visit came from for an enquiry sent from a later page
 * (src/ui/lead-source.ts). It is written at the visitor's first press or key, before any link can
 * take them on, so loading the page touches no storage.
 */
import { rememberVisit } from "../ui/lead-source.ts";
import { startsVisit } from "../ui/visit-start.ts";

if (startsVisit()) {
  const source = { url: location.href, referrer: document.referrer };
  // Once for each kind: a second write, if any, writes the same.
  for (const type of ["pointerdown", "keydown"]) addEventListener(type, () => rememberVisit(source), { capture: true, once: true });
}
