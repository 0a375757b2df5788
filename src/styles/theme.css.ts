import { createGlobalTheme, createVar, globalStyle } from "@vanilla-extract/css";
import { breakpoints } from "./breakpoints.ts";

export { breakpoints };
export const media = {
  small: `screen and (min-width: ${breakpoints.small}px)`,
  medium: `screen and (min-width: ${breakpoints.medium}px)`,
  large: `screen and (min-width: ${breakpoints.large}px)`,
  /** Very wide screens, where logo and document grids use the wide column (vars.width.wide). */
  wide: `screen and (min-width: ${breakpoints.wide}px)`,
  belowMedium: `screen and (max-width: ${breakpoints.medium - 0.02}px)`,
  belowLarge: `screen and (max-width: ${breakpoints.large - 0.02}px)`,
  reducedMotion: "(prefers-reduced-motion: reduce)",
} as const;

/**
 * Colours by the role they play, never by their hue: components write `vars.color.surface`,
 * `vars.color.heading`, so a second palette can give every role a new value. The light
 * palette is the default; the dark one (below) applies under <html data-color-mode="dark">,
 * set before first paint from the visitor's stored choice (src/ui/color-mode.ts).
 */
const light = {
  /** The page. */
  surface: "#ffffff",
  /** Quiet panels on the page: sidebar, feature tiles, link rows, hover backgrounds. */
  surfaceAlt: "#f6f8fa",
  /** Things that sit above the page: cards, the header, dropdowns, the form, accordion items. */
  surfaceRaised: "#ffffff",
  /** Placeholders behind media still loading: card images, the PDF viewer, the map grid. */
  surfaceSunken: "#eef2f6",
  text: "#142033",
  textMuted: "#4a5a6e",
  heading: "#0b1a2e",
  border: "#d8dee6",
  /** Lines inside a panel, quieter than its border. */
  divider: "#eef2f6",
  /** A marker that stands out from borders without the accent's weight. */
  borderStrong: "#c9d2dc",
  fieldBg: "#ffffff",
  /** Example text in an empty field (Chromium's own grey, which reaches 4.6:1 on white). */
  fieldPlaceholder: "#757575",
  /** Input outlines: 3:1 against the field and the form, as controls need. */
  fieldBorder: "#5b6b7f",
  /** Links, eyebrows, the current page, icons drawn in text colour. */
  accent: "#6d28d9",
  /** Hovered links and a second level of emphasis. */
  accentStrong: "#5b21b6",
  /** A tint behind accent-coloured marks. */
  accentSoft: "#ede9fe",
  /** Filled buttons and marks, with onAccent on them. */
  accentSolid: "#6d28d9",
  accentSolidHover: "#5b21b6",
  onAccent: "#ffffff",
  focus: "#6d28d9",
  success: "#15803d",
  danger: "#b91c1c",
  /** Device chips in the protocol lists, and the struck-through ones a protocol lacks. */
  chipBg: "#eef2f6",
  chipText: "#12263f",
  unsupportedBg: "#fdecec",
  unsupportedText: "#8a1c1c",
  /** Behind partner and client logos, which are drawn for a light background. */
  logoTile: "#ffffff",
  /** Text in sonner's tinted success and error toasts (its own colours reach only ~4.3:1). */
  toastSuccessText: "#166534",
  toastErrorText: "#b91c1c",
  /** Where a dark band meets the page: invisible on the light page, a hairline on the dark one. */
  bandEdge: "transparent",
};

const dark: Record<keyof typeof light, string> = {
  surface: "#0e1929",
  surfaceAlt: "#132135",
  surfaceRaised: "#17263c",
  surfaceSunken: "#1d2d45",
  text: "#d5dde8",
  textMuted: "#9eadc0",
  heading: "#f1f5f9",
  border: "#2b3c56",
  divider: "#22334c",
  borderStrong: "#3d5170",
  fieldBg: "#0e1929",
  fieldPlaceholder: "#8190a5",
  fieldBorder: "#7a8ba3",
  accent: "#b4a0ff",
  accentStrong: "#d3c6ff",
  accentSoft: "#2a2452",
  accentSolid: "#7c3aed",
  accentSolidHover: "#6d28d9",
  onAccent: "#ffffff",
  focus: "#c4b5fd",
  success: "#4ade80",
  danger: "#fca5a5",
  chipBg: "#22334c",
  chipText: "#dbe4ef",
  unsupportedBg: "#3a1d28",
  unsupportedText: "#fecaca",
  logoTile: "#eef2f6",
  toastSuccessText: "hsl(150, 86%, 65%)",
  toastErrorText: "hsl(358, 100%, 81%)",
  bandEdge: "#22334c",
};

