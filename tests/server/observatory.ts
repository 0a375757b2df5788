/**
 * The MDN HTTP Observatory's score, computed from one response's headers (and optionally its
 * HTML): the same ten tests, results and modifiers as mdn/mdn-http-observatory
 * (src/analyzer/tests/*.js, src/grader/charts.js, src/scanner/index.js), as a pure function.
 *
 *   score = 100 + every test's modifier; bonuses (positive modifiers) count only when the score
 *   with the penalties alone is at least 90. Grade: A+ from 100, A 90, A- 85, B+ 80, B 70, B- 65,
 *   C+ 60, C 50, C- 45, D+ 40, D 30, D- 25, F below.
 *
 * What one response cannot show comes in `context`: whether the site is served over https with a
 * valid certificate (default yes: TLS is the proxy's job in front of this server), how its plain
 * http address redirects (default: to https on the same host), whether the host is on the HSTS
 * preload list (default no), and the answer to a cross-origin request for the CORS test
 * (default: these same headers, asked for from the Observatory's own origin).
 *
 * Left out, as they need a browser-grade parser: CSP and Referrer-Policy given in <meta
 * http-equiv> (this site sends both as headers), and merging of several CSP policies is
 * approximated by keeping the sources every policy shares.
 */

export type HeaderInput = Headers | Record<string, string | string[] | number | undefined>;

export interface ObservatoryContext {
  /** The response's HTML, for the Subresource Integrity test. */
  html?: string;
  /** Served over https with a valid certificate (default true). */
  https?: boolean;
  /** The host the page was fetched from (for "similar origin" scripts); default lariox.example. */
  host?: string;
  hstsPreloaded?: boolean;
  /** What http://host/ does (default "redirection-to-https"). */
  redirection?: keyof typeof REDIRECTION;
  /** The answer to a request carrying `Origin: <corsOrigin>`; default the same headers. */
  corsHeaders?: HeaderInput;
  corsOrigin?: string;
}

export interface TestResult {
  result: string;
  modifier: number;
}

export interface ObservatoryResult {
  score: number;
  grade: string;
  tests: Record<string, TestResult>;
}

const REDIRECTION = {
  "redirection-all-redirects-preloaded": 0,
  "redirection-to-https": 0,
  "redirection-not-needed-no-http": 0,
  "redirection-off-host-from-http": -5,
  "redirection-not-to-https-on-initial-redirection": -10,
  "redirection-not-to-https": -20,
  "redirection-missing": -20,
  "redirection-invalid-cert": -20,
} as const;

const MODIFIERS: Record<string, number> = {
  "csp-implemented-with-no-unsafe-default-src-none": 10,
  "csp-implemented-with-no-unsafe": 5,
  "csp-implemented-with-unsafe-inline-in-style-src-only": 0,
  "csp-implemented-with-insecure-scheme-in-passive-content-only": -10,
  "csp-implemented-with-unsafe-eval": -10,
  "csp-implemented-with-unsafe-inline": -20,
  "csp-implemented-with-insecure-scheme": -20,
  "csp-implemented-but-duplicate-directives": 0,
  "csp-header-invalid": -25,
  "csp-not-implemented": -25,
  "csp-not-implemented-but-reporting-enabled": -25,

  "cookies-secure-with-httponly-sessions-and-samesite": 5,
  "cookies-secure-with-httponly-sessions": 0,
  "cookies-not-found": 0,
  "cookies-without-secure-flag-but-protected-by-hsts": -5,
  "cookies-session-without-secure-flag-but-protected-by-hsts": -10,
  "cookies-without-secure-flag": -20,
  "cookies-samesite-flag-invalid": -20,
  "cookies-anticsrf-without-samesite-flag": -20,
  "cookies-session-without-httponly-flag": -30,
  "cookies-session-without-secure-flag": -40,

  "cross-origin-resource-sharing-not-implemented": 0,
  "cross-origin-resource-sharing-implemented-with-public-access": 0,
  "cross-origin-resource-sharing-implemented-with-restricted-access": 0,
  "cross-origin-resource-sharing-implemented-with-universal-access": -50,

  ...REDIRECTION,

  "referrer-policy-private": 5,
  "referrer-policy-not-implemented": 0,
  "referrer-policy-unsafe": -5,
  "referrer-policy-header-invalid": -5,

  "hsts-preloaded": 5,
  "hsts-implemented-max-age-at-least-six-months": 0,
  "hsts-implemented-max-age-less-than-six-months": -10,
  "hsts-not-implemented": -20,
  "hsts-header-invalid": -20,
  "hsts-not-implemented-no-https": -20,
  "hsts-invalid-cert": -20,

  "sri-implemented-and-all-scripts-loaded-securely": 5,
  "sri-implemented-and-external-scripts-loaded-securely": 5,
  "sri-not-implemented-response-not-html": 0,
  "sri-not-implemented-but-no-scripts-loaded": 0,
  "sri-not-implemented-but-all-scripts-loaded-from-secure-origin": 0,
  "sri-not-implemented-but-external-scripts-loaded-securely": -5,
  "sri-implemented-but-external-scripts-not-loaded-securely": -20,
  "sri-not-implemented-and-external-scripts-not-loaded-securely": -50,

  "x-content-type-options-nosniff": 0,
  "x-content-type-options-not-implemented": -5,
  "x-content-type-options-header-invalid": -5,

  "x-frame-options-implemented-via-csp": 5,
  "x-frame-options-sameorigin-or-deny": 0,
  "x-frame-options-allow-from-origin": 0,
  "x-frame-options-not-implemented": -20,
  "x-frame-options-header-invalid": -20,

  "cross-origin-resource-policy-not-implemented": 0,
  "cross-origin-resource-policy-implemented-with-same-origin": 10,
  "cross-origin-resource-policy-implemented-with-same-site": 10,
  "cross-origin-resource-policy-implemented-with-cross-origin": 0,
  "cross-origin-resource-policy-header-invalid": -5,
};

