import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css.ts";

// WhatsApp's own dark teal, so the link is recognised at a glance; white on it reads at 7.8:1.
export const link = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "44px",
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: "#075e54",
  color: "#ffffff",
  fontWeight: 600,
  textDecoration: "none",
  selectors: { "&:hover": { background: "#05473f", color: "#ffffff" } },
});
export const icon = style({ width: "20px", height: "20px", flex: "0 0 20px" });

export const callout = style({
  display: "grid",
  gap: vars.space.sm,
  justifyItems: "start",
  marginTop: vars.space.lg,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});
export const prompt = style({ margin: 0, color: vars.color.text, fontWeight: 500 });
