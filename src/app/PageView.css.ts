import { globalStyle, style } from "@vanilla-extract/css";
import { media, vars } from "../styles/theme.css.ts";
import { container } from "../styles/layout.css.ts";

export const withSidebar = style([
  container,
  {
    display: "grid",
    gap: vars.space.lg,
    paddingTop: vars.space.xl,
    "@media": { [media.large]: { gridTemplateColumns: "280px minmax(0, 1fr)", gap: vars.space.xl } },
  },
]);
// Sections inside the sidebar layout already sit in a container.
export const sidebarMain = style({ minWidth: 0 });

export const sidebar = style({
  alignSelf: "start",
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.steel50,
  "@media": { [media.large]: { position: "sticky", top: "90px" } },
});
export const sidebarHeading = style({ fontSize: vars.fontSize.lg });
export const sidebarList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });
export const sidebarLink = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "44px",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.navy900,
  textDecoration: "none",
  fontWeight: 500,
  selectors: {
    "&:hover": { background: vars.color.white, color: vars.color.accent },
    "&[aria-current=page]": { background: vars.color.white, color: vars.color.accent, fontWeight: 700, boxShadow: vars.shadow.card },
  },
});
export const sidebarIcon = style({ width: "28px", height: "28px", flex: "0 0 28px" });
globalStyle(`${sidebarMain} > section > div`, { paddingInline: 0 });
globalStyle(`${sidebarMain} > section:first-child`, { paddingTop: 0 });
