import { createVar, style, globalStyle } from "@vanilla-extract/css";
import { breakpoints, media, vars } from "../styles/theme.css.ts";
import { container } from "../styles/layout.css.ts";

/* Styles more than one block uses. A block's own styles sit in its folder. */

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

export const icon = style({ width: "48px", height: "48px", filter: vars.filter.icon });

// Text blocks: heading above the text, or on wide screens beside it (the text keeps its measure).
export const proseLayout = style({
  display: "grid",
  gap: vars.space.xs,
  "@media": { [media.large]: { gridTemplateColumns: "minmax(0, 5fr) minmax(0, 7fr)", columnGap: vars.space.xxl, alignItems: "start" } },
});

export const proseHead = style({ "@media": { [media.large]: { paddingTop: "0.2rem" } } });

export const proseHeading = style({ marginBottom: vars.space.sm, "@media": { [media.large]: { marginBottom: 0 } } });

// Centred: a text link beside a button (a datasheet's "Open … PDF") sits on the button's middle, not its top.
export const ctaRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.md, marginTop: vars.space.lg });

export const bannerSmall = createVar();

export const bannerMedium = createVar();

export const bannerLarge = createVar();

export const logoCell = style({
  display: "grid",
  placeItems: "center",
  padding: vars.space.md,
  background: vars.color.logoTile,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  // Logos are drawn for their tile: in forced colours the tile keeps its ground, or a name drawn dark vanishes on a dark one.
  "@media": { "(forced-colors: active)": { forcedColorAdjust: "none" } },
});

export const logoImage = style({ width: "160px", height: "64px", objectFit: "contain", "@media": { "screen and (max-width: 559px)": { height: "52px" } } });

export const logoItem = style({
  flex: `0 0 calc((100% - ${vars.space.sm}) / 2)`,
  minWidth: 0,
  "@media": {
    [media.medium]: { flexBasis: `calc((100% - 3 * ${vars.space.md}) / 4)` },
    [media.large]: { flexBasis: `calc((100% - 4 * ${vars.space.md}) / 5)` },
    [media.wide]: { flexBasis: `calc((100% - 6 * ${vars.space.md}) / 7)` },
  },
});

/** A grid that takes the wide column on very wide screens (logos, documents): more to a row, not bigger. */
export const wideGrid = style({});
// On very wide screens a section holding such a grid uses the wide column.
globalStyle(`${container}:has(> ${wideGrid})`, { "@media": { [media.wide]: { maxWidth: vars.width.wide } } });
