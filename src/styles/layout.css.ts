import { globalStyle, style } from "@vanilla-extract/css";
import { media, vars } from "./theme.css.ts";

/** The centred content column every section sits in. */
export const container = style({
  width: "100%",
  maxWidth: vars.width.content,
  marginInline: "auto",
  paddingInline: vars.space.md,
  "@media": { [media.medium]: { paddingInline: vars.space.lg } },
});

export const section = style({
  paddingBlock: vars.space.xl,
  "@media": { [media.medium]: { paddingBlock: vars.space.xxl } },
});

// Two sections in a row share one gap instead of adding their paddings up.
globalStyle(`${section} + ${section}`, { paddingTop: 0 });
// Sections after the first are laid out and painted only as they near the viewport, which takes
// that work out of a phone's first seconds. Each keeps its last real size ("auto") once drawn,
// so scrolling back does not jump.
globalStyle(`${section} ~ ${section}`, { contentVisibility: "auto", containIntrinsicSize: "auto 600px" });

export const sectionHeading = style({ marginBottom: vars.space.lg });
export const sectionIntro = style({ color: vars.color.textMuted, maxWidth: vars.width.text, marginBottom: vars.space.xl });
// An intro sits close under its heading; without one the content keeps the heading's margin.
globalStyle(`${sectionHeading} + ${sectionIntro}`, { marginTop: `calc(${vars.space.md} * -1)` });

export const visuallyHidden = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
});

/** Kept on one line: a phone number broken after its country code reads as two. */
export const nowrap = style({ whiteSpace: "nowrap" });

const buttonBase = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  minHeight: "44px",
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.sm,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  textDecoration: "none",
  border: "2px solid transparent",
  cursor: "pointer",
  transition: "background-color 150ms ease, color 150ms ease, border-color 150ms ease",
});

export const button = style([
  buttonBase,
  {
    background: vars.color.accentSolid,
    color: vars.color.onAccent,
    selectors: { "&:hover": { background: vars.color.accentSolidHover, color: vars.color.onAccent }, "&:disabled": { opacity: 0.7, cursor: "progress" } },
  },
]);

export const buttonOutline = style([
  buttonBase,
  {
    background: "transparent",
    color: vars.color.heading,
    borderColor: vars.color.heading,
    // Inverted on hover: the heading colour fills it, the page colour writes on it.
    selectors: { "&:hover": { background: vars.color.heading, color: vars.color.surface } },
  },
]);

export const buttonOnDark = style([
  buttonBase,
  {
    background: vars.band.action,
    color: vars.band.onAction,
    selectors: { "&:hover": { background: vars.band.actionHover, color: vars.band.onAction } },
  },
]);
