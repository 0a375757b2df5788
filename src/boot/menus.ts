/**
 * Inline in every page's head, after src/boot/shell.ts: on wide screens the menus follow the
 * WAI-ARIA disclosure navigation pattern. With script a group's list shows only while its
 * <details> is open (NavBar.css.ts), so what is shown is what assistive technology hears as
 * expanded. Enter and Space open a group (the browser's), Arrow Down too (in the phone menu as well), onto its first link;
 * focus leaving a group closes it (Escape: shell.ts); Tab goes from menu to menu past closed
 * lists. The mouse opens a group while over it, and a click on its toggle keeps it open. Kept
 * under 1 KB, as every inline script (scripts/build/boot.ts checks).
 */
import { groupDetails, headerOf, wide } from "../shell/menu-dom.ts";

// The groups the mouse opened, to close again when the mouse leaves them.
const hovered = new Set<Element>();
const on = <K extends keyof WindowEventMap>(type: K, listener: (e: WindowEventMap[K]) => unknown) => addEventListener(type, listener);

on("keydown", (e: KeyboardEvent) => {
  const target = e.target as Element;
  if (e.key == "ArrowDown" && headerOf(target) && target.matches("li>details>summary")) {
    e.preventDefault();
    const details = target.parentElement as HTMLDetailsElement;
    details.open = true;
    details.nextElementSibling!.querySelector("a")!.focus();
  }
});
on("focusout", (e: FocusEvent) => {
  const to = e.relatedTarget as Node | null;
  // Focus going nowhere (the window left, a press on a list's padding) closes nothing.
  if (to && wide())
    headerOf(e.target)
      ?.querySelectorAll<HTMLDetailsElement>("li>details[open]")
      .forEach((d) => d.parentElement!.contains(to) || (d.open = false));
});
// The groups the pointer came into (over) or left (out): each holds the target, not where it came
// from or went. A tap comes in as it presses, so the click after it pins what it opened.
const crossed = (e: PointerEvent) =>
  wide()
    ? [...(headerOf(e.target)?.querySelectorAll("li:has(>details)") ?? [])].filter(
        (li) => li.contains(e.target as Node) && !li.contains(e.relatedTarget as Node),
      )
    : [];
on("pointerover", (e) =>
  crossed(e).forEach((li) => {
    const details = groupDetails(li);
    if (!details.open) hovered.add(li);
    details.open = true;
  }),
);
on("pointerout", (e) => crossed(e).forEach((li) => hovered.delete(li) && (groupDetails(li).open = false)));
// A click on the toggle of a group the mouse opened keeps it open, instead of closing it.
on("click", (e) => {
  const item = [...hovered].find((li) => groupDetails(li).firstElementChild!.contains(e.target as Node));
  if (item) {
    e.preventDefault();
    hovered.delete(item);
  }
});
