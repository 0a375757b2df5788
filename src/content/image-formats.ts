/**
 * What the build knows of each image and how photos become responsive variants; shared by the
 * build (which writes them) and the browser (which names them in srcsets), so the two agree.
 */
import type { InlineSvg } from "./inline-svg.ts";

/** The formats every photo is built in, best first; the last is the fallback every browser reads. */
export const VARIANT_FORMATS = ["avif", "webp", "jpg"] as const;

const STEPS = [480, 960, 1440];

/** Variant widths for an image `width` px wide: the steps below it, then its own width. */
export const variantWidths = (width: number) => [...STEPS.filter((w) => w < width), width];

/** "/assets/banners/about.jpg" with hash "3f9c1e2ab0" -> "/assets/img/about.3f9c1e2ab0" */
export const variantBase = (src: string, hash: string) => `/assets/img/${src.slice(src.lastIndexOf("/") + 1).replace(/\.[a-z]+$/, "")}.${hash}`;

/**
 * [width, height] of an image, plus the hash of its content for a photo that has variants, or
 * what an SVG is drawn inline with.
 */
export type ImageEntry = [number, number] | [number, number, string] | [number, number, InlineSvg];
