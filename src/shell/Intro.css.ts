import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { focusRing, media, vars } from "../styles/theme.css.ts";

const rise = keyframes({ from: { opacity: 0, transform: "translateY(12px)" }, to: { opacity: 1, transform: "none" } });
// Without JavaScript the splash still leaves on its own: visible for the splash delay, then it fades.
const leave = keyframes({ to: { opacity: 0, visibility: "hidden" } });

export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: vars.z.intro,
  display: "grid",
  placeItems: "center",
  background: `radial-gradient(circle at 30% 20%, ${vars.band.bgAlt}, ${vars.band.bg} 70%)`,
  color: vars.band.heading,
  vars: { [focusRing]: vars.band.focus },
  animationName: leave,
  animationTimingFunction: "ease",
  animationFillMode: "forwards",
  "@media": { [media.reducedMotion]: { display: "none" } },
});
// Already seen in this session (set by the inline head script before first paint).
globalStyle(`html[data-intro-seen] ${overlay}`, { display: "none" });
// Without JavaScript nothing can dismiss it early, so it never stands between a visitor and a link.
globalStyle(`html:not([data-js]) ${overlay}`, { pointerEvents: "none" });

// One entrance for the whole block, not one per line: every animated frame is drawn again by the
// compositor, and staggered entrances kept it drawing for 1.7 s while the page underneath loads.
// On the benchmark's machine that cost about 500 ms of CPU per first visit.
export const inner = style({ textAlign: "center", padding: vars.space.lg, animation: `${rise} 700ms ease both` });

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

export const taglines = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
  padding: 0,
  listStyle: "none",
  color: vars.band.textMuted,
  fontSize: vars.fontSize.sm,
});

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
