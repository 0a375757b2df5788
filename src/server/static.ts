/**
 * Serves the prerendered site from DIST_DIR.
 *
 *   /            -> index.html          /about, /about/ -> about/index.html
 *   unknown path -> 404 with 404.html (plain text if the build has none)
 *   /assets/<name>-<hash>.<ext> -> Cache-Control: public, max-age=31536000, immutable
 *   *.html       -> Cache-Control: no-cache; anything else -> no-cache too (revalidated by ETag)
 *
 * @fastify/static refuses traversal (`..`, `%2e%2e`, `\`, `//`) with 403 and send() refuses
 * null bytes with 400; dotfiles are treated as missing.
 */
import { existsSync } from "node:fs";
import { relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const NO_CACHE = "no-cache";

/** Vite names bundled files like `index-B1x2Yz_9.js`: a hash of 8+ URL-safe characters before the extension. */
const HASHED_ASSET = /^assets\/(?:.+\/)?[^/]+[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

export function cacheControlFor(relativePath: string): string {
  const path = relativePath.split(sep).join("/");
  return HASHED_ASSET.test(path) ? IMMUTABLE : NO_CACHE;
}

export interface StaticOptions {
  distDir: string;
}

export async function registerStatic(app: FastifyInstance, options: StaticOptions): Promise<void> {
  const { distDir } = options;
  if (!existsSync(distDir)) app.log.warn(`${distDir} does not exist yet: build the site first; every page answers 404 until then`);

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    index: ["index.html"],
    redirect: false, // /about serves about/index.html directly
    dotfiles: "ignore",
    serveDotFiles: false,
    cacheControl: false, // set below, per file
    etag: true,
    lastModified: true,
    suppressWarning: true,
    setHeaders(reply, filePath) {
      reply.header("cache-control", cacheControlFor(relative(distDir, filePath)));
    },
  });
}

/** The not-found answer for pages: 404.html from the build, or plain text. */
export function sendPageNotFound(request: FastifyRequest, reply: FastifyReply, distDir: string): FastifyReply {
  reply.code(404);
  if (request.method === "GET" || request.method === "HEAD") {
    if (existsSync(`${distDir}/404.html`)) return reply.header("cache-control", NO_CACHE).sendFile("404.html");
  }
  return reply.header("cache-control", NO_CACHE).type("text/plain; charset=utf-8").send("404 Not Found\n");
}
