/**
 * Inline in every page's head (compiled and hashed by scripts/build/boot.ts): on the first page of
 * a visit, keeps where the visit came from for an enquiry sent from a later page
 * (src/ui/lead-source.ts). Loading the page only adds two listeners: whether the page begins a
 * visit is asked, and the record written, at the visitor's first press or key, before any link can
 * take them on. Every read costs a phone's main thread before it can paint.
 */
import { rememberVisit } from "../ui/lead-source.ts";
import { startsVisit } from "../ui/visit-start.ts";

const types = ["pointerdown", "keydown"];
const remember = () => {
  for (const type of types) removeEventListener(type, remember, true);
  if (startsVisit()) rememberVisit({ url: location.href, referrer: document.referrer });
};
for (const type of types) addEventListener(type, remember, true);
