import { globalStyle, style } from "@vanilla-extract/css";
import { breakpoints, darkMode, media, vars } from "../styles/theme.css.ts";
import { container } from "../styles/layout.css.ts";
import { tagTitle } from "./TopBar.css.ts";

// Layout switches at the large breakpoint: below it the menu is a collapsible panel.
const desktop = media.large;
const mobile = media.belowLarge;
// Hovering shows a group only where the pointer can hover; on a touch screen a tap toggles it.
const hoverDesktop = `${media.large} and (hover: hover)`;
// The bar's links and buttons are snug at 1200 px, where all of it must fit in one row with the
// logo, and roomier from 1440 px.
const itemPad = "clamp(0.4375rem, 3.75vw - 2.375rem, 1rem)";
const buttonPad = "clamp(1rem, 3.33vw - 1.5rem, 1.5rem)";
const phone = `screen and (max-width: ${breakpoints.small - 0.02}px)`;
const narrowest = "screen and (max-width: 374.98px)";
const summaryReset = { listStyle: "none", selectors: { "&::-webkit-details-marker": { display: "none" } } } as const;

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: vars.z.nav,
  background: vars.color.surfaceRaised,
  borderBottom: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.header,
});

export const inner = style([
  container,
  {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    flexWrap: "wrap",
    minHeight: "68px",
    gap: vars.space.md,
    // On phones the row is logo, quote, search and menu: snug, so it stays one row down to 320 px.
    "@media": { [desktop]: { flexWrap: "nowrap" }, [phone]: { columnGap: vars.space.xs } },
  },
]);

export const logo = style({
  display: "inline-flex",
  alignItems: "center",
  flexShrink: 0,
  paddingBlock: vars.space.sm,
  // Below 375 px only the logo's square mark shows (its name is the link's), so the row fits.
  "@media": { [narrowest]: { width: "32px", overflow: "hidden" } },
});
export const logoImg = style({ height: "40px", width: "auto", maxWidth: "none", flexShrink: 0, "@media": { [phone]: { height: "32px" } } });

/** The compact main button (Get a Quote) beside the search and menu buttons, below 1200 px. */
export const compactQuote = style({
  marginLeft: "auto",
  whiteSpace: "nowrap",
  "@media": {
    [desktop]: { display: "none" },
    // Within the header, so it outweighs the button's own padding and size.
    [phone]: { selectors: { [`${header} &`]: { minHeight: "40px", paddingInline: vars.space.sm, fontSize: vars.fontSize.xs } } },
  },
});

/** The search link: a square the hamburger's size, left of it on phones, after the buttons on wide screens. */
export const searchLink = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flexShrink: 0,
  width: "44px",
  height: "44px",
  borderRadius: vars.radius.sm,
  color: vars.color.heading,
  selectors: { "&:hover, &[aria-current=page]": { color: vars.color.accent } },
});
export const searchNarrow = style({ "@media": { [desktop]: { display: "none" }, [phone]: { width: "32px" } } });
// The bar is full at 1200 px: on wide screens the square is narrower and sits closer to the buttons.
export const searchWide = style({
  "@media": { [mobile]: { display: "none" }, [desktop]: { marginLeft: `calc(${vars.space.sm} - ${vars.space.md})`, width: "32px" } },
});
export const searchIcon = style({ width: "24px", height: "24px", fill: "none", stroke: "currentColor", strokeWidth: 2.2, strokeLinecap: "round" });

/** The <details> whose summary is the hamburger; its open state shows the small-screen menu. */
const menuToggle = "details[data-menu]";
globalStyle(menuToggle, { "@media": { [desktop]: { display: "none" } } });

export const hamburger = style({
  ...summaryReset,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "44px",
  height: "44px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  cursor: "pointer",
  "@media": { [phone]: { width: "40px" } },
});
// The hamburger's name follows its state: its first label ("Open menu") while closed, its second
// ("Close menu") while open.
globalStyle(`${menuToggle}[open] ${hamburger} > :nth-child(2), ${menuToggle}:not([open]) ${hamburger} > :nth-child(3)`, { display: "none" });

export const bars = style({
  position: "relative",
  width: "22px",
  height: "2px",
  background: vars.color.heading,
  transition: "background 150ms",
  selectors: {
    "&::before, &::after": {
      content: "",
      position: "absolute",
      left: 0,
      width: "22px",
      height: "2px",
      background: vars.color.heading,
      transition: "transform 150ms",
    },
    "&::before": { top: "-7px" },
    "&::after": { top: "7px" },
    [`${menuToggle}[open] &`]: { background: "transparent" },
    [`${menuToggle}[open] &::before`]: { transform: "translateY(7px) rotate(45deg)" },
    [`${menuToggle}[open] &::after`]: { transform: "translateY(-7px) rotate(-45deg)" },
  },
});

