import { globalStyle, style } from "@vanilla-extract/css";
import { focusRing, media, vars } from "../../styles/theme.css.ts";

export const layout = style({
  display: "grid",
  gap: vars.space.xl,
  alignItems: "start",
  "@media": { [media.large]: { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr)" } },
});
export const form = style({
  display: "grid",
  gap: vars.space.md,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  background: vars.color.surfaceRaised,
  "@media": { [media.medium]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))", padding: vars.space.xl } },
});
// alignContent: a field beside one showing an error message must not stretch its label and input.
export const field = style({ display: "grid", gap: vars.space.xs, alignContent: "start" });
export const wide = style({ "@media": { [media.medium]: { gridColumn: "1 / -1" } } });
export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm, color: vars.color.heading });
export const mark = style({ color: vars.color.danger, marginLeft: "2px" });
export const input = style({
  width: "100%",
  minHeight: "46px",
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.fieldBorder}`,
  borderRadius: vars.radius.sm,
  background: vars.color.fieldBg,
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "1px", borderColor: vars.color.accent },
    "&[aria-invalid=true]": { borderColor: vars.color.danger },
  },
});
globalStyle(`${input}::placeholder`, { color: vars.color.fieldPlaceholder, opacity: 1 });
export const textarea = style([input, { resize: "vertical", minHeight: "140px" }]);
export const checkbox = style({ width: "1.25rem", height: "1.25rem", margin: 0, accentColor: vars.color.accent });
export const honeypot = style({ position: "absolute", left: "-10000px", width: "1px", height: "1px", overflow: "hidden" });
export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const footer = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.md,
  "@media": { [media.medium]: { gridColumn: "1 / -1" } },
});
export const aside = style({
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: `linear-gradient(160deg, ${vars.band.bg}, ${vars.band.bgAlt})`,
  color: vars.band.text,
  boxShadow: `inset 0 0 0 1px ${vars.color.bandEdge}`,
  vars: { [focusRing]: vars.band.focus },
});
export const asideHeading = style({ color: vars.band.heading });
export const asideList = style({ display: "grid", gap: vars.space.lg, margin: 0, padding: 0, listStyle: "none" });
export const asideItem = style({ display: "grid", gap: vars.space.md, alignItems: "start" });
/** An item of a panel whose items carry icons: the icon column beside the text. */
export const asideItemWithIcon = style({ gridTemplateColumns: "40px 1fr" });
export const asideIcon = style({ width: "40px", height: "40px", padding: "6px", borderRadius: vars.radius.sm, background: vars.band.tile });
export const asideTitle = style({ color: vars.band.heading, margin: 0, fontSize: vars.fontSize.md });
export const asideText = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.band.textMuted });
// The page's purple links are too dark on the navy panel: its numbers and address are light, underlined.
globalStyle(`${asideText} a`, { color: vars.band.text, textUnderlineOffset: "3px" });
globalStyle(`${asideText} a:hover`, { color: vars.band.heading });
export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: 500 });

// The answer pages of a post without script (src/entry-form-answer.tsx): why a form was refused,
// above its fields, and the note that it was sent.
export const notice = style({
  display: "grid",
  gap: vars.space.xs,
  padding: vars.space.md,
  borderLeft: `4px solid ${vars.color.danger}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  "@media": { [media.medium]: { gridColumn: "1 / -1" } },
});
export const noticeTitle = style({ margin: 0, fontWeight: 700, color: vars.color.danger });
export const noticeText = style({ margin: 0, color: vars.color.text });
export const sent = style({
  display: "grid",
  justifyItems: "start",
  gap: vars.space.md,
  maxWidth: vars.width.text,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderLeft: `4px solid ${vars.color.success}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  background: vars.color.surfaceRaised,
  "@media": { [media.medium]: { padding: vars.space.xl } },
});
// Focused as the page loads so it is read first; a heading is nothing to act on, so no ring.
export const sentTitle = style({ margin: 0, selectors: { "&:focus": { outline: "none" } } });
export const sentText = style({ margin: 0, color: vars.color.textMuted });
export const reference = style({ color: vars.color.heading, fontWeight: 700, whiteSpace: "nowrap" });

// The form's toasts (sonner, mounted with the form; its theme follows the colour mode): the
// site's font, a readable size, and text colours that reach 4.5:1 on sonner's tinted
// rich-colour backgrounds (its own light ones reach ~4.3:1). The element names in the
// selectors outrank sonner's attribute-only rules.
globalStyle("ol[data-sonner-toaster]", { fontFamily: vars.font.body });
globalStyle("ol[data-sonner-toaster][data-sonner-theme]", {
  vars: { "--success-text": vars.color.toastSuccessText, "--error-text": vars.color.toastErrorText },
});
globalStyle("li[data-sonner-toast][data-styled=true]", { fontSize: vars.fontSize.sm });
globalStyle("li[data-sonner-toast][data-styled=true] [data-title]", { fontWeight: 700 });
