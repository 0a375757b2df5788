import { globalStyle, style } from "@vanilla-extract/css";
import { media, vars } from "../../styles/theme.css.ts";

export const columns = style({
  display: "grid",
  gap: vars.space.sm,
  alignItems: "start",
  "@media": { [media.medium]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: vars.space.md } },
});
export const list = style({
  display: "grid",
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": { [media.medium]: { gap: vars.space.md } },
});
export const item = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.card,
});
export const toggle = style({
  display: "flex",
  width: "100%",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  minHeight: "52px",
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: "none",
  border: 0,
  fontWeight: 600,
  textAlign: "left",
  cursor: "pointer",
  color: vars.color.heading,
  listStyle: "none",
  selectors: { "&:hover": { color: vars.color.accent }, "&::-webkit-details-marker": { display: "none" } },
});
export const details = style({});
export const sign = style({
  flex: "0 0 auto",
  width: "24px",
  height: "24px",
  borderRadius: "50%",
  display: "grid",
  placeItems: "center",
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontWeight: 700,
  selectors: { "&::before": { content: "'+'" } },
});
globalStyle(`${details}[open] ${sign}::before`, { content: "'−'" });
export const panel = style({ padding: `0 ${vars.space.lg} ${vars.space.lg}`, fontSize: vars.fontSize.sm });
export const protocol = style({
  borderTop: `1px solid ${vars.color.divider}`,
  paddingTop: vars.space.md,
  marginTop: vars.space.md,
  selectors: { "&:first-child": { borderTop: 0, marginTop: 0, paddingTop: 0 } },
});
export const protocolType = style({ fontSize: vars.fontSize.sm, margin: `0 0 ${vars.space.xs}`, color: vars.color.accentStrong });
export const devices = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, margin: `${vars.space.sm} 0 0`, padding: 0, listStyle: "none" });
export const device = style({ padding: `2px ${vars.space.sm}`, borderRadius: vars.radius.pill, background: vars.color.chipBg, color: vars.color.chipText });
export const unsupported = style([device, { background: vars.color.unsupportedBg, color: vars.color.unsupportedText, textDecoration: "line-through" }]);
export const unsupportedLabel = style({ fontWeight: 600, color: vars.color.unsupportedText, marginTop: vars.space.sm, marginBottom: 0 });
