/**
 * The navigation's state is its <details>: the menu's (the hamburger) and one per group (the two
 * menus and their sub-groups). The browser opens and closes each on its own, before and without
 * script, so groups open and close independently and nothing a visitor opened waits for, or is
 * undone by, a script. The page's inline shell script (src/boot/shell.ts) adds these rules on top.
 */

/** Closes every disclosure in `root`: the menu and all groups, when a link is chosen or the visitor presses outside. */
export function closeAll(root: ParentNode): void {
  for (const details of root.querySelectorAll("details")) details.open = false;
}

/**
 * After a disclosure toggled: once closed, what it holds closes too. A group's item holds its
 * sub-groups, and the menu's parent the whole bar, so closing the menu collapses every group and
 * the menu (or a group) reopens tidy.
 */
export function closeInside(details: HTMLDetailsElement): void {
  if (!details.open) closeAll(details.parentElement!);
}