const lightShadow = {
  card: "0 1px 2px rgba(11, 26, 46, 0.06), 0 4px 16px rgba(11, 26, 46, 0.06)",
  raised: "0 8px 30px rgba(11, 26, 46, 0.14)",
  header: "0 2px 12px rgba(11, 26, 46, 0.06)",
};
const darkShadow: typeof lightShadow = {
  card: "0 1px 2px rgba(0, 0, 0, 0.3), 0 4px 16px rgba(0, 0, 0, 0.2)",
  raised: "0 8px 30px rgba(0, 0, 0, 0.5)",
  header: "0 2px 12px rgba(0, 0, 0, 0.35)",
};

/** Adjustments to images drawn for a light page: the purple line icons, and photos in cards. */
const lightFilter = { icon: "none", photo: "none" };
const darkFilter: typeof lightFilter = {
  // The icons' #7c3aed strokes, lifted to a lavender that reads on dark panels.
  icon: "brightness(1.6) saturate(0.75)",
  // Bright photos a little quieter beside dark cards.
  photo: "brightness(0.9)",
};

export const vars = createGlobalTheme(":root", {
  color: light,
  shadow: lightShadow,
  filter: lightFilter,
  /**
   * The brand's dark navy bands, the same in both colour modes: top bar, footer, hero and
   * banners (with the scrim over their photos), the call-to-action panel, the form's side
   * panel, the intro splash and the skip link. Everything on them uses these tokens.
   */
  band: {
    bg: "#0b1a2e",
    /** The far end of a band's gradient. */
    bgAlt: "#1c3557",
    text: "#eef2f6",
    textMuted: "#c9d2dc",
    heading: "#ffffff",
    /** A rule between parts of a band. */
    rule: "#1c3557",
    /** The outline of a quiet control on a band. */
    outline: "#5b6b7f",
    /** A light button on a band. */
    action: "#ffffff",
    onAction: "#0b1a2e",
    actionHover: "#ede9fe",
    /** The tile behind an icon on a band (the icons are drawn for a light background). */
    tile: "#ffffff",
    /** The focus ring on a band (the page's purple ring reaches only 2.5:1 on navy). */
    focus: "#c4b5fd",
    /** Scrims over banner and hero photos, darkest behind the text on the left. */
    scrimBanner: "linear-gradient(90deg, rgba(11, 26, 46, 0.88) 0%, rgba(11, 26, 46, 0.62) 55%, rgba(11, 26, 46, 0.35) 100%)",
    scrimHero: "linear-gradient(90deg, rgba(11, 26, 46, 0.9) 0%, rgba(11, 26, 46, 0.65) 55%, rgba(11, 26, 46, 0.3) 100%)",
    /** Round controls over a photo (the slideshow's), and its inactive dots. */
    control: "rgba(11, 26, 46, 0.55)",
    controlHover: "rgba(11, 26, 46, 0.85)",
    controlBorder: "rgba(255, 255, 255, 0.5)",
    dot: "rgba(255, 255, 255, 0.55)",
  },
  // The device's own interface font (Roboto on Android, San Francisco on Apple, Segoe UI on
  // Windows): nothing to download, and the first family already matches, so the browser does
  // not look up and miss a list of fonts before the first layout (about a quarter of that
  // layout's time in traces here). The named families cover browsers without system-ui.
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif",
    heading: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif",
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
  width: { content: "1400px", wide: "1800px", text: "72ch" },
  banner: { small: "250px", medium: "380px", large: "450px" },
  z: { nav: "50", menu: "60", intro: "100", cursor: "110" },
});

/**
 * The focus ring's colour, where it differs from the page's: each band sets it to
 * `vars.band.focus` (`vars: { [focusRing]: vars.band.focus }`) for everything inside it.
 */
export const focusRing = createVar();

// Form controls, scrollbars and the canvas follow the mode too.
globalStyle(":root", { colorScheme: "light" });

/** Where the dark palette applies (src/ui/color-mode.ts sets the attribute). */
export const darkMode = "html[data-color-mode=dark]";
createGlobalTheme(darkMode, vars.color, dark);
createGlobalTheme(darkMode, vars.shadow, darkShadow);
createGlobalTheme(darkMode, vars.filter, darkFilter);
globalStyle(darkMode, { colorScheme: "dark" });
