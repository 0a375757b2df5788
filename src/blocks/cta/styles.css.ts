import { style } from "@vanilla-extract/css";
import { focusRing, media, vars } from "../../styles/theme.css.ts";

export { ctaRow } from "../shared.css.ts";

export const cta = style({
  padding: vars.space.lg,
  "@media": { [media.medium]: { padding: vars.space.xl } },
  borderRadius: vars.radius.lg,
  background: `linear-gradient(120deg, ${vars.band.bg}, ${vars.band.bgAlt})`,
  color: vars.band.text,
  boxShadow: `inset 0 0 0 1px ${vars.color.bandEdge}`,
  vars: { [focusRing]: vars.band.focus },
});

export const ctaHeading = style({ color: vars.band.heading });
