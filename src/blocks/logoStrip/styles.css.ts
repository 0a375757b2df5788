import { createVar, style, keyframes, globalStyle } from "@vanilla-extract/css";
import { INTRO_OVER_ATTRIBUTE } from "../../ui/intro-over.ts";
import { media, vars } from "../../styles/theme.css.ts";

export { logoCell, logoImage } from "../shared.css.ts";

// Every logo cell has the same pitch, so one copy of the list is exactly logos × pitch wide
// and scrolling by that distance loops without a jump.
export const STRIP_PITCH_PX = 234;

export const stripDistance = createVar();

export const stripDuration = createVar();

const scroll = keyframes({ from: { transform: "translateX(0)" }, to: { transform: `translateX(calc(-1 * ${stripDistance}))` } });

export const strip = style({ overflow: "hidden", maskImage: "linear-gradient(90deg, transparent, #000 8%, #000 92%, transparent)" });

export const stripTrack = style({
  display: "flex",
  width: "max-content",
  margin: 0,
  padding: 0,
  listStyle: "none",
  animation: `${scroll} ${stripDuration} linear infinite`,
  selectors: { [`${strip}:hover &`]: { animationPlayState: "paused" } },
  "@media": { [media.reducedMotion]: { animation: "none", flexWrap: "wrap", width: "auto", justifyContent: "center" } },
});

// Under the intro splash nobody sees the strip move (see src/ui/intro-over.ts). A session that
// has seen the splash (data-intro-seen, set before first paint) never shows it, so need not wait.
globalStyle(`html[data-js]:not([data-intro-seen]):not([${INTRO_OVER_ATTRIBUTE}]) ${stripTrack}`, { animationPlayState: "paused" });

export const stripBlock = style({ display: "grid", justifyItems: "center", gap: vars.space.sm });

/** The pause switch: a checkbox and its words, under the strip; nothing moves to pause under reduced motion. */
export const pause = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "44px",
  paddingInline: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  "@media": { [media.reducedMotion]: { display: "none" } },
});
export const pauseInput = style({ width: "18px", height: "18px", margin: 0, accentColor: vars.color.accentSolid, cursor: "pointer" });
globalStyle(`${stripBlock}:has(${pauseInput}:checked) ${stripTrack}`, { animationPlayState: "paused" });

export const stripItem = style({ flex: "0 0 auto", width: `${STRIP_PITCH_PX}px`, paddingRight: "40px" });

export const stripCopy = style({ "@media": { [media.reducedMotion]: { display: "none" } } });
