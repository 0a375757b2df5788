import { style } from "@vanilla-extract/css";
import { focusRing, media, vars } from "../styles/theme.css.ts";
import { container } from "../styles/layout.css.ts";

export const footer = style({
  background: vars.band.bg,
  color: vars.band.textMuted,
  fontSize: vars.fontSize.sm,
  boxShadow: `inset 0 1px 0 ${vars.color.bandEdge}`,
  vars: { [focusRing]: vars.band.focus },
  // Like the sections after the first, the footer is laid out and painted only as it nears the
  // viewport. The sizes it holds until then are its measured heights on a phone, a tablet and a desktop.
  contentVisibility: "auto",
  containIntrinsicSize: "auto 1320px",
  "@media": {
    [media.small]: { containIntrinsicSize: "auto 840px" },
    [media.large]: { containIntrinsicSize: "auto 565px" },
  },
});

export const grid = style([
  container,
  {
    display: "grid",
    gap: vars.space.lg,
    paddingBlock: vars.space.xl,
    gridTemplateColumns: "1fr",
    "@media": {
      [media.small]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: vars.space.xl, paddingBlock: vars.space.xxl },
      [media.large]: { gridTemplateColumns: "minmax(0, 1.5fr) minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.2fr)", columnGap: vars.space.xl },
    },
  },
]);

export const heading = style({ color: vars.band.heading, fontSize: vars.fontSize.md, marginBottom: vars.space.md, letterSpacing: "0.02em" });
export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });
export const subList = style([list, { paddingLeft: vars.space.md, marginTop: vars.space.xs }]);
export const link = style({
  color: vars.band.textMuted,
  textDecoration: "none",
  selectors: { "&:hover": { color: vars.band.heading, textDecoration: "underline" } },
});
export const about = style({ maxWidth: "44ch", margin: 0 });
export const logo = style({ height: "40px", width: "auto", marginBottom: vars.space.md });
export const label = style({ color: vars.band.heading, fontWeight: 600, marginRight: vars.space.xs });
export const address = style({ fontStyle: "normal", display: "grid", gap: vars.space.sm });

export const bottom = style({ borderTop: `1px solid ${vars.band.rule}` });
export const bottomInner = style([
  container,
  { paddingBlock: vars.space.md, fontSize: vars.fontSize.xs, display: "flex", flexWrap: "wrap", gap: vars.space.md, justifyContent: "space-between" },
]);
