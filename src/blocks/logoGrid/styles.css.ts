import { style } from "@vanilla-extract/css";
import { media, vars } from "../../styles/theme.css.ts";

export { logoCell, logoImage, logoItem, wideGrid } from "../shared.css.ts";

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
