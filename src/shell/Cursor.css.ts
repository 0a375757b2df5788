import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css.ts";

const dot = style({
  position: "fixed",
  top: 0,
  left: 0,
  borderRadius: "50%",
  pointerEvents: "none",
  zIndex: vars.z.cursor,
  opacity: 0,
  transition: "opacity 200ms ease, transform 150ms ease",
  willChange: "transform",
});
export const inner = style([dot]);
export const outer = style([dot]);
