import { createContext, useContext, type ImgHTMLAttributes } from "react";
import { pictureFormats, srcSet, type Images } from "../content/image-formats.ts";

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt" | "width" | "height" | "sizes"> {
  src: string;
  alt: string;
  /** How wide the image shows, for the browser to pick a variant (a `sizes` attribute). */
  sizes?: string;
  /** Above the fold: load at once with high priority instead of lazily. */
  priority?: boolean;
}

/** The entries of the images in view: the shell's around every page, each page's with the page (src/app/App.tsx). */
export const ImagesContext = createContext<Images>({});

/**
 * An image with its intrinsic width and height (so nothing shifts while it loads) and, for a
 * photo, variants in several widths: AVIF where the build found it pays, WebP, and a JPEG
 * fallback. An SVG the build could inline (src/content/inline-svg.ts) is drawn as an inline
 * <svg>, named by its alt text; its data-src names the file it came from.
 */
export function Img({ src, alt, sizes = "100vw", priority = false, ...rest }: Props) {
  const entry = useContext(ImagesContext)[src];
  if (entry?.body) {
    return (
      <svg
        viewBox={entry.viewBox ?? `0 0 ${entry.width} ${entry.height}`}
        data-src={src}
        width={entry.width}
        height={entry.height}
        className={rest.className}
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        dangerouslySetInnerHTML={{ __html: entry.body }}
      />
    );
  }
  const formats = pictureFormats(entry);
  const img = (
    <img
      src={src}
      srcSet={srcSet(src, entry, "jpg")}
      sizes={entry?.hash ? sizes : undefined}
      alt={alt}
      width={entry?.width}
      height={entry?.height}
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
        <source key={format} type={`image/${format}`} srcSet={srcSet(src, entry, format)} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