// Forced colours drop backgrounds: the bars are drawn in the text colour, or the button is an empty box.
const forced = "(forced-colors: active)";
globalStyle(`${bars}, ${bars}::before, ${bars}::after`, { "@media": { [forced]: { forcedColorAdjust: "none", background: "CanvasText" } } });
globalStyle(`${menuToggle}[open] ${bars}`, { "@media": { [forced]: { background: "transparent" } } });
// The logo is drawn for a light ground: in forced colours it keeps one, in both colour schemes.
globalStyle(`a:has(> ${logoImg})`, {
  "@media": { [forced]: { forcedColorAdjust: "none", background: "#ffffff", borderRadius: vars.radius.sm } },
});
globalStyle(`${logoImg}`, { "@media": { [forced]: { display: "block" } } });
globalStyle(`${logoImg}:not(:first-child)`, { "@media": { [forced]: { display: "none" } } });

export const nav = style({
  "@media": {
    [desktop]: { display: "flex", alignItems: "center", gap: vars.space.md },
    [mobile]: { flexBasis: "100%", paddingBottom: vars.space.md, maxHeight: "calc(100vh - 110px)", overflowY: "auto" },
  },
});
// The small-screen menu shows while the hamburger's <details> is open: the browser's doing, no script.
globalStyle(`${menuToggle}:not([open]) ~ ${nav}`, { "@media": { [mobile]: { display: "none" } } });

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  "@media": { [desktop]: { display: "flex", alignItems: "center" } },
});

const itemBase = {
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "44px",
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.heading,
  fontWeight: 500,
  fontSize: vars.fontSize.sm,
  textDecoration: "none",
  borderRadius: vars.radius.sm,
  background: "none",
  border: 0,
  cursor: "pointer",
  width: "100%",
  textAlign: "left",
} as const;

/** The bar's mark for the current page, on a link or on the menu holding it. */
const currentUnderline = `inset 0 -2px 0 ${vars.color.accent}`;

export const link = style({
  ...itemBase,
  selectors: {
    "&:hover": { color: vars.color.accent, background: vars.color.surfaceAlt },
    // Marked by colour and an underline, not weight: a bolder label would be wider, and the bar
    // would shift sideways from page to page.
    "&[aria-current=page]": { color: vars.color.accent, boxShadow: currentUnderline },
  },
  "@media": { [desktop]: { width: "auto", whiteSpace: "nowrap", paddingInline: itemPad } },
});

/** A menu (All Products, Aveva Solutions): its <details> toggle, then its dropdown list. */
export const menu = style({ position: "relative" });

export const menuButton = style([
  link,
  {
    ...summaryReset,
    justifyContent: "space-between",
    selectors: { ...summaryReset.selectors, "&[data-current]": { color: vars.color.accent } },
    // Underlined in the bar like a current link; bold in the phone menu, where a wider label moves nothing.
    "@media": {
      [desktop]: { selectors: { "&[data-current]": { boxShadow: currentUnderline } } },
      [mobile]: { selectors: { "&[data-current]": { fontWeight: 700 } } },
    },
  },
]);

export const chevron = style({
  display: "inline-block",
  width: "8px",
  height: "8px",
  marginLeft: vars.space.xs,
  borderRight: "2px solid currentColor",
  borderBottom: "2px solid currentColor",
  transform: "translateY(-2px) rotate(45deg)",
  transition: "transform 150ms",
  selectors: { "[open] > summary > &": { transform: "translateY(2px) rotate(-135deg)" } },
});

// A group's list shows while its <details> is open (and, on wide screens, see below).
export const dropdown = style({
  display: "none",
  listStyle: "none",
  margin: 0,
  padding: `${vars.space.xs} 0 ${vars.space.xs} ${vars.space.md}`,
  "@media": {
    [mobile]: { borderLeft: `2px solid ${vars.color.divider}`, marginLeft: vars.space.md },
    [desktop]: {
      position: "absolute",
      top: "100%",
      left: 0,
      minWidth: "260px",
      padding: vars.space.sm,
      background: vars.color.surfaceRaised,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.md,
      boxShadow: vars.shadow.raised,
      zIndex: vars.z.menu,
    },
  },
});
globalStyle(`details[open] + ${dropdown}`, { display: "block" });

/** A group inside a menu: its link, its <details> toggle beside it, then its fly-out list. */
export const subItem = style({ position: "relative", display: "grid", gridTemplateColumns: "minmax(0, 1fr) auto", alignItems: "center" });

export const subToggle = style({
  ...itemBase,
  ...summaryReset,
  width: "44px",
  justifyContent: "center",
  padding: 0,
  selectors: { ...summaryReset.selectors, "&:hover": { background: vars.color.surfaceAlt } },
});

