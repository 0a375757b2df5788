import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css.ts";

export { ctaRow } from "../shared.css.ts";

export const pdfFrame = style({
  display: "block",
  width: "100%",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
});

/** Holds the frame's place (its height is set inline) until the viewer starts. */
export const pdfSlot = style({ borderRadius: vars.radius.md, background: vars.color.surfaceSunken });
