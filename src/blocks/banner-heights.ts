import { assignInlineVars } from "@vanilla-extract/dynamic";
import type { Site } from "../content/types.ts";
import { bannerLarge, bannerMedium, bannerSmall } from "./shared.css.ts";

/** The banners' three heights from site settings, as the style the shell (and the editor's preview) sets. */
export function bannerHeightStyle(heights: Site["behaviour"]["bannerHeights"]) {
  return assignInlineVars({ [bannerSmall]: `${heights.small}px`, [bannerMedium]: `${heights.medium}px`, [bannerLarge]: `${heights.large}px` });
}
