import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { focusRing, media, vars } from "../styles/theme.css.ts";

// Without JavaScript the splash still leaves on its own: visible for the splash delay, then it fades.
const leave = keyframes({ to: { opacity: 0, visibility: "hidden" } });

// A <dialog open>: the browser's own dialog box styles are undone so it covers the viewport.
export const overlay = style({
  position: "fixed",
  inset: 0,
  width: "auto",
  height: "auto",
  maxWidth: "none",
  maxHeight: "none",
  margin: 0,
  padding: 0,
  border: 0,
  zIndex: vars.z.intro,
  display: "grid",
  placeItems: "center",
  background: `radial-gradient(circle at 30% 20%, ${vars.band.bgAlt}, ${vars.band.bg} 70%)`,
  color: vars.band.heading,
  vars: { [focusRing]: vars.band.focus },
  animationName: leave,
  animationTimingFunction: "ease",
  animationFillMode: "forwards",
  selectors: { "&:not([open])": { display: "none" } },
  "@media": { [media.reducedMotion]: { display: "none" } },
});
// Already seen in this session (set by the inline head script before first paint).
globalStyle(`html[data-intro-seen] ${overlay}`, { display: "none" });

export const inner = style({ textAlign: "center", padding: vars.space.lg });

export const initials = style({
  display: "inline-grid",
  placeItems: "center",
  width: "96px",
  height: "96px",
  borderRadius: vars.radius.lg,
  background: vars.color.accentSolid,
  color: vars.color.onAccent,
  fontSize: "2.5rem",
  fontWeight: 800,
  letterSpacing: "0.02em",
});

export const name = style({
  margin: `${vars.space.lg} 0 ${vars.space.sm}`,
  color: vars.band.heading,
  fontSize: vars.fontSize.display,
  fontWeight: 700,
});

export const rule = style({
  height: "3px",
  width: "min(320px, 70vw)",
  margin: `0 auto ${vars.space.md}`,
  background: vars.color.accentSolid,
});

// One under another at every width: in a row, the taglines still to appear kept their space, so
// the first one showed off-centre on wide screens until the last had come.
export const taglines = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: "none",
  color: vars.band.textMuted,
  fontSize: vars.fontSize.sm,
});

// The splash's motion is its taglines appearing one by one, each in two steps rather than as a
// smooth fade. On a machine that composites in software every animated frame costs CPU that the
// main thread, still building the page, needs; a smooth entrance would draw a frame at every
// refresh from the first paint on.
const appear = keyframes({ from: { opacity: 0 } });
export const tagline = style({ animation: `${appear} 200ms steps(2) both` });

// Out of the overlay's grid, so the splash is centred in the whole screen, not in the row above Skip's.
export const skipForm = style({ display: "contents" });

export const skip = style({
  position: "absolute",
  right: vars.space.lg,
  bottom: vars.space.lg,
  background: "transparent",
  color: vars.band.textMuted,
  border: `1px solid ${vars.band.outline}`,
  borderRadius: vars.radius.pill,
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.fontSize.xs,
  cursor: "pointer",
  selectors: { "&:hover": { color: vars.band.heading, borderColor: vars.band.heading } },
});
