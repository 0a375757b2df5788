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

/**
 * Holds the frame's place (its height is set inline) until the viewer starts. Drawn only near the
 * viewport (content-visibility), so the frame, lazy as it is, starts the browser's PDF viewer when
 * the visitor scrolls towards it: the browser's own lazy distance reaches well below the first
 * screen, and the viewer's dozens of files would otherwise load with the page, before its largest
 * paint.
 */
export const pdfSlot = style({ borderRadius: vars.radius.md, background: vars.color.surfaceSunken, contentVisibility: "auto" });