export const flyout = style([dropdown, { "@media": { [mobile]: { gridColumn: "1 / -1" }, [desktop]: { top: "-9px", left: "100%", marginLeft: 0 } } }]);

export const overviewLink = style([link, { fontWeight: 700 }]);

// Without script, wide screens also show a group while the pointer is over it or focus is in it,
// so the dropdowns and fly-outs open on hover and on Tab. (Not :has(:focus-visible): Chromium
// drops the focus that Tab moves from a toggle into its list.) With script (data-js, set before
// the first paint) a list shows only while its <details> is open, so what is shown is announced
// as expanded: the inline menu scripts (src/boot/menus.ts) open it for the mouse and the keys.
const noScript = "html:not([data-js])";
const open = (item: string, list: string, state: string) => `${noScript} ${item}${state} > ${list}`;
globalStyle(`${open(menu, dropdown, ":hover")}, ${open(subItem, flyout, ":hover")}`, { "@media": { [hoverDesktop]: { display: "block" } } });
globalStyle(`${open(menu, dropdown, ":focus-within")}, ${open(subItem, flyout, ":focus-within")}`, { "@media": { [desktop]: { display: "block" } } });
// One list beside another at a time: the open lists of the groups beside the one under the pointer
// hide (else beside the one holding focus), or one would cover the other. With script, opening
// one closes the others (src/boot/shell.ts).
const besides = (item: string, list: string, state: string, unless = "") => `${noScript} ${unless}:has(> ${item}${state}) > ${item}:not(${state}) > ${list}`;
globalStyle(`${besides(menu, dropdown, ":hover")}, ${besides(subItem, flyout, ":hover")}`, { "@media": { [hoverDesktop]: { display: "none" } } });
const unhovered = (item: string) => `:not(:has(> ${item}:hover))`;
globalStyle(`${besides(menu, dropdown, ":focus-within", unhovered(menu))}, ${besides(subItem, flyout, ":focus-within", unhovered(subItem))}`, {
  "@media": { [desktop]: { display: "none" } },
});

// Inside a dropdown the current page is marked by a bar on its left, not an underline.
globalStyle(`${dropdown} ${link}[aria-current=page]`, { boxShadow: `inset 3px 0 0 ${vars.color.accent}`, background: vars.color.surfaceAlt });
// On wide screens a group's chevron points to the side its flyout opens on.
globalStyle(`${subToggle} > ${chevron}, [open] > ${subToggle} > ${chevron}`, { "@media": { [desktop]: { transform: "rotate(-45deg)" } } });
// The last menu sits near the right edge: its dropdown aligns right and its flyouts open leftwards.
globalStyle(`${menu}:last-child > ${dropdown}`, { "@media": { [desktop]: { left: "auto", right: 0 } } });
globalStyle(`${menu}:last-child ${flyout}`, { "@media": { [desktop]: { left: "auto", right: "100%", marginLeft: 0 } } });
globalStyle(`${menu}:last-child ${subToggle} > ${chevron}`, { "@media": { [desktop]: { transform: "rotate(135deg)" } } });

export const buttons = style({
  display: "flex",
  gap: vars.space.sm,
  flexWrap: "wrap",
  "@media": { [mobile]: { paddingTop: vars.space.md, paddingLeft: vars.space.md } },
});
globalStyle(`${buttons} > a`, { "@media": { [desktop]: { paddingInline: buttonPad, whiteSpace: "nowrap" } } });

// Below 1200 px the taglines are at the foot of the menu; wide screens have them in the top bar,
// which thus stays one row on tablets.
export const taglines = style({
  display: "none",
  "@media": {
    [mobile]: {
      display: "grid",
      gap: vars.space.xs,
      margin: `${vars.space.md} 0 0`,
      padding: `${vars.space.md} ${vars.space.md} 0`,
      listStyle: "none",
      borderTop: `1px solid ${vars.color.divider}`,
      color: vars.color.textMuted,
      fontSize: vars.fontSize.xs,
    },
  },
});
globalStyle(`${taglines} ${tagTitle}`, { color: vars.color.heading });

// In the phone menu too: a bar on the left marks the current page.
globalStyle(`${nav} ${link}[aria-current=page]`, {
  "@media": { [mobile]: { boxShadow: `inset 3px 0 0 ${vars.color.accent}`, background: vars.color.surfaceAlt } },
});

// Two logos, one per colour mode: the dark-on-light drawing, or the light one on the dark header.
// Both keep their width and height, so swapping them moves nothing.
export const logoForLight = style({ selectors: { [`${darkMode} &`]: { display: "none" } } });
export const logoForDark = style({ display: "none", selectors: { [`${darkMode} &`]: { display: "block" } } });
