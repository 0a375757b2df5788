import { existsSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize } from "node:path";
import { readSiteIndex } from "./site-index.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  // Decap's image encoder is compiled by the browser as it streams in, which needs this type.
  ".wasm": "application/wasm",
};

/**
 * Serves a built /admin from `adminDist` (its <DIST_DIR>), with /admin/site-index.json read fresh from
 * `root` at each request (pages and uploads change while editing), for `npm run edit`. Anything
 * else (the pages, public/) goes to `next`, the dev server.
 */
export function adminMiddleware(root: string, adminDist: string) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const path = decodeURIComponent((req.url ?? "/").split("?")[0]!);
    const send = (type: string, body: string | Buffer) => {
      res.writeHead(200, { "content-type": type, "cache-control": "no-store" });
      res.end(body);
    };
    if (path === "/admin") return res.writeHead(301, { location: "/admin/" }).end();
    if (path === "/admin/site-index.json") return send(TYPES[".json"]!, JSON.stringify(readSiteIndex(root)));
    if (!path.startsWith("/admin/")) return next();
    const file = join(adminDist, normalize(path.endsWith("/") ? `${path}index.html` : path));
    if (!existsSync(file) || !statSync(file).isFile()) return next();
    send(TYPES[extname(file)] ?? "application/octet-stream", readFileSync(file));
  };
}
