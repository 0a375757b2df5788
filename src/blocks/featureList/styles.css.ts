import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export { cardText, icon } from "../shared.css.ts";

export const features = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "repeat(auto-fit, minmax(240px, 1fr))",
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const feature = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
});
