import { style, globalStyle } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export { proseHead, proseHeading, proseLayout } from "../shared.css.ts";

export const eyebrow = style({
  color: vars.color.accent,
  fontWeight: 700,
  textTransform: "uppercase",
  letterSpacing: "0.08em",
  fontSize: vars.fontSize.xs,
  marginBottom: vars.space.xs,
});

export const prose = style({ maxWidth: vars.width.text, fontSize: vars.fontSize.md });

globalStyle(`${prose} > :last-child`, { marginBottom: 0 });

export const bullets = style({ paddingLeft: vars.space.lg, display: "grid", gap: vars.space.xs });
