import { style } from "@vanilla-extract/css";
import { focusRing, media, vars } from "../styles/theme.css.ts";
import { container } from "../styles/layout.css.ts";

export const bar = style({ background: vars.band.bg, color: vars.band.textMuted, fontSize: vars.fontSize.xs, vars: { [focusRing]: vars.band.focus } });

export const inner = style([
  container,
  {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    justifyContent: "center",
    gap: `0 ${vars.space.lg}`,
    minHeight: "36px",
    "@media": { [media.medium]: { justifyContent: "space-between" } },
  },
]);

export const group = style({ display: "flex", flexWrap: "wrap", gap: `0 ${vars.space.lg}`, alignItems: "center", justifyContent: "center" });

export const item = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "32px",
  color: vars.band.textMuted,
  textDecoration: "none",
  selectors: { "&:hover": { color: vars.band.heading } },
});

// On wide screens; below 1200 px the taglines are inside the menu (NavBar), so the bar is one row
// on tablets. Where they do not fit beside the contacts they take a row of their own.
export const taglines = style({
  display: "none",
  "@media": {
    [media.large]: {
      display: "flex",
      flexWrap: "wrap",
      justifyContent: "center",
      gap: `0 ${vars.space.lg}`,
      margin: 0,
      padding: 0,
      listStyle: "none",
      lineHeight: "32px",
    },
  },
});
export const tagTitle = style({ color: vars.band.heading, fontWeight: 600 });
