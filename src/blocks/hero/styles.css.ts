import { globalStyle, style } from "@vanilla-extract/css";
import { focusRing, media, vars } from "../../styles/theme.css.ts";
import { bannerSmall, bannerMedium, bannerLarge } from "../shared.css.ts";

export const hero = style({
  position: "relative",
  background: vars.band.bg,
  color: vars.band.heading,
  vars: { [focusRing]: vars.band.focus },
  height: `calc(${bannerSmall} + 170px)`,
  "@media": { [media.medium]: { height: `calc(${bannerMedium} + 120px)` }, [media.large]: { height: `calc(${bannerLarge} + 110px)` } },
});
export const viewport = style({ position: "absolute", inset: 0, overflow: "hidden" });
export const track = style({ position: "relative", height: "100%" });
// The slides lie on one another; the current one fades in over the last (opacity alone: the
// compositor's work, no script per frame).
export const slide = style({
  position: "absolute",
  inset: 0,
  opacity: 0,
  transition: "opacity 700ms ease",
  selectors: { "&[data-current]": { opacity: 1 } },
  "@media": { [media.reducedMotion]: { transition: "none" } },
});
export const slideImage = style({ width: "100%", height: "100%", objectFit: "cover" });
export const overlay = style({
  position: "absolute",
  inset: 0,
  background: vars.band.scrimHero,
  pointerEvents: "none",
});
export const content = style({
  position: "relative",
  height: "100%",
  display: "flex",
  flexDirection: "column",
  justifyContent: "center",
  gap: vars.space.md,
  pointerEvents: "none",
});
export const heading = style({ color: vars.band.heading, fontSize: vars.fontSize.display, maxWidth: "20ch", margin: 0 });
// Room for the longest line as it is typed (two lines on phones), so nothing below it jumps.
export const tagline = style({
  fontSize: vars.fontSize.lg,
  lineHeight: 1.5,
  color: vars.band.text,
  minHeight: "3em",
  margin: 0,
  fontWeight: 500,
  "@media": { [media.medium]: { fontSize: vars.fontSize.xl, minHeight: "1.5em" } },
});
export const actions = style({ pointerEvents: "auto" });
export const controls = style({
  position: "absolute",
  left: "50%",
  bottom: vars.space.md,
  transform: "translateX(-50%)",
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
});
export const control = style({
  display: "grid",
  placeItems: "center",
  minWidth: "36px",
  height: "36px",
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.band.controlBorder}`,
  background: vars.band.control,
  color: vars.band.heading,
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.band.controlHover } },
});
export const dot = style({
  width: "36px",
  height: "36px",
  border: 0,
  background: "transparent",
  cursor: "pointer",
  display: "grid",
  placeItems: "center",
  selectors: {
    "&::before": {
      content: "",
      width: "10px",
      height: "10px",
      borderRadius: "50%",
      background: vars.band.dot,
      transition: "background 150ms, transform 150ms",
    },
    "&[aria-current=true]::before": { background: vars.band.heading, transform: "scale(1.3)" },
  },
  // Forced colours drop backgrounds: the dots are drawn in the button text colour, the current one
  // highlighted, each on a button-coloured disc as the other controls are, whatever the photo behind.
  "@media": { "(forced-colors: active)": { forcedColorAdjust: "none", background: "ButtonFace", borderRadius: "50%" } },
});
globalStyle(`${dot}::before`, { "@media": { "(forced-colors: active)": { background: "ButtonText" } } });
globalStyle(`${dot}[aria-current=true]::before`, { "@media": { "(forced-colors: active)": { background: "Highlight" } } });
