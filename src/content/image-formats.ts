/**
 * What the build knows of each image and how photos become responsive variants; shared by the
 * build (which writes them) and the browser (which names them in srcsets), so the two agree.
 */
import type { InlineSvg } from "./inline-svg.ts";

/** The formats every photo is built in, best first; the last is the fallback every browser reads. */
export const VARIANT_FORMATS = ["avif", "webp", "jpg"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];
/** The formats a <picture> can list as <source>s; the JPEG is its <img>. */
export type PictureFormat = Exclude<VariantFormat, "jpg">;

/**
 * A photo's AVIF variants are offered only when they are at least this much smaller than its
 * WebP ones. AVIF takes about 2.5 times as long to decode (8-13 ms against 3-5 ms per card-sized
 * image measured in Chromium here, several times that on a phone), and for flat illustrations it
 * is often no smaller at all; where it saves little, the browser is better off with WebP.
 */
export const AVIF_MIN_SAVING = 0.2;

/** The <source> formats of a photo's <picture>, best first: AVIF where it pays, then WebP. */
export const sourceFormats = (best: PictureFormat): PictureFormat[] => (best === "avif" ? ["avif", "webp"] : ["webp"]);

const STEPS = [480, 960, 1440];

/** Variant widths for an image `width` px wide: the steps below it, then its own width. */
export const variantWidths = (width: number) => [...STEPS.filter((w) => w < width), width];

/** "/assets/banners/about.jpg" with hash "3f9c1e2ab0" -> "/assets/img/about.3f9c1e2ab0" */
export const variantBase = (src: string, hash: string) => `/assets/img/${src.slice(src.lastIndexOf("/") + 1).replace(/\.[a-z]+$/, "")}.${hash}`;

/**
 * [width, height] of an image, plus, for a photo with variants, the hash of its content and the
 * best format its <picture> offers; or, for an SVG, what it is drawn inline with.
 */
export type ImageEntry = [number, number] | [number, number, string, PictureFormat] | [number, number, InlineSvg];
