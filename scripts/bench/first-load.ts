import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The JavaScript a route makes the browser fetch before it is interactive: the entry script
 * and every module it preloads, as the prerendered HTML lists them in #boot-modules (or as
 * tags, in HTML that hydrates at once). Sizes are gzip level 9.
 */
export function firstLoadJs(dist: string, route: string): { files: number; bytes: number; gzip: number } {
  const html = readFileSync(join(dist, route === "/" ? "index.html" : route.slice(1), route === "/" ? "" : "index.html"), "utf8");
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)) srcs.add(m[1]!);
  for (const m of html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)) srcs.add(m[1]!);
  const boot = /<script type="application\/json" id="boot-modules">([^<]*)<\/script>/.exec(html);
  const listed = boot ? (JSON.parse(boot[1]!) as { preload: string[]; run: string[] }) : { preload: [], run: [] };
  for (const src of [...listed.preload, ...listed.run]) srcs.add(src);
  let bytes = 0;
  let gzip = 0;
  for (const src of srcs) {
    const data = readFileSync(join(dist, src));
    bytes += data.length;
    gzip += gzipSync(data, { level: 9 }).length;
  }
  return { files: srcs.size, bytes, gzip };
}
