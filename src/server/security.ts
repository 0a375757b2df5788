/**
 * Security headers on every answer (pages, files, API, redirects, errors) and the server's
 * request timeouts.
 *
 * Content-Security-Policy: scripts only from the site itself plus the inline head script(s),
 * allowed by the sha256 hashes the build writes to DIST_DIR/.site/server.json.
 * Styles allow 'unsafe-inline' (React style attributes, sonner's injected <style>). Frames: the
 * site itself (the datasheet PDFs) and the map's origin, from the same file. Pages may not be framed by anyone (frame-ancestors 'none', X-Frame-Options DENY);
 * files under /assets/ may be framed by the site's own pages (the PDF viewers), nobody else.
 *
 * Everything is computed once at start-up; each request only copies the ready headers.
 */
import type { Socket } from "node:net";
import type { IncomingMessage, ServerResponse } from "node:http";
import { STATUS_CODES } from "node:http";
import type { ConnectionError, FastifyInstance, FastifyServerOptions } from "fastify";
import type { SiteFacts } from "./site-facts.ts";

export type PolicyInputs = Pick<SiteFacts, "scriptHashes" | "frameOrigins">;

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

export interface SecurityHeaders {
  page: HeaderSet;
  asset: HeaderSet;
}

export function securityHeaderSets(inputs: PolicyInputs): SecurityHeaders {
  return { page: securityHeaders(inputs, false), asset: securityHeaders(inputs, true) };
}

/**
 * Adds the security headers to every answer the HTTP server writes: they are set on the raw
 * response before Fastify sees the request, so answers Fastify writes before routing (a
 * malformed %-escape, 503 while closing) carry them too. Fastify's own headers are merged in
 * when it writes the head.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  const page = Object.entries(headers.page);
  const asset = Object.entries(headers.asset);
  app.server.prependListener("request", (request: IncomingMessage, response: ServerResponse) => {
    for (const [name, value] of isFramedBySite(request.url ?? "/") ? asset : page) response.setHeader(name, value);
  });
}

/**
 * Fastify's `clientErrorHandler`: what the HTTP parser refuses before any request exists (a broken
 * request line, headers too large, a duplicate Content-Length, a client too slow to send its
 * headers) is answered like every other error: the security headers, and JSON `{success, message}`
 * under /api/, or when the request line never arrived (a timeout), plain text for pages.
 */
export function clientErrorResponder(headers: HeaderSet): (error: ConnectionError, socket: Socket) => void {
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return (error, socket) => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    // Typed as its JSON form, but a Buffer at run time.
    const raw: unknown = error.rawPacket;
    const target = /^[A-Z]+ (\S+)/.exec(Buffer.isBuffer(raw) ? raw.toString("latin1", 0, 2048) : "")?.[1];
    const message =
      status === 408 ? "The request took too long to arrive." : status === 431 ? "The request headers are too large." : "The request is malformed.";
    const api = target === undefined || target === "/api" || target.startsWith("/api/");
    const body = api ? JSON.stringify({ success: false, message }) : `${status} ${STATUS_CODES[status]}: ${message}\n`;
    const type = api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8";
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headerLines}cache-control: no-store\r\ncontent-type: ${type}\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
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
> & {
  http: { requestTimeout: number; headersTimeout: number; connectionsCheckingInterval: number };
} {
  const t = { ...DEFAULT_TIMEOUTS, ...overrides };
  const headersMs = Math.min(t.headersMs, t.requestMs);
  return {
    connectionTimeout: t.connectionMs,
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    http: { requestTimeout: t.requestMs, headersTimeout: headersMs, connectionsCheckingInterval: t.checkIntervalMs },
  };
}
