/**
 * Serves the prerendered site from DIST_DIR.
 *
 *   /            -> index.html          /about, /about/ -> about/index.html
 *   unknown path -> 404 with 404.html (plain text if the build has none), also at /404 itself;
 *                   sent from memory with no ETag, Last-Modified or ranges, so no conditional or
 *                   Range request can turn it into a 304 or a 206
 *   other methods than GET and HEAD -> 405 with Allow
 *   a redirect declared in site.yaml (from the build's dist/.site/server.json) -> 301 to its target
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
import { answerKind } from "../../handover/security-policy.ts";
import type { SecurityHeaders } from "../../handover/security-policy.ts";
import { cacheControlFor, NO_CACHE } from "../../handover/cache-policy.ts";
import { REVIEW_PATH } from "../enquiries/review-link.ts";

export interface StaticOptions {
  distDir: string;
  redirects: ReadonlyArray<{ from: string; to: string }>;
  /** Every answer starts with a page's (security.ts); a file gets its own kind's. */
  headers: SecurityHeaders;
}

/**
 * The 404 page's own addresses (the build writes it there for hosts without this server), and the
 * static hosts' own files (deploy-configs.ts, seo-files.ts): their rules are this server's, not pages.
 */
const NOT_FOUND_PAGES = new Set(["/404", "/404/", "/404.html", "/404/index.html", "/_redirects", "/_headers"]);

/** Serves the site; returns the not-found answer for pages. */
export async function registerStatic(app: FastifyInstance, options: StaticOptions): Promise<NotFoundHandler> {
  const { distDir } = options;
  const notFound = pageNotFound(distDir);
  if (!existsSync(distDir)) app.log.warn(`${distDir} does not exist yet: build the site first; every page answers 404 until then`);

  const redirects = new Map(options.redirects.map((r) => [r.from, r.to]));
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const [path = "/", query] = request.url.split("?", 2);
    if (NOT_FOUND_PAGES.has(path)) return notFound(request, reply);
    const to = redirects.get(path.length > 1 ? path.replace(/\/+$/, "") : path);
    if (to)
      return reply
        .code(301)
        .header("location", query ? `${to}?${query}` : to)
        .header("cache-control", "public, max-age=3600")
        .send();
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
      const file = relative(distDir, filePath).split(sep).join("/");
      reply.headers({ ...options.headers[answerKind(`/${file}`)], "cache-control": cacheControlFor(file) });
    },
  });
  return notFound;
}

export type NotFoundHandler = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/** The not-found answer for pages: 404.html from the build (read once), or plain text; 405 for other methods. */
function pageNotFound(distDir: string): NotFoundHandler {
  const file = join(distDir, "404.html");
  const page = existsSync(file) ? readFileSync(file) : undefined;
  return (request, reply) => {
    reply.header("cache-control", NO_CACHE);
    if (request.method !== "GET" && request.method !== "HEAD") {
      // A review link's page is also posted to (review-routes.ts).
      const allow = request.url.startsWith(REVIEW_PATH) ? "GET, HEAD, POST" : "GET, HEAD";
      return reply.code(405).header("allow", allow).type("text/plain; charset=utf-8").send(`405 Method Not Allowed: this address answers ${allow}\n`);
    }
    reply.code(404);
    return page ? reply.type("text/html; charset=utf-8").send(page) : reply.type("text/plain; charset=utf-8").send("404 Not Found\n");
  };
}
