import { style } from "@vanilla-extract/css";
import { media, vars } from "../styles/theme.css.ts";
import { container } from "../styles/layout.css.ts";

export const bar = style({ background: vars.color.navy900, color: vars.color.steel300, fontSize: vars.fontSize.xs });

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
  color: vars.color.steel300,
  textDecoration: "none",
  selectors: { "&:hover": { color: vars.color.white } },
});

export const taglines = style({ display: "none", "@media": { [media.large]: { display: "flex", gap: vars.space.lg, margin: 0, padding: 0, listStyle: "none" } } });
export const tagTitle = style({ color: vars.color.white, fontWeight: 600 });
