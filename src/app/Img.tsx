import type { ImgHTMLAttributes } from "react";
import { sourceFormats, variantBase, variantWidths, type ImageEntry, type PictureFormat } from "../content/image-formats.ts";

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt" | "width" | "height" | "sizes"> {
  src: string;
  alt: string;
  /** How wide the image shows, for the browser to pick a variant (a `sizes` attribute). */
  sizes?: string;
  /** Above the fold: load at once with high priority instead of lazily. */
  priority?: boolean;
}

const images: Record<string, ImageEntry> = {};

/** Sizes and variants of images about to be drawn: the site's at start, each page's as it loads. */
export function registerImages(entries: Record<string, ImageEntry>): void {
  Object.assign(images, entries);
}

/** `srcset` of one format of a photo's variants, or undefined for an image without variants. */
export function srcSet(src: string, format: string): string | undefined {
  const [width, , hash] = images[src] ?? [];
  if (!width || typeof hash !== "string") return undefined;
  const base = variantBase(src, hash);
  return variantWidths(width)
    .map((w) => `${base}-${w}.${format} ${w}w`)
    .join(", ");
}

/** The <source> formats of a photo's <picture>, best first; none for an image without variants. */
export function pictureFormats(src: string): PictureFormat[] {
  const [, , hash, best] = images[src] ?? [];
  return typeof hash === "string" && best ? sourceFormats(best) : [];
}

/**
 * An image with its intrinsic width and height (so nothing shifts while it loads) and, for a
 * photo, variants in several widths: AVIF where the build found it pays, WebP, and a JPEG
 * fallback. An SVG the build could inline (src/content/inline-svg.ts) is drawn as an inline
 * <svg>, named by its alt text; its data-src names the file it came from.
 */
export function Img({ src, alt, sizes = "100vw", priority = false, ...rest }: Props) {
  const [width, height, extra] = images[src] ?? [];
  if (typeof extra === "object") {
    return (
      <svg
        viewBox={extra.viewBox}
        data-src={src}
        width={width}
        height={height}
        className={rest.className}
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        dangerouslySetInnerHTML={{ __html: extra.body }}
      />
    );
  }
  const hash = extra;
  const formats = pictureFormats(src);
  const img = (
    <img
      src={src}
      srcSet={srcSet(src, "jpg")}
      sizes={hash ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      {...rest}
    />
  );
  if (formats.length === 0) return img;
  return (
    <picture>
      {formats.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={srcSet(src, format)} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
