import { style } from "@vanilla-extract/css";
import { media, vars } from "../styles/theme.css.ts";

export const layout = style({ display: "grid", gap: vars.space.xl, alignItems: "center", "@media": { [media.medium]: { gridTemplateColumns: "3fr 2fr" } } });
export const map = style({ width: "100%", height: "360px", border: 0, borderRadius: vars.radius.md, background: vars.color.steel100, boxShadow: vars.shadow.card });
export const details = style({ display: "grid", gap: vars.space.sm, justifyItems: "start" });
export const label = style({ display: "block", fontSize: vars.fontSize.xs, textTransform: "uppercase", letterSpacing: "0.08em", color: vars.color.textMuted, fontWeight: 600 });
export const phone = style({ fontSize: vars.fontSize.xl, fontWeight: 700 });
