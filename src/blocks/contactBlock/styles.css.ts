import { style } from "@vanilla-extract/css";
import { media, vars } from "../../styles/theme.css.ts";

export const layout = style({ display: "grid", gap: vars.space.xl, alignItems: "center", "@media": { [media.medium]: { gridTemplateColumns: "3fr 2fr" } } });

// The map frame: a quiet grid with the office's city underneath, the map iframe on top.
export const mapFrame = style({
  position: "relative",
  height: "280px",
  borderRadius: vars.radius.md,
  overflow: "hidden",
  boxShadow: vars.shadow.card,
  border: `1px solid ${vars.color.border}`,
  background: `linear-gradient(${vars.color.divider} 1px, transparent 1px) 0 0 / 40px 40px, linear-gradient(90deg, ${vars.color.divider} 1px, transparent 1px) 0 0 / 40px 40px, ${vars.color.surfaceAlt}`,
  "@media": { [media.medium]: { height: "360px" } },
});
export const mapFallback = style({
  position: "absolute",
  inset: 0,
  margin: 0,
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontWeight: 600,
});
export const pin = style({
  width: "22px",
  height: "22px",
  borderRadius: "50% 50% 50% 0",
  transform: "rotate(-45deg)",
  background: vars.color.accentSolid,
  boxShadow: `0 0 0 6px ${vars.color.accentSoft}`,
});
export const map = style({ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 });
export const details = style({ display: "grid", gap: vars.space.sm, justifyItems: "start" });
export const label = style({
  display: "block",
  fontSize: vars.fontSize.xs,
  textTransform: "uppercase",
  letterSpacing: "0.08em",
  color: vars.color.textMuted,
  fontWeight: 600,
});
export const phone = style({ fontSize: vars.fontSize.xl, fontWeight: 700 });
