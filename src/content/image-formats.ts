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
 * WebP ones. AVIF takes several times as long to decode, most of all on a phone, and for flat
 * illustrations it is often no smaller at all; where it saves little, the browser is better off
 * with WebP.
 */
export const AVIF_MIN_SAVING = 0.2;

const STEPS = [480, 960, 1440];

/** Variant widths for an image `width` px wide: the steps below it, then its own width. */
export const variantWidths = (width: number) => [...STEPS.filter((w) => w < width), width];

/** "/assets/banners/about.jpg" with hash "3f9c1e2ab0" -> "/assets/img/about.3f9c1e2ab0" */
export const variantBase = (src: string, hash: string) => `/assets/img/${src.slice(src.lastIndexOf("/") + 1).replace(/\.[a-z]+$/, "")}.${hash}`;

/**
 * What the build knows of one image: its intrinsic size, and how it is drawn when not as a plain
 * file. Flat, not nested: every page's chunk carries the entries of its images.
 */
export interface ImageEntry {
  width: number;
  height: number;
  /** A photo with variants: the hash of its content, which their names carry. */
  hash?: string;
  /** Its AVIF variants pay (AVIF_MIN_SAVING), so its <picture> offers them before the WebP ones. */
  avif?: true;
  /** An SVG drawn inline: the markup inside its root (src/content/inline-svg.ts). */
  body?: string;
  /** That SVG's viewBox, only where it is not `0 0 width height` (for every logo and icon here it is). */
  viewBox?: string;
  /** A PDF a page embeds: its page count. The entry's size, hash and variants are its first page's, drawn as a picture. */
  pages?: number;
  /** That PDF's size in bytes. */
  bytes?: number;
}

/**
 * The images a page (or the site's shell) names, by src. Each page's module carries its own, so a
 * page is drawn, and its head written, from its own data: no page carries the whole site's.
 */
export type Images = Record<string, ImageEntry>;

/** `srcset` of one format of a photo's variants, or undefined for an image without variants. */
export function srcSet(src: string, entry: ImageEntry | undefined, format: string): string | undefined {
  if (!entry?.hash) return undefined;
  const base = variantBase(src, entry.hash);
  return variantWidths(entry.width)
    .map((w) => `${base}-${w}.${format} ${w}w`)
    .join(", ");
}

/** The <source> formats of a photo's <picture>, best first: AVIF where it pays, then WebP; none for an image without variants. */
export const pictureFormats = (entry: ImageEntry | undefined): PictureFormat[] => (!entry?.hash ? [] : entry.avif ? ["avif", "webp"] : ["webp"]);
