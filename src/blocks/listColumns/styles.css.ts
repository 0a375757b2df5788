import { style } from "@vanilla-extract/css";
import { media, vars } from "../../styles/theme.css.ts";

export const listColumns = style({
  display: "grid",
  gap: vars.space.lg,
  "@media": { [media.medium]: { gridTemplateColumns: "repeat(auto-fit, minmax(280px, 1fr))" } },
});

export const listColumn = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
});

export const checkList = style({ margin: 0, padding: 0, listStyle: "none", display: "grid", gap: vars.space.sm });

export const checkItem = style({
  display: "flex",
  gap: vars.space.sm,
  selectors: { "&::before": { content: "'✓'", color: vars.color.accent, fontWeight: 700 } },
});
