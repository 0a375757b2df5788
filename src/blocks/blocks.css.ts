import { createVar, style, keyframes, globalStyle } from "@vanilla-extract/css";
import { INTRO_OVER_ATTRIBUTE } from "../shell/intro-state.ts";
import { breakpoints, focusRing, media, vars } from "../styles/theme.css.ts";

/* Shared by several blocks. Block-specific styles sit beside each block. */

export const eyebrow = style({ color: vars.color.accent, fontWeight: 700, textTransform: "uppercase", letterSpacing: "0.08em", fontSize: vars.fontSize.xs, marginBottom: vars.space.xs });

export const columns = createVar();
// A wrapping row rather than a grid, so that a last row with fewer cards sits centred under
// the others instead of leaving holes on the right. Each cell takes 1/columns of the row.
export const grid = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  margin: 0,
  padding: 0,
  listStyle: "none",
  gap: vars.space.lg,
});

export const card = style({
  display: "flex",
  flexDirection: "column",
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  overflow: "hidden",
  color: "inherit",
  textDecoration: "none",
  transition: "transform 200ms ease, box-shadow 200ms ease",
});
export const cardLink = style({
  selectors: { "&:hover": { transform: "translateY(-3px)", boxShadow: vars.shadow.raised, color: "inherit" } },
});
/** How wide a card image shows: a third of the content column on wide screens, half or all below. */
export const CARD_SIZES = `(min-width: ${breakpoints.large}px) 460px, (min-width: ${breakpoints.small}px) 50vw, 100vw`;
export const cardImage = style({
  width: "100%",
  aspectRatio: "2 / 1",
  objectFit: "cover",
  background: vars.color.surfaceSunken,
  filter: vars.filter.photo,
  "@media": { [media.small]: { aspectRatio: "8 / 5" } },
});
export const cardBody = style({ padding: vars.space.lg, display: "flex", flexDirection: "column", gap: vars.space.sm, flex: 1 });
export const cardTitle = style({ fontSize: vars.fontSize.lg, margin: 0 });
export const cardText = style({ color: vars.color.textMuted, margin: 0, fontSize: vars.fontSize.sm });
export const cardMore = style({ marginTop: "auto", color: vars.color.accent, fontWeight: 600, fontSize: vars.fontSize.sm });
export const icon = style({ width: "48px", height: "48px", filter: vars.filter.icon });

export const prose = style({ maxWidth: vars.width.text, fontSize: vars.fontSize.md });
// Text blocks: heading above the text, or on wide screens beside it (the text keeps its measure).
export const proseLayout = style({
  display: "grid",
  gap: vars.space.xs,
  "@media": { [media.large]: { gridTemplateColumns: "minmax(0, 5fr) minmax(0, 7fr)", columnGap: vars.space.xxl, alignItems: "start" } },
});
export const proseHead = style({ "@media": { [media.large]: { paddingTop: "0.2rem" } } });
export const proseHeading = style({ marginBottom: vars.space.sm, "@media": { [media.large]: { marginBottom: 0 } } });
globalStyle(`${prose} > :last-child`, { marginBottom: 0 });
export const bullets = style({ paddingLeft: vars.space.lg, display: "grid", gap: vars.space.xs });

export const ctaRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, marginTop: vars.space.lg });

/* Banner */
export const bannerSmall = createVar();
export const bannerMedium = createVar();
export const bannerLarge = createVar();
export const banner = style({
  position: "relative",
  display: "grid",
  alignItems: "center",
  height: bannerSmall,
  overflow: "hidden",
  background: vars.band.bg,
  color: vars.band.heading,
  vars: { [focusRing]: vars.band.focus },
  "@media": { [media.medium]: { height: bannerMedium }, [media.large]: { height: bannerLarge } },
});
export const bannerImage = style({ position: "absolute", inset: 0, width: "100%", height: "100%", objectFit: "cover" });
globalStyle(`${banner} picture`, { position: "absolute", inset: 0 });
export const bannerOverlay = style({
  position: "absolute",
  inset: 0,
  background: vars.band.scrimBanner,
});
export const bannerContent = style({ position: "relative" });
export const bannerHeading = style({ color: vars.band.heading, fontSize: vars.fontSize.display, margin: 0, maxWidth: "22ch" });
export const bannerText = style({ color: vars.band.text, fontSize: vars.fontSize.lg, marginTop: vars.space.sm, marginBottom: 0, maxWidth: "60ch" });

