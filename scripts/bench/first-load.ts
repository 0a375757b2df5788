import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The JavaScript a route's HTML names for the browser to fetch as it loads: its module scripts,
 * module preloads and the island runtime its loader names (on a page with an interactive block,
 * fetched at the load event; nothing on the others). What islands fetch later, as they wake, is measured in the browser (script-cost.ts).
 * Sizes are gzip level 9.
 */
export function firstLoadJs(dist: string, route: string): { files: number; bytes: number; gzip: number } {
  const html = readFileSync(join(dist, route === "/" ? "index.html" : route.slice(1), route === "/" ? "" : "index.html"), "utf8");
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)) srcs.add(m[1]!);
  for (const m of html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)) srcs.add(m[1]!);
  for (const m of html.matchAll(/<script data-islands="([^"]+)"/g)) srcs.add(m[1]!);
  let bytes = 0;
  let gzip = 0;
  for (const src of srcs) {
    const data = readFileSync(join(dist, src));
    bytes += data.length;
    gzip += gzipSync(data, { level: 9 }).length;
  }
  return { files: srcs.size, bytes, gzip };
}
