/**
 * Inline in every page's head (compiled and hashed by scripts/build/boot.ts): what the shell adds
 * to the prerendered HTML, without React. The menu and its groups are <details> (src/shell/
 * menu-state.ts), which the browser opens and closes on its own; this adds the rules on top, by
 * listening on the document, so it works from the first paint: a closed menu or group closes what
 * it holds, Escape closes the innermost open one, a press outside the header closes all, leaving
 * the page closes all (a page restored from the back-forward cache is tidy). Kept under 1 KB, as every inline script (scripts/build/boot.ts checks).
 */
import { closeAll, closeInside } from "../shell/menu-state.ts";

// On wide screens a group also shows while hovered or holding focus (CSS). Closing it, Escape or
// leaving the page hides it at once: data-dismissed keeps it hidden until the pointer or focus
// comes onto its toggle row again from outside (not onto its list, which may be under the pointer).
const DISMISSED = "data-dismissed";
const HEADER = "[data-site-header]";
const headerOf = (target: EventTarget | null) => (target instanceof Element ? target.closest(HEADER) : null);
const dismiss = (el: Element) => el.closest("li")?.setAttribute(DISMISSED, "");
const on = (type: string, listener: (e: Event) => unknown, capture = false) => addEventListener(type, listener, capture);

// toggle does not bubble: caught on its way down.
on(
  "toggle",
  (e) => {
    const details = e.target as HTMLDetailsElement;
    if (!headerOf(details)) return;
    closeInside(details);
    if (!details.open) dismiss(details);
  },
  true,
);
// Every page has the header (src/app/App.tsx).
on("pointerdown", (e) => headerOf(e.target) || closeAll(document.querySelector(HEADER)!));
// Leaving the page closes everything, for a page restored from the back-forward cache: not at the
// click, since a link hidden while it is followed loses the page prerendered for it (the browser
// drops the candidate of a link no longer rendered) and the next page waits for the network.
on("pagehide", () => {
  const header = document.querySelector(HEADER)!;
  closeAll(header);
  header.querySelectorAll("[data-group]").forEach((group) => group.setAttribute(DISMISSED, ""));
});
on("keydown", (e) => {
  const header = headerOf(e.target);
  if ((e as KeyboardEvent).key !== "Escape" || !header) return;
  const shown = [...header.querySelectorAll<HTMLDetailsElement>("li > details")].filter((g) => getComputedStyle(g.nextElementSibling!).display !== "none");
  const details = shown.pop() ?? header.querySelector<HTMLDetailsElement>("details[open]");
  if (!details) return;
  details.open = false;
  dismiss(details);
  details.querySelector("summary")!.focus();
});
const undismiss = (e: Event) => {
  const to = e.target as Node;
  const from = (e as FocusEvent).relatedTarget as Node | null;
  headerOf(to)
    ?.querySelectorAll(`[${DISMISSED}]`)
    .forEach((li) => li.contains(to) && !li.lastElementChild!.contains(to) && !li.contains(from) && li.removeAttribute(DISMISSED));
};
on("pointerover", undismiss);
on("focusin", undismiss);
