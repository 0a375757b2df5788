import { globalStyle, style } from "@vanilla-extract/css";
import { darkMode, media, vars } from "../styles/theme.css.ts";
import { container } from "../styles/layout.css.ts";

// Layout switches at the large breakpoint: below it the menu is a collapsible panel.
const desktop = media.large;
const mobile = media.belowLarge;
// Collapsing needs JavaScript to reopen; without it (no data-js on <html>) everything stays visible.
const js = "html[data-js]";

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
  { display: "flex", alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", minHeight: "68px", gap: vars.space.md },
]);

export const logo = style({ display: "inline-flex", alignItems: "center", paddingBlock: vars.space.sm });
export const logoImg = style({ height: "40px", width: "auto" });

export const hamburger = style({
  display: "none",
  alignItems: "center",
  justifyContent: "center",
  width: "44px",
  height: "44px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  cursor: "pointer",
  "@media": { [mobile]: { display: "inline-flex" } },
});
globalStyle(`html:not([data-js]) ${hamburger}`, { display: "none" });

export const bars = style({
  position: "relative",
  width: "22px",
  height: "2px",
  background: vars.color.heading,
  transition: "background 150ms",
  selectors: {
    "&::before, &::after": { content: "", position: "absolute", left: 0, width: "22px", height: "2px", background: vars.color.heading, transition: "transform 150ms" },
    "&::before": { top: "-7px" },
    "&::after": { top: "7px" },
    [`${hamburger}[aria-expanded=true] &`]: { background: "transparent" },
    [`${hamburger}[aria-expanded=true] &::before`]: { transform: "translateY(7px) rotate(45deg)" },
    [`${hamburger}[aria-expanded=true] &::after`]: { transform: "translateY(-7px) rotate(-45deg)" },
  },
});

export const nav = style({
  "@media": {
    [desktop]: { display: "flex", alignItems: "center", gap: vars.space.lg },
    [mobile]: { flexBasis: "100%", paddingBottom: vars.space.md, maxHeight: "calc(100vh - 110px)", overflowY: "auto" },
  },
});
globalStyle(`${js} ${nav}:not([data-open])`, { "@media": { [mobile]: { display: "none" } } });

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  "@media": { [desktop]: { display: "flex", alignItems: "center", gap: vars.space.xs } },
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

export const link = style({
  ...itemBase,
  selectors: {
    "&:hover": { color: vars.color.accent, background: vars.color.surfaceAlt },
    "&[aria-current=page]": { color: vars.color.accent, fontWeight: 700, boxShadow: `inset 0 -2px 0 ${vars.color.accent}` },
  },
  "@media": { [desktop]: { width: "auto", whiteSpace: "nowrap" } },
});

export const menu = style({ position: "relative" });

export const menuButton = style([link, { justifyContent: "space-between", selectors: { "&[data-current]": { color: vars.color.accent, fontWeight: 700 } } }]);

export const chevron = style({
  display: "inline-block",
  width: "8px",
  height: "8px",
  marginLeft: vars.space.xs,
  borderRight: "2px solid currentColor",
  borderBottom: "2px solid currentColor",
  transform: "translateY(-2px) rotate(45deg)",
  transition: "transform 150ms",
  selectors: { "[aria-expanded=true] > &": { transform: "translateY(2px) rotate(-135deg)" } },
});

export const dropdown = style({
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

export const subItem = style({ position: "relative", "@media": { [desktop]: { display: "flex", alignItems: "center" } } });
export const subRow = style({ display: "flex", alignItems: "center" });

export const subToggle = style({
  ...itemBase,
  width: "44px",
  flex: "0 0 44px",
  justifyContent: "center",
  padding: 0,
  selectors: { "&:hover": { background: vars.color.surfaceAlt } },
});

export const flyout = style([
  dropdown,
  { "@media": { [desktop]: { top: "-9px", left: "100%", marginLeft: 0 } } },
]);

export const overviewLink = style([link, { fontWeight: 700 }]);

// Inside a dropdown the current page is marked by a bar on its left, not an underline.
globalStyle(`${dropdown} ${link}[aria-current=page]`, { boxShadow: `inset 3px 0 0 ${vars.color.accent}`, background: vars.color.surfaceAlt });
// On wide screens a group's chevron points to the side its flyout opens on.
globalStyle(`${subToggle} > ${chevron}`, { "@media": { [desktop]: { transform: "rotate(-45deg)" } } });
globalStyle(`${subToggle}[aria-expanded=true] > ${chevron}`, { "@media": { [desktop]: { transform: "rotate(-45deg)" } } });
// The last menu sits near the right edge: its dropdown aligns right and its flyouts open leftwards.
globalStyle(`${menu}:last-child > ${dropdown}`, { "@media": { [desktop]: { left: "auto", right: 0 } } });
globalStyle(`${menu}:last-child ${flyout}`, { "@media": { [desktop]: { left: "auto", right: "100%", marginLeft: 0 } } });
globalStyle(`${menu}:last-child ${subToggle} > ${chevron}`, { "@media": { [desktop]: { transform: "rotate(135deg)" } } });

// Closed groups hide their list. On wide screens hovering opens them too; without JavaScript,
// tabbing into them does. Each rule repeats the html[...] prefix so they weigh the same.
const noJs = "html:not([data-js])";
globalStyle(`${js} ${menu}:not([data-open]) > ${dropdown}, ${js} ${subItem}:not([data-open]) > ${flyout}`, { display: "none" });
globalStyle(`${noJs} ${menu} > ${dropdown}, ${noJs} ${subItem} > ${flyout}`, { "@media": { [desktop]: { display: "none" } } });
globalStyle(
  [js, noJs].map((p) => `${p} ${menu}:hover > ${dropdown}, ${p} ${subItem}:hover > ${flyout}`).join(", ") +
    `, ${noJs} ${menu}:focus-within > ${dropdown}, ${noJs} ${subItem}:focus-within > ${flyout}`,
  { "@media": { [desktop]: { display: "block" } } },
);

export const buttons = style({
  display: "flex",
  gap: vars.space.sm,
  flexWrap: "wrap",
  "@media": { [mobile]: { paddingTop: vars.space.md, paddingLeft: vars.space.md } },
});
// In the phone menu too: a bar on the left marks the current page.
globalStyle(`${nav} ${link}[aria-current=page]`, { "@media": { [mobile]: { boxShadow: `inset 3px 0 0 ${vars.color.accent}`, background: vars.color.surfaceAlt } } });

// Two logos, one per colour mode: the dark-on-light drawing, or the light one on the dark header.
// Both keep their width and height, so swapping them moves nothing.
export const logoForLight = style({ selectors: { [`${darkMode} &`]: { display: "none" } } });
export const logoForDark = style({ display: "none", selectors: { [`${darkMode} &`]: { display: "block" } } });
