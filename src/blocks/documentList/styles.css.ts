import { style } from "@vanilla-extract/css";
import { media, vars } from "../../styles/theme.css.ts";

export { CARD_SIZES, card, cardBody, cardImage, cardText, cardTitle, wideGrid } from "../shared.css.ts";

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
  "@media": {
    [media.medium]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    [media.large]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
    [media.wide]: { gridTemplateColumns: "repeat(auto-fill, minmax(320px, 1fr))" },
  },
});

/** The cover of a brochure that has none: the company's logo, centred on the cover's band. */
export const coverFallback = style({ display: "flex", alignItems: "center", justifyContent: "center", filter: "none" });
export const coverLogo = style({ width: "45%", maxWidth: 220, height: "auto" });
