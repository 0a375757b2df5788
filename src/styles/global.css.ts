import { fallbackVar, globalStyle } from "@vanilla-extract/css";
import { focusRing, media, vars } from "./theme.css.ts";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html", { WebkitTextSizeAdjust: "100%", scrollPaddingTop: "5rem" });
globalStyle("body", {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: 1.6,
  color: vars.color.text,
  background: vars.color.surface,
  WebkitFontSmoothing: "antialiased",
});
globalStyle("h1, h2, h3, h4", { fontFamily: vars.font.heading, lineHeight: 1.2, margin: `0 0 ${vars.space.md}`, color: vars.color.heading });
globalStyle("h2", { fontSize: vars.fontSize.xxl, letterSpacing: "-0.01em" });
globalStyle("h3", { fontSize: vars.fontSize.lg });
globalStyle("p", { margin: `0 0 ${vars.space.md}` });
globalStyle("img, svg, video, iframe", { maxWidth: "100%", display: "block" });
globalStyle("img", { height: "auto" });
globalStyle("a", { color: vars.color.accent, textUnderlineOffset: "0.15em" });
globalStyle("a:hover", { color: vars.color.accentStrong });
globalStyle(":focus-visible", { outline: `3px solid ${fallbackVar(focusRing, vars.color.focus)}`, outlineOffset: "2px", borderRadius: "2px" });
globalStyle("button, input, textarea, select", { font: "inherit", color: "inherit" });
globalStyle("*", {
  "@media": {
    [media.reducedMotion]: { animationDuration: "0.01ms !important", animationIterationCount: "1 !important", transitionDuration: "0.01ms !important" },
  },
});