const GRADES: [number, string][] = [
  [100, "A+"], [90, "A"], [85, "A-"], [80, "B+"], [70, "B"], [65, "B-"], [60, "C+"],
  [50, "C"], [45, "C-"], [40, "D+"], [30, "D"], [25, "D-"], [0, "F"],
];

export function gradeFor(score: number): string {
  return GRADES.find(([min]) => score >= min)![1];
}

// ---------------------------------------------------------------- headers

/** Every value of a header, as a list (node joins repeated headers with ", ", except Set-Cookie). */
function values(headers: HeaderInput, name: string): string[] {
  if (typeof Headers !== "undefined" && headers instanceof Headers) {
    if (name === "set-cookie") return headers.getSetCookie();
    const v = headers.get(name);
    return v === null ? [] : [v];
  }
  for (const [key, v] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || v === undefined) continue;
    return Array.isArray(v) ? v : [String(v)];
  }
  return [];
}

const first = (headers: HeaderInput, name: string): string | undefined => values(headers, name)[0];

// ---------------------------------------------------------------- CSP

const DANGEROUSLY_BROAD = new Set(["ftp:", "http:", "https:", "*", "http://*", "http://*.*", "https://*", "https://*.*"]);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", "data:"]);
const BROAD_OR_INLINE = new Set([...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]);
const NONCE_OR_HASH = ["'sha256-", "'sha384-", "'sha512-", "'nonce-"];
const hasNonceOrHash = (sources: Set<string>) => [...sources].some((s) => NONCE_OR_HASH.some((p) => s.startsWith(p)));

type Csp = Map<string, Set<string>>;

/** Parses the policies (throws on an unusable one, as the Observatory's parser does). */
function parseCsp(policies: string[]): { csp: Csp; duplicateReports: boolean } {
  let duplicateReports = false;
  const parsed = policies.map((policy) => {
    const clean = policy.replace(/[\r\n]/g, "").trim();
    if (clean.length < "img-src".length - 1) throw new Error(`invalid policy: ${clean}`);
    const map: Csp = new Map();
    for (const entry of clean.split(";")) {
      const [rawDirective, ...sources] = entry.trim().split(/\s+/);
      if (!rawDirective) continue;
      const directive = rawDirective.toLowerCase();
      if (map.has(directive)) {
        if (directive === "report-uri" || directive === "report-to") {
          duplicateReports = true;
          continue;
        }
        throw new Error(`duplicate directive ${directive}`);
      }
      const list = sources.map((s) => s.trim().toLowerCase());
      map.set(directive, new Set(list.length === 0 && directive.endsWith("-src") ? ["'none'"] : list));
    }
    return map;
  });
  // Several policies: a source counts only if every policy that names the directive allows it.
  const csp: Csp = new Map();
  for (const map of parsed) {
    for (const [directive, sources] of map) {
      const before = csp.get(directive);
      const merged = before ? new Set([...before].filter((s) => sources.has(s))) : new Set(sources);
      csp.set(directive, merged.size > 0 ? merged : new Set(["'none'"]));
    }
  }
  return { csp, duplicateReports };
}

