import { style } from "@vanilla-extract/css";
import { media, vars } from "../styles/theme.css.ts";
import { container } from "../styles/layout.css.ts";

export const footer = style({ background: vars.color.navy900, color: vars.color.steel300, fontSize: vars.fontSize.sm });

export const grid = style([
  container,
  {
    display: "grid",
    gap: vars.space.lg,
    paddingBlock: vars.space.xl,
    gridTemplateColumns: "1fr",
    "@media": {
      "screen and (min-width: 560px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: vars.space.xl, paddingBlock: vars.space.xxl },
      [media.large]: { gridTemplateColumns: "minmax(0, 1.5fr) minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.2fr)", columnGap: vars.space.xl },
    },
  },
]);

export const heading = style({ color: vars.color.white, fontSize: vars.fontSize.md, marginBottom: vars.space.md, letterSpacing: "0.02em" });
export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });
export const subList = style([list, { paddingLeft: vars.space.md, marginTop: vars.space.xs }]);
export const link = style({ color: vars.color.steel300, textDecoration: "none", selectors: { "&:hover": { color: vars.color.white, textDecoration: "underline" } } });
export const about = style({ maxWidth: "44ch", margin: 0 });
export const logo = style({ height: "40px", width: "auto", marginBottom: vars.space.md });
export const label = style({ color: vars.color.white, fontWeight: 600, marginRight: vars.space.xs });
export const address = style({ fontStyle: "normal", display: "grid", gap: vars.space.sm });

export const bottom = style({ borderTop: `1px solid ${vars.color.navy700}` });
export const bottomInner = style([container, { paddingBlock: vars.space.md, fontSize: vars.fontSize.xs, display: "flex", flexWrap: "wrap", gap: vars.space.md, justifyContent: "space-between" }]);
