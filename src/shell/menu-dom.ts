import { breakpoints } from "../styles/breakpoints.ts";

/** What the two inline menu scripts (src/boot/shell.ts, src/boot/menus.ts) share. */
export const HEADER = "[data-site-header]";

/** The header that holds `target`, if it is in it. */
export const headerOf = (target: EventTarget | null) => (target instanceof Element ? target.closest(HEADER) : null);

/** Wide screens, where the menus are a bar of dropdowns (NavBar.css.ts), not the phone's panel. */
export const wide = () => matchMedia(`(min-width:${breakpoints.large}px)`).matches;

/** A group's own <details> (its <li> also holds its sub-groups'). */
export const groupDetails = (item: Element) => item.querySelector<HTMLDetailsElement>(":scope>details")!;
