import type { ImgHTMLAttributes } from "react";
import sizes from "virtual:image-sizes";

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt" | "width" | "height"> {
  src: string;
  alt: string;
  /** Above the fold: load at once with high priority instead of lazily. */
  priority?: boolean;
}

/**
 * An image with its intrinsic width and height (so nothing shifts while it loads) and,
 * for a JPEG, its WebP twin offered first.
 */
export function Img({ src, alt, priority = false, ...rest }: Props) {
  const [width, height] = sizes[src] ?? [undefined, undefined];
  const img = (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      {...rest}
    />
  );
  if (!/\.jpe?g$/.test(src)) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={src.replace(/\.jpe?g$/, ".webp")} />
      {img}
    </picture>
  );
}
