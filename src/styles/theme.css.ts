import { createGlobalTheme } from "@vanilla-extract/css";

/** Breakpoints in px; media queries below are built from these so they stay in step. */
export const breakpoints = { medium: 768, large: 1200 } as const;
export const media = {
  medium: `screen and (min-width: ${breakpoints.medium}px)`,
  large: `screen and (min-width: ${breakpoints.large}px)`,
  belowLarge: `screen and (max-width: ${breakpoints.large - 0.02}px)`,
  reducedMotion: "(prefers-reduced-motion: reduce)",
} as const;

export const vars = createGlobalTheme(":root", {
  color: {
    navy900: "#0b1a2e",
    navy800: "#12263f",
    navy700: "#1c3557",
    steel600: "#4a5a6e",
    steel500: "#5b6b7f",
    steel300: "#c9d2dc",
    steel100: "#eef2f6",
    steel50: "#f6f8fa",
    white: "#ffffff",
    accent: "#6d28d9",
    accentStrong: "#5b21b6",
    accentSoft: "#ede9fe",
    text: "#142033",
    textMuted: "#4a5a6e",
    border: "#d8dee6",
    focus: "#6d28d9",
    success: "#15803d",
    danger: "#b91c1c",
  },
  font: {
    body: "Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
    heading: "Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  },
  fontSize: {
    xs: "0.8125rem",
    sm: "0.9375rem",
    md: "1rem",
    lg: "1.125rem",
    xl: "1.375rem",
    xxl: "clamp(1.5rem, 1.2rem + 1.2vw, 2.125rem)",
    display: "clamp(1.75rem, 1.2rem + 2.6vw, 3.25rem)",
  },
  space: {
    xs: "0.25rem",
    sm: "0.5rem",
    md: "1rem",
    lg: "1.5rem",
    xl: "2.5rem",
    xxl: "4rem",
  },
  radius: { sm: "6px", md: "10px", lg: "16px", pill: "999px" },
  shadow: {
    card: "0 1px 2px rgba(11, 26, 46, 0.06), 0 4px 16px rgba(11, 26, 46, 0.06)",
    raised: "0 8px 30px rgba(11, 26, 46, 0.14)",
  },
  width: { content: "1400px", wide: "1800px", text: "72ch" },
  banner: { small: "250px", medium: "380px", large: "450px" },
  z: { nav: "50", menu: "60", intro: "100", cursor: "110" },
});
