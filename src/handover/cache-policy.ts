/**
 * How long a browser or proxy may keep each file of the built site: the server sends it
 * (src/server/http/static.ts) and the build writes it into the deploy configs.
 */
import { sep } from "node:path";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const NO_CACHE = "no-cache";

/**
 * Files whose name changes with their content: Vite's bundles (`index-B1x2Yz_9.js`, an 8-character
 * hash) and the image variants (`about.3f9c1e2ab0-960.avif`, a hash of the source). Nothing else
 * under assets/ is hashed (`aveva-system-platform.pdf` must stay revalidated).
 */
const HASHED_ASSET = [/^assets\/[^/]+-[A-Za-z0-9_-]{8}\.(?:js|css)$/, /^assets\/img\/[^/]+\.[0-9a-f]{10}-\d+\.(?:avif|webp|jpg|png)$/];

export function cacheControlFor(relativePath: string): string {
  const path = relativePath
    .split(sep)
    .join("/")
    .replace(/\.(?:br|gz)$/, "");
  return HASHED_ASSET.some((re) => re.test(path)) ? IMMUTABLE : NO_CACHE;
}
