/**
 * Inline in every page's head (compiled and hashed by scripts/build/boot.ts): what the shell adds
 * to the prerendered HTML, without React. The menu and its groups are <details> (src/shell/
 * menu-state.ts), which the browser opens and closes on its own; this adds the rules on top, by
 * listening on the document, so it works from the first paint: a closed group closes what it
 * holds, on wide screens one group's list at a time (or one would cover the other), Escape closes
 * the innermost open one, a press outside the header closes all, leaving the page closes all (a
 * page restored from the back-forward cache is tidy). The wide screens' keyboard and mouse rules
 * are src/boot/menus.ts. Kept under 1 KB, as every inline script (scripts/build/boot.ts checks).
 */
import { closeAll, closeInside } from "../shell/menu-state.ts";
import { HEADER, headerOf, wide } from "../shell/menu-dom.ts";

const on = <K extends keyof WindowEventMap>(type: K, listener: (e: WindowEventMap[K]) => unknown, capture = false) => addEventListener(type, listener, capture);

// toggle does not bubble: caught on its way down.
on(
  "toggle",
  (e) => {
    const details = e.target as HTMLDetailsElement;
    const item = details.parentElement!;
    if (!headerOf(details)) return;
    closeInside(details);
    if (details.open && wide() && item.matches("li")) for (const other of item.parentElement!.children) if (other !== item) closeAll(other);
  },
  true,
);
// Every page has the header (src/app/App.tsx).
const closeHeader = () => closeAll(document.querySelector(HEADER)!);
on("pointerdown", (e) => headerOf(e.target) || closeHeader());
// Not at the click: a link hidden while it is followed loses the page prerendered for it (the
// browser drops the candidate of a link no longer rendered) and the next page waits for the network.
on("pagehide", closeHeader);
on("keydown", (e: KeyboardEvent) => {
  const target = e.target as Element;
  const header = headerOf(target);
  if (e.key !== "Escape" || !header) return;
  const item = target.closest("li:has(>details[open])");
  const details = item ? item.querySelector<HTMLDetailsElement>(":scope>details") : header.querySelector<HTMLDetailsElement>("details[open]");
  if (!details) return;
  details.open = false;
  (details.firstElementChild as HTMLElement).focus();
});
