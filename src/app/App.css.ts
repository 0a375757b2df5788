import { style } from "@vanilla-extract/css";
import { vars } from "../styles/theme.css.ts";

export const skipLink = style({
  position: "absolute",
  left: vars.space.md,
  top: "-100px",
  zIndex: vars.z.cursor,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.band.bg,
  color: vars.band.heading,
  borderRadius: vars.radius.sm,
  selectors: { "&:focus": { top: vars.space.md, color: vars.band.heading } },
});

export const main = style({ display: "block", outline: "none", minHeight: "50vh" });