function cspTest(headers: HeaderInput, https: boolean): { result: string; csp?: Csp } {
  const policies = values(headers, "content-security-policy").flatMap((v) => v.split(",").map((s) => s.trim()));
  if (policies.length === 0) {
    return { result: values(headers, "content-security-policy-report-only").length > 0 ? "csp-not-implemented-but-reporting-enabled" : "csp-not-implemented" };
  }
  let parsed: ReturnType<typeof parseCsp>;
  try {
    parsed = parseCsp(policies);
  } catch {
    return { result: "csp-header-invalid" };
  }
  const { csp } = parsed;
  if (csp.size === 0) return { result: "csp-not-implemented" };
  const copy = (s: Set<string> | undefined) => (s ? new Set(s) : undefined);
  const objectSrc = copy(csp.get("object-src")) ?? copy(csp.get("default-src")) ?? new Set(["*"]);
  const scriptSrc = copy(csp.get("script-src")) ?? copy(csp.get("default-src")) ?? new Set(["*"]);
  const styleSrc = copy(csp.get("style-src")) ?? copy(csp.get("default-src")) ?? new Set(["*"]);
  for (const list of [scriptSrc, styleSrc]) if (hasNonceOrHash(list)) list.delete("'unsafe-inline'");

  let result: string | undefined;
  if (hasNonceOrHash(scriptSrc) && scriptSrc.has("'strict-dynamic'")) {
    for (const s of [...scriptSrc]) {
      if ([...DANGEROUSLY_BROAD].some((b) => s.startsWith(b)) || s === "'self'" || s === "'unsafe-inline'") scriptSrc.delete(s);
    }
  } else if (scriptSrc.has("'strict-dynamic'")) {
    result = "csp-header-invalid";
  }

  const passive = new Set(["img-src", "media-src"]);
  const active = [...csp].filter(([d]) => !passive.has(d) && d !== "script-src").flatMap(([, s]) => [...s]);
  active.push(...scriptSrc);
  const passiveSources = [...passive].flatMap((d) => [...(csp.get(d) ?? csp.get("default-src") ?? [])]);
  const insecure = (s: string) => s.startsWith("http:") || s.startsWith("ftp:");

  const checks: [boolean, string][] = [
    [[...scriptSrc].some((s) => BROAD_OR_INLINE.has(s)) || [...objectSrc].some((s) => DANGEROUSLY_BROAD.has(s)), "csp-implemented-with-unsafe-inline"],
    [https && active.some(insecure), "csp-implemented-with-insecure-scheme"],
    [scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'"), "csp-implemented-with-unsafe-eval"],
    [https && passiveSources.some(insecure), "csp-implemented-with-insecure-scheme-in-passive-content-only"],
    [[...styleSrc].some((s) => BROAD_OR_INLINE.has(s)), "csp-implemented-with-unsafe-inline-in-style-src-only"],
  ];
  for (const [failed, name] of checks) if (result === undefined && failed) result = name;
  const defaultNone = csp.get("default-src");
  if (result === undefined) {
    result = defaultNone?.has("'none'") && defaultNone.size === 1 ? "csp-implemented-with-no-unsafe-default-src-none" : "csp-implemented-with-no-unsafe";
  }
  const passing = [
    "csp-implemented-with-no-unsafe",
    "csp-implemented-with-no-unsafe-default-src-none",
    "csp-implemented-with-unsafe-inline-in-style-src-only",
    "csp-implemented-with-insecure-scheme-in-passive-content-only",
  ];
  if (passing.includes(result) && parsed.duplicateReports) result = "csp-implemented-but-duplicate-directives";
  return { result, csp };
}

// ---------------------------------------------------------------- the other tests

function hstsTest(headers: HeaderInput, context: ObservatoryContext): string {
  if (context.https === false) return "hsts-not-implemented-no-https";
  let result = "hsts-not-implemented";
  const header = first(headers, "strict-transport-security");
  if (header !== undefined) {
    const data = header.slice(0, 1024);
    let maxAge: number | undefined;
    for (const p of data.split(";").map((i) => i.trim().toLowerCase())) {
      if (p.startsWith("max-age=")) maxAge = Number.parseInt(p.slice(8, 128), 10);
    }
    if (data.includes(",") || maxAge === undefined) result = "hsts-header-invalid";
    else result = maxAge < 15_552_000 ? "hsts-implemented-max-age-less-than-six-months" : "hsts-implemented-max-age-at-least-six-months";
  }
  return context.hstsPreloaded ? "hsts-preloaded" : result;
}

const COOKIE_ORDER = [
  "cookies-without-secure-flag-but-protected-by-hsts",
  "cookies-without-secure-flag",
  "cookies-session-without-secure-flag-but-protected-by-hsts",
  "cookies-samesite-flag-invalid",
  "cookies-anticsrf-without-samesite-flag",
  "cookies-session-without-httponly-flag",
  "cookies-session-without-secure-flag",
];

function cookiesTest(headers: HeaderInput, hstsPasses: boolean): string {
  const raw = values(headers, "set-cookie");
  if (raw.length === 0) return "cookies-not-found";
  let result: string | undefined;
  const worse = (next: string) => {
    if (result === undefined || COOKIE_ORDER.indexOf(next) > COOKIE_ORDER.indexOf(result)) result = next;
  };
  let missingSameSite = false;
  for (const line of raw) {
    const [pair = "", ...attributes] = line.split(";");
    const name = pair.split("=")[0]!.trim().toLowerCase();
    const attrs = new Map(attributes.map((a) => {
      const [k = "", v] = a.trim().split("=");
      return [k.trim().toLowerCase(), v?.trim()] as const;
    }));
    const secure = attrs.has("secure");
    const httpOnly = attrs.has("httponly");
    const sameSite = attrs.get("samesite");
    if (attrs.has("samesite") && (!sameSite || !["lax", "strict", "none"].includes(sameSite.toLowerCase()))) worse("cookies-samesite-flag-invalid");
    const session = name.includes("login") || name.includes("sess");
    if (!secure && sameSite?.toLowerCase() === "none") worse("cookies-samesite-flag-invalid");
    if (!secure) worse(hstsPasses ? "cookies-without-secure-flag-but-protected-by-hsts" : "cookies-without-secure-flag");
    if (name.includes("csrf") && !sameSite) worse("cookies-anticsrf-without-samesite-flag");
    if (session && !secure) worse(hstsPasses ? "cookies-session-without-secure-flag-but-protected-by-hsts" : "cookies-session-without-secure-flag");
    if (session && !httpOnly) worse("cookies-session-without-httponly-flag");
    if (!sameSite) missingSameSite = true;
  }
  return result ?? (missingSameSite ? "cookies-secure-with-httponly-sessions" : "cookies-secure-with-httponly-sessions-and-samesite");
}

function corsTest(headers: HeaderInput, origin: string): string {
  const acao = first(headers, "access-control-allow-origin")?.slice(0, 256).trim();
  if (!acao) return "cross-origin-resource-sharing-not-implemented";
  if (acao === "*") return "cross-origin-resource-sharing-implemented-with-public-access";
  const credentials = first(headers, "access-control-allow-credentials")?.trim().toLowerCase();
  if (acao === origin && credentials === "true") return "cross-origin-resource-sharing-implemented-with-universal-access";
  return "cross-origin-resource-sharing-implemented-with-restricted-access";
}

function referrerTest(headers: HeaderInput): string {
  const good = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];
  const bad = ["origin", "origin-when-cross-origin", "unsafe-url", "no-referrer-when-downgrade"];
  const all = values(headers, "referrer-policy");
  if (all.length === 0) return "referrer-policy-not-implemented";
  const policy = all.join(", ").split(",").map((p) => p.trim().toLowerCase()).filter((p) => good.includes(p) || bad.includes(p)).at(-1) ?? "";
  if (good.includes(policy)) return "referrer-policy-private";
  if (bad.includes(policy)) return "referrer-policy-unsafe";
  return "referrer-policy-header-invalid";
}

