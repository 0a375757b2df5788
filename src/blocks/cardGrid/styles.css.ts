import { createVar, style, globalStyle } from "@vanilla-extract/css";
import { media, vars } from "../../styles/theme.css.ts";

export { CARD_SIZES, card, cardBody, cardImage, cardText, cardTitle, ctaRow, icon } from "../shared.css.ts";

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

export const cardLink = style({
  selectors: { "&:hover": { transform: "translateY(-3px)", boxShadow: vars.shadow.raised, color: "inherit" } },
});

export const cardMore = style({ marginTop: "auto", color: vars.color.accent, fontWeight: 600, fontSize: vars.fontSize.sm });

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
