/**
 * Security headers on every answer (pages, files, API, redirects, errors) and the server's
 * request timeouts.
 *
 * Content-Security-Policy: scripts only from the site itself plus the inline head script(s),
 * allowed by the sha256 hashes the build writes to DIST_DIR/.site/inline-script-hashes.json.
 * Styles allow 'unsafe-inline' (React style attributes, sonner's injected <style>). Frames: the
 * site itself (the datasheet PDFs) and the origin of `contact.mapEmbedUrl` from content/site.yaml
 * (the map). Pages may not be framed by anyone (frame-ancestors 'none', X-Frame-Options DENY);
 * files under /assets/ may be framed by the site's own pages (the PDF viewers), nobody else.
 *
 * Everything is computed once at start-up; each request only copies the ready headers.
 */
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { loadYaml, SITE_FILE } from "../content/load.ts";
import type { Site } from "../content/types.ts";

/** The project root this server runs from (where content/ and schema/ live). */
const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** `'sha256-…'` sources for the inline scripts of the build, or none before the first build. */
export function readInlineScriptHashes(distDir: string): string[] {
  const file = join(distDir, ".site/inline-script-hashes.json");
  if (!existsSync(file)) return [];
  const list = JSON.parse(readFileSync(file, "utf8")) as unknown;
  if (!Array.isArray(list) || !list.every((h) => typeof h === "string" && /^'sha(256|384|512)-[A-Za-z0-9+/=]+'$/.test(h))) {
    throw new Error(`${file} must be a JSON list of 'sha256-…' sources`);
  }
  return list as string[];
}

/**
 * The origins the site embeds besides itself: the map's, from content/site.yaml (checked against
 * the site schema, which requires an https:// URL). The server reads the same content tree the
 * build used, so no extra build output is needed; an unreadable site.yaml gives none (the map
 * frame is then blocked, everything else works) and `warn` says so.
 */
export function embeddedFrameOrigins(root: string = PROJECT_ROOT, warn: (message: string) => void = () => {}): string[] {
  try {
    const { yaml, errors } = loadYaml(root, SITE_FILE, "site");
    if (!yaml || errors.length > 0) {
      warn(`${SITE_FILE} has errors: the map frame is left out of the Content-Security-Policy`);
      return [];
    }
    const url = new URL((yaml.data as Site).contact.mapEmbedUrl);
    return url.protocol === "https:" ? [url.origin] : [];
  } catch (error) {
    warn(`${SITE_FILE} could not be read (${(error as Error).message}): the map frame is left out of the Content-Security-Policy`);
    return [];
  }
}

export interface PolicyInputs {
  /** `'sha256-…'` sources of the inline scripts. */
  scriptHashes: string[];
  /** Origins besides 'self' that pages may frame, e.g. https://www.google.com. */
  frameOrigins: string[];
}

/** The Content-Security-Policy; `framedBySite` for files the site's own pages embed (PDFs). */
export function contentSecurityPolicy(inputs: PolicyInputs, framedBySite = false): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...inputs.scriptHashes],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["frame-src", "'self'", ...inputs.frameOrigins],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", framedBySite ? "'self'" : "'none'"],
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

/** Powerful features nobody on this site needs, switched off for the pages and every frame in them. */
export const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "encrypted-media",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "picture-in-picture",
  "publickey-credentials-get",
  "screen-wake-lock",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

export type HeaderSet = Record<string, string>;

/** The headers for one kind of answer. */
export function securityHeaders(inputs: PolicyInputs, framedBySite = false): HeaderSet {
  return {
    "content-security-policy": contentSecurityPolicy(inputs, framedBySite),
    "strict-transport-security": "max-age=63072000; includeSubDomains",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-resource-policy": "same-origin",
    // No Cross-Origin-Opener-Policy: "same-origin" made the browser start a fresh renderer process
    // for every visit from another page, and the page then waited on the browser for each font
    // (Lighthouse, mobile preset, 8 runs a route: median TBT on / 207 ms with it, 48 without).
    // The site keeps no per-visitor state another window could read, so it gains nothing from it.
    "permissions-policy": PERMISSIONS_POLICY,
    "x-frame-options": framedBySite ? "SAMEORIGIN" : "DENY",
  };
}

/** Files the site's own pages may frame: everything under /assets/ (the datasheet and brochure PDFs). */
export function isFramedBySite(url: string): boolean {
  return url.startsWith("/assets/");
}

export interface SecurityOptions {
  distDir: string;
  /** Replaces the origins read from content/site.yaml (tests). */
  frameOrigins?: string[];
}

/**
 * Adds the security headers to every answer the HTTP server writes: they are set on the raw
 * response before Fastify sees the request, so answers Fastify writes before routing (a
 * malformed %-escape, 503 while closing) carry them too. Fastify's own headers are merged in
 * when it writes the head.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): { page: HeaderSet; asset: HeaderSet } {
  const inputs: PolicyInputs = {
    scriptHashes: readInlineScriptHashes(options.distDir),
    frameOrigins: options.frameOrigins ?? embeddedFrameOrigins(PROJECT_ROOT, (m) => app.log.warn(m)),
  };
  const page = Object.entries(securityHeaders(inputs, false));
  const asset = Object.entries(securityHeaders(inputs, true));
  app.server.prependListener("request", (request: IncomingMessage, response: ServerResponse) => {
    for (const [name, value] of isFramedBySite(request.url ?? "/") ? asset : page) response.setHeader(name, value);
  });
  return { page: Object.fromEntries(page), asset: Object.fromEntries(asset) };
}

// ---------------------------------------------------------------- request timeouts

export interface ServerTimeouts {
  /** Socket idle time before it is closed (no bytes either way). */
  connectionMs: number;
  /** Time to receive the whole request (headers and body) from the client. */
  requestMs: number;
  /** Time to receive the request headers: what cuts a slow-loris client that trickles header bytes. */
  headersMs: number;
  /** How long an idle keep-alive connection waits for the next request. */
  keepAliveMs: number;
  /** How often Node looks for requests over headersMs/requestMs (Node's default is 30 s). */
  checkIntervalMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  connectionMs: 30_000,
  requestMs: 15_000,
  headersMs: 10_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 1_000,
};

/** Fastify server options for the timeouts (Node needs headersMs <= requestMs). */
export function timeoutOptions(overrides: Partial<ServerTimeouts> = {}): Pick<
  FastifyServerOptions,
  "connectionTimeout" | "requestTimeout" | "keepAliveTimeout"
> & { http: { requestTimeout: number; headersTimeout: number; connectionsCheckingInterval: number } } {
  const t = { ...DEFAULT_TIMEOUTS, ...overrides };
  const headersMs = Math.min(t.headersMs, t.requestMs);
  return {
    connectionTimeout: t.connectionMs,
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    http: { requestTimeout: t.requestMs, headersTimeout: headersMs, connectionsCheckingInterval: t.checkIntervalMs },
  };
}