/** The registrable domain, roughly: the last two labels. */
const siteOf = (host: string) => host.toLowerCase().split(".").slice(-2).join(".");

const SRI_ORDER = [
  "sri-implemented-and-all-scripts-loaded-securely",
  "sri-implemented-and-external-scripts-loaded-securely",
  "sri-implemented-but-external-scripts-not-loaded-securely",
  "sri-not-implemented-but-external-scripts-loaded-securely",
  "sri-not-implemented-and-external-scripts-not-loaded-securely",
  "sri-not-implemented-response-not-html",
];

function sriTest(headers: HeaderInput, context: ObservatoryContext): string {
  const mime = (first(headers, "content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (mime && mime !== "text/html" && mime !== "application/xhtml+xml") return "sri-not-implemented-response-not-html";
  const scripts = [...(context.html ?? "").matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]!);
  if (scripts.length === 0) return "sri-not-implemented-but-no-scripts-loaded";
  const https = context.https !== false;
  const host = context.host ?? "lariox.example";
  let result: string | undefined;
  let foreign = false;
  const worse = (next: string) => {
    if (result === undefined || SRI_ORDER.indexOf(next) > SRI_ORDER.indexOf(result)) result = next;
  };
  const attr = (attrs: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(attrs);
  for (const attrs of scripts) {
    const srcMatch = attr(attrs, "src");
    if (!srcMatch) continue;
    const src = srcMatch[1] ?? srcMatch[2] ?? srcMatch[3] ?? "";
    const integrity = Boolean(attr(attrs, "integrity"));
    const protocolRelative = /^\/\/[^/]/.test(src);
    const full = /^https?:\/\//i.test(src);
    const relative = !protocolRelative && !full;
    const sameSite = protocolRelative || relative || (full && siteOf(new URL(src).hostname) === siteOf(host));
    const secureOrigin = relative || (sameSite && !protocolRelative);
    const secureScheme = (full && new URL(src).protocol === "https:") || (relative && https);
    if (!secureOrigin) {
      foreign = true;
      if (integrity && !secureScheme) worse("sri-implemented-but-external-scripts-not-loaded-securely");
      else if (!integrity && secureScheme) worse("sri-not-implemented-but-external-scripts-loaded-securely");
      else if (!integrity && !secureScheme) worse("sri-not-implemented-and-external-scripts-not-loaded-securely");
    } else if (integrity && secureScheme && result === undefined) {
      result = "sri-implemented-and-all-scripts-loaded-securely";
    }
  }
  return result ?? (foreign ? "sri-implemented-and-external-scripts-loaded-securely" : "sri-not-implemented-but-all-scripts-loaded-from-secure-origin");
}

function xctoTest(headers: HeaderInput): string {
  const header = first(headers, "x-content-type-options");
  if (header === undefined) return "x-content-type-options-not-implemented";
  return header.slice(0, 256).trim().toLowerCase() === "nosniff" ? "x-content-type-options-nosniff" : "x-content-type-options-header-invalid";
}

function xfoTest(headers: HeaderInput, csp: Csp | undefined): string {
  if (csp?.has("frame-ancestors")) return "x-frame-options-implemented-via-csp";
  const header = first(headers, "x-frame-options")?.slice(0, 1024).trim().toLowerCase();
  if (header === undefined) return "x-frame-options-not-implemented";
  if (header === "deny" || header === "sameorigin") return "x-frame-options-sameorigin-or-deny";
  if (header.startsWith("allow-from")) return "x-frame-options-allow-from-origin";
  return "x-frame-options-header-invalid";
}

function corpTest(headers: HeaderInput): string {
  const header = first(headers, "cross-origin-resource-policy")?.slice(0, 256).trim().toLowerCase();
  if (!header) return "cross-origin-resource-policy-not-implemented";
  const known: Record<string, string> = {
    "same-site": "cross-origin-resource-policy-implemented-with-same-site",
    "same-origin": "cross-origin-resource-policy-implemented-with-same-origin",
    "cross-origin": "cross-origin-resource-policy-implemented-with-cross-origin",
  };
  return known[header] ?? "cross-origin-resource-policy-header-invalid";
}

// ---------------------------------------------------------------- score

export function observatoryScore(headers: HeaderInput, context: ObservatoryContext = {}): ObservatoryResult {
  const https = context.https !== false;
  const csp = cspTest(headers, https);
  const hsts = hstsTest(headers, context);
  const hstsPasses = hsts === "hsts-implemented-max-age-at-least-six-months" || hsts === "hsts-preloaded";
  const results: Record<string, string> = {
    "content-security-policy": csp.result,
    cookies: cookiesTest(headers, hstsPasses),
    "cross-origin-resource-sharing": corsTest(context.corsHeaders ?? headers, context.corsOrigin ?? "https://http-observatory.security.mozilla.org"),
    redirection: context.redirection ?? "redirection-to-https",
    "referrer-policy": referrerTest(headers),
    "strict-transport-security": hsts,
    "subresource-integrity": sriTest(headers, context),
    "x-content-type-options": xctoTest(headers),
    "x-frame-options": xfoTest(headers, csp.csp),
    "cross-origin-resource-policy": corpTest(headers),
  };
  const tests: Record<string, TestResult> = {};
  let withBonus = 100;
  let penaltiesOnly = 100;
  for (const [name, result] of Object.entries(results)) {
    const modifier = MODIFIERS[result];
    if (modifier === undefined) throw new Error(`no modifier for ${result}`);
    tests[name] = { result, modifier };
    withBonus += modifier;
    if (modifier < 0) penaltiesOnly += modifier;
  }
  const score = Math.max(0, penaltiesOnly >= 90 ? withBonus : penaltiesOnly);
  return { score, grade: gradeFor(score), tests };
}