/* Logo strip */
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
// Under the intro splash nobody sees the strip move (see src/shell/intro-over.ts). A session that
// has seen the splash (data-intro-seen, set before first paint) never shows it, so need not wait.
globalStyle(`html[data-js]:not([data-intro-seen]):not([${INTRO_OVER_ATTRIBUTE}]) ${stripTrack}`, { animationPlayState: "paused" });
export const stripItem = style({ flex: "0 0 auto", width: `${STRIP_PITCH_PX}px`, paddingRight: "40px" });
export const stripCopy = style({ "@media": { [media.reducedMotion]: { display: "none" } } });
export const logoCell = style({ display: "grid", placeItems: "center", padding: vars.space.md, background: vars.color.logoTile, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md });
export const logoImage = style({ width: "160px", height: "64px", objectFit: "contain", "@media": { "screen and (max-width: 559px)": { height: "52px" } } });
// Logos in rows of 2 (phones), 4 (tablets) or 5, a short last row centred.
export const logoGrid = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": { [media.medium]: { gap: vars.space.md } },
});
export const logoItem = style({
  flex: `0 0 calc((100% - ${vars.space.sm}) / 2)`,
  minWidth: 0,
  "@media": {
    [media.medium]: { flexBasis: `calc((100% - 3 * ${vars.space.md}) / 4)` },
    [media.large]: { flexBasis: `calc((100% - 4 * ${vars.space.md}) / 5)` },
  },
});
export const cardCell = style({
  display: "flex",
  flex: "0 0 100%",
  minWidth: 0,
  "@media": {
    [media.small]: { flexBasis: `calc((100% - ${vars.space.lg}) / 2)` },
    [media.large]: { flexBasis: `calc((100% - (${columns} - 1) * ${vars.space.lg}) / ${columns})` },
  },
});
globalStyle(`${cardCell} > *`, { flex: 1 });
export const pdfFrame = style({ display: "block", width: "100%", border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, background: vars.color.surfaceSunken });
/** Holds the frame's place (its height is set inline) until the viewer starts. */
export const pdfSlot = style({ borderRadius: vars.radius.md, background: vars.color.surfaceSunken });

export const docList = style({ display: "grid", gap: vars.space.md, margin: 0, padding: 0, listStyle: "none" });
export const docRow = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
});
export const docName = style({ display: "flex", alignItems: "center", gap: vars.space.md, margin: 0, fontSize: vars.fontSize.md });
export const docGrid = style({
  display: "grid",
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: "none",
  gridTemplateColumns: "1fr",
  "@media": { [media.medium]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" }, [media.large]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" } },
});

export const linkList = style({ display: "grid", gap: vars.space.sm, margin: 0, padding: 0, listStyle: "none", maxWidth: "900px" });
export const linkIntro = style({ color: vars.color.textMuted, margin: `${vars.space.sm} 0 0` });
export const linkItem = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderLeft: `4px solid ${vars.color.accent}`,
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.sm,
  textDecoration: "none",
  selectors: {
    "&:hover": { background: vars.color.accentSoft },
    // The page you are on: listed for completeness, drawn quieter.
    "&[aria-current=page]": { borderLeftColor: vars.color.borderStrong, background: vars.color.surfaceRaised, boxShadow: `inset 0 0 0 1px ${vars.color.border}` },
  },
});
export const linkLabel = style({ fontWeight: 700, color: vars.color.heading });
export const linkText = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const features = style({ display: "grid", gap: vars.space.lg, gridTemplateColumns: "repeat(auto-fit, minmax(240px, 1fr))", margin: 0, padding: 0, listStyle: "none" });
export const feature = style({ padding: vars.space.lg, borderRadius: vars.radius.md, background: vars.color.surfaceAlt, border: `1px solid ${vars.color.border}` });

export const listColumns = style({ display: "grid", gap: vars.space.lg, "@media": { [media.medium]: { gridTemplateColumns: "repeat(auto-fit, minmax(280px, 1fr))" } } });
export const listColumn = style({ padding: vars.space.lg, borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}`, boxShadow: vars.shadow.card });
export const checkList = style({ margin: 0, padding: 0, listStyle: "none", display: "grid", gap: vars.space.sm });
export const checkItem = style({ display: "flex", gap: vars.space.sm, selectors: { "&::before": { content: "'✓'", color: vars.color.accent, fontWeight: 700 } } });

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
