/**
 * Serves the prerendered site from DIST_DIR.
 *
 *   /            -> index.html          /about, /about/ -> about/index.html
 *   unknown path -> 404 with 404.html (plain text if the build has none)
 *   a redirect declared in site.yaml (dist/.site/redirects.json) -> 301 to its target
 *   /assets/<name>-<hash>.js|css, /assets/img/<name>.<hash>-<width>.<format>
 *                -> Cache-Control: public, max-age=31536000, immutable
 *   anything else -> Cache-Control: no-cache (revalidated by ETag)
 *   .br / .gz twins written by the build are sent to clients that accept them
 *
 * @fastify/static refuses traversal (`..`, `%2e%2e`, `\`, `//`) with 403 and send() refuses
 * null bytes with 400; dotfiles are treated as missing.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const NO_CACHE = "no-cache";

/**
 * Files whose name changes with their content: Vite's bundles (`index-B1x2Yz_9.js`, an 8-character
 * hash) and the image variants (`about.3f9c1e2ab0-960.avif`, a hash of the source). Nothing else
 * under assets/ is hashed (`aveva-system-platform.pdf` must stay revalidated).
 */
const HASHED_ASSET = [/^assets\/[^/]+-[A-Za-z0-9_-]{8}\.(?:js|css)$/, /^assets\/img\/[^/]+\.[0-9a-f]{10}-\d+\.(?:avif|webp|jpg|png)$/];

export function cacheControlFor(relativePath: string): string {
  const path = relativePath.split(sep).join("/").replace(/\.(?:br|gz)$/, "");
  return HASHED_ASSET.some((re) => re.test(path)) ? IMMUTABLE : NO_CACHE;
}

/** `{ "/products/Hmi": "/products/hmi", … }` from the build, or nothing before the first build. */
function readRedirects(distDir: string): Map<string, string> {
  const file = join(distDir, ".site/redirects.json");
  if (!existsSync(file)) return new Map();
  const list = JSON.parse(readFileSync(file, "utf8")) as { from: string; to: string }[];
  return new Map(list.map((r) => [r.from, r.to]));
}

export interface StaticOptions {
  distDir: string;
}

export async function registerStatic(app: FastifyInstance, options: StaticOptions): Promise<void> {
  const { distDir } = options;
  if (!existsSync(distDir)) app.log.warn(`${distDir} does not exist yet: build the site first; every page answers 404 until then`);

  const redirects = readRedirects(distDir);
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const [path = "/", query] = request.url.split("?", 2);
    const to = redirects.get(path.length > 1 ? path.replace(/\/+$/, "") : path);
    if (to) return reply.code(301).header("location", query ? `${to}?${query}` : to).header("cache-control", "public, max-age=3600").send();
  });

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    index: ["index.html"],
    redirect: false, // /about serves about/index.html directly
    dotfiles: "ignore",
    serveDotFiles: false,
    cacheControl: false, // set below, per file
    etag: true,
    preCompressed: true,
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
