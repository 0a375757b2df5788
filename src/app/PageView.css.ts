import { globalStyle, style } from "@vanilla-extract/css";
import { media, vars } from "../styles/theme.css.ts";
import { container } from "../styles/layout.css.ts";
import { logoItem, proseLayout } from "../blocks/shared.css.ts";

// The content comes first in the document. On wide screens the sidebar sits in a column to its
// left; below that it follows the content as a compact list, so phones see the page at once.
export const withSidebar = style([
  container,
  {
    display: "grid",
    gap: vars.space.lg,
    paddingTop: vars.space.xl,
    paddingBottom: vars.space.xl,
    "@media": { [media.large]: { gridTemplateColumns: "280px minmax(0, 1fr)", gap: vars.space.xl } },
  },
]);
// The WhatsApp link under a page without a sidebar, in the content column.
export const afterSections = style([container, { paddingBottom: vars.space.xl }]);
// Sections inside the sidebar layout already sit in a container.
export const sidebarMain = style({ minWidth: 0, "@media": { [media.large]: { gridColumn: 2, gridRow: 1 } } });

export const sidebar = style({
  alignSelf: "start",
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  "@media": {
    [media.medium]: { padding: vars.space.lg },
    [media.large]: { gridColumn: 1, gridRow: 1, position: "sticky", top: "90px" },
  },
});
export const sidebarHeading = style({ fontSize: vars.fontSize.lg, marginBottom: vars.space.sm, "@media": { [media.large]: { marginBottom: vars.space.md } } });
export const sidebarList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.xs,
  "@media": {
    [media.small]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))", columnGap: vars.space.md },
    [media.large]: { gridTemplateColumns: "1fr" },
  },
});
export const sidebarLink = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "44px",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.heading,
  textDecoration: "none",
  fontWeight: 500,
  lineHeight: 1.3,
  selectors: {
    "&:hover": { background: vars.color.surfaceRaised, color: vars.color.accent },
    "&[aria-current=page]": { background: vars.color.surfaceRaised, color: vars.color.accent, fontWeight: 700, boxShadow: vars.shadow.card },
  },
});
export const sidebarIcon = style({
  width: "24px",
  height: "24px",
  flex: "0 0 24px",
  filter: vars.filter.icon,
  "@media": { [media.large]: { width: "28px", height: "28px", flex: "0 0 28px" } },
});
globalStyle(`${sidebarMain} > section > div`, { paddingInline: 0 });
globalStyle(`${sidebarMain} > section:first-child`, { paddingTop: 0 });
// The layout keeps the space above the footer, whatever ends the page: a section, the WhatsApp
// link or the sidebar.
globalStyle(`${sidebarMain} > section:last-child`, { paddingBottom: 0 });
// Beside the sidebar the content column is narrower: logos four to a row.
globalStyle(`${sidebarMain} ${logoItem}`, { "@media": { [media.large]: { flexBasis: `calc((100% - 3 * ${vars.space.md}) / 4)` } } });
// Text blocks beside the sidebar keep their heading above the text.
globalStyle(`${sidebarMain} ${proseLayout}`, { "@media": { [media.large]: { gridTemplateColumns: "1fr", rowGap: vars.space.sm } } });
