import { style } from "@vanilla-extract/css";
import { media, vars } from "../../styles/theme.css.ts";

export { ctaRow } from "../shared.css.ts";

/** Set on <html> by the head's inline script (src/boot/embeds.ts) where the browser has no PDF viewer. */
const noViewer = ":root[data-pdf-viewer='none'] &";

/** The viewer: on wide screens with a browser that shows PDFs inline (hidden, its lazy frame never loads). */
export const viewer = style({
  "@media": { [media.belowMedium]: { display: "none" } },
  selectors: { [noViewer]: { display: "none" } },
});

export const pdfFrame = style({
  display: "block",
  width: "100%",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
});

/**
 * Holds the frame's place (its height is set inline) until the viewer starts. Drawn only near the
 * viewport (content-visibility), so the frame, lazy as it is, starts the browser's PDF viewer when
 * the visitor scrolls towards it: the browser's own lazy distance reaches well below the first
 * screen, and the viewer's dozens of files would otherwise load with the page, before its largest
 * paint.
 */
export const pdfSlot = style({ borderRadius: vars.radius.md, background: vars.color.surfaceSunken, contentVisibility: "auto" });

/** The first page and the document's facts, where there is no viewer: a card, the page beside its name. */
export const preview = style({
  display: "none",
  gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr)",
  alignItems: "center",
  gap: vars.space.lg,
  padding: vars.space.md,
  maxWidth: "560px",
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  "@media": { [media.belowMedium]: { display: "grid" } },
  selectors: { [noViewer]: { display: "grid" }, "&:not(:has(picture))": { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const page = style({
  display: "block",
  width: "100%",
  maxWidth: "240px",
  height: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: "#ffffff",
  boxShadow: vars.shadow.card,
});

export const previewText = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, minWidth: 0 });

export const previewTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 700, color: vars.color.heading, overflowWrap: "anywhere" });

export const previewFacts = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
