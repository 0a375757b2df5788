import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

// Without script the box could find nothing: the list below it is the page.
export const form = style({ display: "grid", gap: vars.space.xs, maxWidth: vars.width.text, "@media": { "(scripting: none)": { display: "none" } } });
export const label = style({ fontWeight: 600, color: vars.color.heading });
export const input = style({
  width: "100%",
  minHeight: "48px",
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.fieldBorder}`,
  borderRadius: vars.radius.sm,
  background: vars.color.fieldBg,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  selectors: { "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "1px", borderColor: vars.color.accent } },
});
globalStyle(`${input}::placeholder`, { color: vars.color.fieldPlaceholder, opacity: 1 });

export const status = style({ margin: `${vars.space.md} 0`, color: vars.color.textMuted, minHeight: "1.5em" });

export const results = style({ display: "grid", gap: vars.space.lg, margin: 0, padding: 0, listStyle: "none", maxWidth: vars.width.text });
export const resultTitle = style({ margin: 0, fontSize: vars.fontSize.lg, display: "flex", flexWrap: "wrap", alignItems: "baseline", gap: vars.space.sm });
export const badge = style({
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.chipBg,
  color: vars.color.chipText,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
});
export const excerpt = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.text, overflowWrap: "anywhere" });
export const onPage = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
globalStyle(`${results} mark`, { background: vars.color.accentSoft, color: "inherit", borderRadius: "2px", padding: "0 1px" });

export const listHeading = style({ marginTop: vars.space.xl, fontSize: vars.fontSize.xl });
export const groups = style({ display: "grid", gap: vars.space.lg, gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))" });
export const groupHeading = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.sm}` });
export const tree = style({ margin: 0, paddingLeft: vars.space.lg, display: "grid", gap: vars.space.xs });
export const file = style({ fontSize: vars.fontSize.sm });
