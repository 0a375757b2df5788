import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export { proseHead, proseHeading, proseLayout } from "../shared.css.ts";

export const linkList = style({ display: "grid", gap: vars.space.sm, margin: 0, padding: 0, listStyle: "none", maxWidth: "900px" });

export const linkIntro = style({ color: vars.color.textMuted, margin: `${vars.space.sm} 0 0` });

export const linkItem = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderLeft: `4px solid ${vars.color.accent}`,
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.sm,
  textDecoration: "none",
  selectors: {
    "&:hover": { background: vars.color.accentSoft },
    // The page you are on: listed for completeness, drawn quieter.
    "&[aria-current=page]": {
      borderLeftColor: vars.color.borderStrong,
      background: vars.color.surfaceRaised,
      boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
    },
  },
});

export const linkLabel = style({ fontWeight: 700, color: vars.color.heading });

export const linkText = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
