/**
 * The security headers of every answer (pages, files, API, redirects, errors) and the request
 * timeouts: one policy that the server sends (src/server/http/security.ts) and the build writes
 * into the deploy configs (nginx, _headers), so neither imports the other.
 *
 * Content-Security-Policy: scripts only from the site itself plus the inline scripts (the head's and the Speculation Rules),
 * allowed by the sha256 hashes the build writes to DIST_DIR/.site/server.json.
 * Styles allow 'unsafe-inline' (React style attributes, sonner's injected <style>). Frames: the
 * site itself (the datasheet PDFs) and the map's origin, from the same file. Pages may not be framed by anyone (frame-ancestors 'none', X-Frame-Options DENY);
 * files under /assets/ may be framed by the site's own pages (the PDF viewers), nobody else.
 * The search page (/search) alone may also compile WebAssembly ('wasm-unsafe-eval', never 'unsafe-eval'): Pagefind's
 * index reader is WebAssembly.
 * The visual editor (/admin) has a policy of its own: no inline script, eval for Decap, and it may
 * talk to GitHub's API (the remote set-up) or to Decap's local backend on the editor's own machine.
 *
 * Everything is computed once at start-up; each request only copies the ready headers.
 */
import type { BuiltSite } from "./built-site.ts";

export type PolicyInputs = Pick<BuiltSite, "scriptHashes" | "frameOrigins">;

/**
 * The kinds of answer whose headers differ: pages, the search page (its folder's index.html), the
 * files under /assets/ the site's own pages embed (the PDFs), and the visual editor's files under /admin/.
 */
export type AnswerKind = "page" | "search" | "asset" | "admin";
export const ANSWER_KINDS: readonly AnswerKind[] = ["page", "search", "asset", "admin"];
/** The folder of each kind but pages (the configs the build writes match on it). */
export const KIND_PREFIX = { search: "/search/", asset: "/assets/", admin: "/admin/" } as const;

/**
 * The kind of the file of dist/ at `path` ("/admin/index.html"). Only a file served from dist/
 * gets its kind's headers; every other answer is a page's (a 404 under /admin/ too), so no
 * spelling of a URL can put the editor's policy on something else.
 */
export function answerKind(path: string): AnswerKind {
  const kinds = Object.keys(KIND_PREFIX) as (keyof typeof KIND_PREFIX)[];
  return kinds.find((kind) => path.startsWith(KIND_PREFIX[kind])) ?? "page";
}

/** Decap's local backend (`npm run edit`, its fixed port 8081): it also sends the pictures the editor lists. */
const LOCAL_BACKEND = ["http://localhost:8081", "http://127.0.0.1:8081"];
/** Where the editor saves: GitHub's API, or the local backend. */
const EDITOR_BACKENDS = ["https://api.github.com", ...LOCAL_BACKEND];

/** The Content-Security-Policy of one kind of answer. */
export function contentSecurityPolicy(inputs: PolicyInputs, kind: AnswerKind = "page"): string {
  const editor = kind === "admin";
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    // The editor's page has no inline script, but Decap CMS compiles its config validator (ajv)
    // with new Function, and refuses to start without 'unsafe-eval'. Pages never get it.
    ["script-src", "'self'", ...(editor ? ["'unsafe-eval'"] : inputs.scriptHashes), ...(kind === "search" ? ["'wasm-unsafe-eval'"] : [])],
    ["style-src", "'self'", "'unsafe-inline'"],
    // The editor shows a picture being uploaded as a blob: URL, the signed-in GitHub user's avatar,
    // and the local backend's pictures.
    ["img-src", "'self'", "data:", ...(editor ? ["blob:", "https://avatars.githubusercontent.com", ...LOCAL_BACKEND] : [])],
    ["font-src", "'self'"],
    // blob:: the editor reads back a picture being uploaded to keep it in the draft it backs up.
    ["connect-src", "'self'", ...(editor ? ["blob:", ...EDITOR_BACKENDS] : [])],
    // The editor's preview draws the pages' blocks, the map's frame included.
    ["frame-src", "'self'", ...inputs.frameOrigins],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", kind === "asset" ? "'self'" : "'none'"],
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

/**
 * The policy of the page that ends the GitHub sign-in popup (oauth.ts): it carries a token, so it
 * runs its one script (by hash) and may load, send or embed nothing else.
 */
export function oauthAnswerPolicy(scriptHash: string): string {
  return `default-src 'none'; script-src ${scriptHash}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
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
export function securityHeaders(inputs: PolicyInputs, kind: AnswerKind = "page"): HeaderSet {
  return {
    "content-security-policy": contentSecurityPolicy(inputs, kind),
    "strict-transport-security": "max-age=63072000; includeSubDomains",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-resource-policy": "same-origin",
    // No Cross-Origin-Opener-Policy: "same-origin" made the browser start a fresh renderer process
    // for every visit from another page, which then waited on the browser for each font (blocking
    // time in Lighthouse); the site keeps no per-visitor state another window could read.
    "permissions-policy": PERMISSIONS_POLICY,
    "x-frame-options": kind === "asset" ? "SAMEORIGIN" : "DENY",
  };
}

export type SecurityHeaders = Record<AnswerKind, HeaderSet>;

export function securityHeaderSets(inputs: PolicyInputs): SecurityHeaders {
  return Object.fromEntries(ANSWER_KINDS.map((kind) => [kind, securityHeaders(inputs, kind)])) as SecurityHeaders;
}

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
