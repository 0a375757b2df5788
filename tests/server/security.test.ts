// @vitest-environment node
/**
 * Security headers on every answer, the Content-Security-Policy built from the build's inline
 * script hashes and the map's origin, the MDN HTTP Observatory grade those headers earn, and the
 * request timeouts that cut a stalled client.
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { DEFAULT_TIMEOUTS, embeddedFrameOrigins, readInlineScriptHashes } from "../../src/server/security.ts";
import { postJson, rawRequest, startApp, validContact } from "./helpers.ts";
import type { HttpResult, TestApp } from "./helpers.ts";
import { observatoryScore } from "./observatory.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function write(root: string, file: string, content: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), content);
}

const INLINE = `document.documentElement.setAttribute("data-js","")`;
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const PAGE = `<!doctype html><html lang="en"><head><title>Home</title><script>${INLINE}</script>
<script type="application/ld+json">{"@type":"Organization"}</script>
<script type="module" src="/assets/index-B1x2Yz_9.js"></script></head><body><h1>Home</h1></body></html>`;

/** The map's origin, read straight from content/site.yaml (independently of the server's reader). */
const mapOrigin = new URL((parse(readFileSync(join(ROOT, "content/site.yaml"), "utf8")) as { contact: { mapEmbedUrl: string } }).contact.mapEmbedUrl).origin;

const SECURITY_HEADERS = [
  "content-security-policy",
  "strict-transport-security",
  "x-content-type-options",
  "referrer-policy",
  "cross-origin-resource-policy",
  "permissions-policy",
  "x-frame-options",
];

describe("security headers", () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "lariox-sec-dist-"));
    write(dist, "index.html", PAGE);
    write(dist, "about/index.html", PAGE.replace("Home", "About"));
    write(dist, "404.html", "<h1>Page not found</h1>");
    write(dist, "assets/index-B1x2Yz_9.js", "console.log(1)");
    write(dist, "assets/datasheets/sheet.pdf", "%PDF-1.4");
    write(dist, "assets/logo.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
    write(dist, ".site/inline-script-hashes.json", JSON.stringify([sha256(INLINE)]));
    write(dist, ".site/redirects.json", JSON.stringify([{ from: "/old", to: "/about" }]));
    t = await startApp({ DIST_DIR: dist }, { startOutbox: false });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) => rawRequest(t.url, { path, ...init });

  const EXPECTED_PAGE_CSP = [
    "default-src 'self'",
    `script-src 'self' ${sha256(INLINE)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src 'self' ${mapOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");

  it("sends the policy built from the build's inline script hash and the map's origin", async () => {
    const r = await get("/");
    expect(r.status).toBe(200);
    expect(r.headers["content-security-policy"]).toBe(EXPECTED_PAGE_CSP);
    expect(mapOrigin).toBe("https://www.google.com");
    expect(r.headers["content-security-policy"]).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(r.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(r.headers["x-content-type-options"]).toBe("nosniff");
    expect(r.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(r.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(r.headers["x-frame-options"]).toBe("DENY");
    const permissions = String(r.headers["permissions-policy"]);
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) expect(permissions).toContain(`${feature}=()`);
  });

  it("puts them on every answer: pages, files, API, redirects, errors, HEAD and 304", async () => {
    const etag = (await get("/assets/index-B1x2Yz_9.js")).headers.etag as string;
    const answers: [string, Promise<HttpResult>, number][] = [
      ["page", get("/about"), 200],
      ["HEAD page", get("/about", { method: "HEAD" }), 200],
      ["asset", get("/assets/index-B1x2Yz_9.js"), 200],
      ["asset 304", get("/assets/index-B1x2Yz_9.js", { headers: { "if-none-match": etag } }), 304],
      ["pdf", get("/assets/datasheets/sheet.pdf"), 200],
      ["svg", get("/assets/logo.svg"), 200],
      ["missing page", get("/nope"), 404],
      ["missing asset", get("/assets/nope.pdf"), 404],
      ["redirect", get("/old"), 301],
      ["traversal", get("/../secret"), 403],
      ["bad escape", get("/%E0%A4%A"), 400],
      ["api GET", get("/api/mail/send-contact"), 405],
      ["api unknown", get("/api/nope"), 404],
      ["api POST", postJson(t.url, "/api/mail/send-contact", validContact), 200],
      ["api invalid", postJson(t.url, "/api/mail/send-contact", "{"), 400],
    ];
    for (const [what, pending, status] of answers) {
      const r = await pending;
      expect([what, r.status]).toEqual([what, status]);
      for (const name of SECURITY_HEADERS) expect([what, name, typeof r.headers[name]]).toEqual([what, name, "string"]);
      const framedBySite = what === "pdf" || what === "svg" || what.startsWith("asset") || what === "missing asset";
      expect([what, r.headers["x-frame-options"]]).toEqual([what, framedBySite ? "SAMEORIGIN" : "DENY"]);
      expect(r.headers["content-security-policy"]).toMatch(framedBySite ? /frame-ancestors 'self'$/ : /frame-ancestors 'none'$/);
      // Left out on purpose (see securityHeaders): it cost every visit a fresh renderer process.
      expect([what, r.headers["cross-origin-opener-policy"]]).toEqual([what, undefined]);
    }
  });

  it("earns an A+ by the MDN HTTP Observatory's rules", async () => {
    const r = await get("/");
    const result = observatoryScore(r.headers, { html: r.text });
    expect(result.grade, JSON.stringify(result.tests, null, 2)).toBe("A+");
    expect(result.score).toBeGreaterThanOrEqual(100);
    // 100 + CSP 0 (style-src 'unsafe-inline') + frame-ancestors 5 + Referrer-Policy 5 + CORP 10
    expect(result.score).toBe(120);
    expect(Object.values(result.tests).every((test) => test.modifier >= 0)).toBe(true);
    expect(result.tests["content-security-policy"]!.result).toBe("csp-implemented-with-unsafe-inline-in-style-src-only");
    expect(result.tests["subresource-integrity"]!.result).toBe("sri-not-implemented-but-all-scripts-loaded-from-secure-origin");
    // the PDFs (framable by the site) score the same
    expect(observatoryScore((await get("/assets/datasheets/sheet.pdf")).headers).score).toBe(120);
  });
});

describe("policy inputs", () => {
  it("reads the inline script hashes of the build, none before a build, and refuses a broken list", () => {
    const dir = mkdtempSync(join(tmpdir(), "lariox-sec-hashes-"));
    try {
      expect(readInlineScriptHashes(dir)).toEqual([]);
      write(dir, ".site/inline-script-hashes.json", JSON.stringify([sha256("a"), sha256("b")]));
      expect(readInlineScriptHashes(dir)).toEqual([sha256("a"), sha256("b")]);
      write(dir, ".site/inline-script-hashes.json", JSON.stringify(["'unsafe-inline'"]));
      expect(() => readInlineScriptHashes(dir)).toThrow(/sha256/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("takes the map origin from content/site.yaml, and none (with a warning) from a broken one", () => {
    expect(embeddedFrameOrigins(ROOT)).toEqual([mapOrigin]);
    const dir = mkdtempSync(join(tmpdir(), "lariox-sec-site-"));
    try {
      const warnings: string[] = [];
      expect(embeddedFrameOrigins(dir, (m) => warnings.push(m))).toEqual([]);
      write(dir, "content/site.yaml", "# yaml-language-server: $schema=../schema/site.schema.json\ncompany: {}\n");
      expect(embeddedFrameOrigins(dir, (m) => warnings.push(m))).toEqual([]);
      expect(warnings).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("starts without a build: scripts from the site only", async () => {
    const t = await startApp({}, { startOutbox: false });
    try {
      const csp = String((await rawRequest(t.url, { path: "/" })).headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self'; ");
    } finally {
      await t.close();
    }
  });
});

describe("observatoryScore", () => {
  it("no headers at all: CSP -25, HSTS -20, X-Content-Type-Options -5, X-Frame-Options -20 = 30 (D)", () => {
    const result = observatoryScore({});
    expect([result.score, result.grade]).toEqual([30, "D"]);
    expect(Object.fromEntries(Object.entries(result.tests).filter(([, t]) => t.modifier !== 0).map(([n, t]) => [n, t.modifier]))).toEqual({
      "content-security-policy": -25,
      "strict-transport-security": -20,
      "x-content-type-options": -5,
      "x-frame-options": -20,
    });
    // and without https, HSTS cannot count either (same -20), a missing redirect another -20
    expect(observatoryScore({}, { https: false, redirection: "redirection-missing" }).score).toBe(10);
  });

  it("weak headers: unsafe-inline scripts -20, short HSTS -10, unsafe-url referrer -5 = 65 (B-)", () => {
    const result = observatoryScore({
      "content-security-policy": "default-src 'self'; script-src 'self' 'unsafe-inline'",
      "strict-transport-security": "max-age=86400",
      "x-content-type-options": "nosniff",
      "x-frame-options": "SAMEORIGIN",
      "referrer-policy": "unsafe-url",
    });
    expect([result.score, result.grade]).toEqual([65, "B-"]);
    expect(result.tests["content-security-policy"]!.result).toBe("csp-implemented-with-unsafe-inline");
    expect(result.tests["x-frame-options"]!.result).toBe("x-frame-options-sameorigin-or-deny");
  });

  const strong = {
    "content-security-policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "strict-transport-security": "max-age=31536000",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cross-origin-resource-policy": "same-site",
  };

  it("strict headers: default-src 'none' +10, frame-ancestors +5, referrer +5, CORP +10 = 130 (A+)", () => {
    const result = observatoryScore(strong);
    expect([result.score, result.grade]).toEqual([130, "A+"]);
  });

  it("bonuses count only from 90 up: a session cookie without HttpOnly (-30) leaves 70 (B), not 100", () => {
    const result = observatoryScore({ ...strong, "set-cookie": ["sessionid=abc; Path=/; Secure"] });
    expect(result.tests.cookies).toEqual({ result: "cookies-session-without-httponly-flag", modifier: -30 });
    expect([result.score, result.grade]).toEqual([70, "B"]);
    // a well-made cookie earns its +5
    expect(observatoryScore({ ...strong, "set-cookie": ["sessionid=abc; Path=/; Secure; HttpOnly; SameSite=Lax"] }).score).toBe(135);
  });

  it("hashes cancel 'unsafe-inline' in script-src; an invalid CSP scores as none", () => {
    const hashed = observatoryScore({ ...strong, "content-security-policy": `default-src 'self'; script-src 'self' 'unsafe-inline' ${sha256("x")}; object-src 'none'; frame-ancestors 'none'` });
    expect(hashed.tests["content-security-policy"]!.result).toBe("csp-implemented-with-no-unsafe");
    const duplicate = observatoryScore({ ...strong, "content-security-policy": "default-src 'self'; default-src 'none'" });
    expect(duplicate.tests["content-security-policy"]).toEqual({ result: "csp-header-invalid", modifier: -25 });
  });
});

describe("request timeouts", () => {
  it("are set on the server", async () => {
    const t = await startApp({}, { startOutbox: false });
    try {
      const server = t.app.server;
      expect(server.requestTimeout).toBe(DEFAULT_TIMEOUTS.requestMs);
      expect(server.headersTimeout).toBe(DEFAULT_TIMEOUTS.headersMs);
      expect(server.keepAliveTimeout).toBe(DEFAULT_TIMEOUTS.keepAliveMs);
      expect(server.timeout).toBe(DEFAULT_TIMEOUTS.connectionMs);
      expect(DEFAULT_TIMEOUTS).toMatchObject({ requestMs: 15_000, headersMs: 10_000, keepAliveMs: 5_000 });
    } finally {
      await t.close();
    }
  });

  describe("cut a stalled client", () => {
    let app: FastifyInstance;
    let port: number;
    let dir: string;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "lariox-sec-slow-"));
      write(join(dir, "dist"), "index.html", "<h1>Home</h1>");
      const config = loadConfig({ DATA_DIR: join(dir, "data"), DIST_DIR: join(dir, "dist"), HOST: "127.0.0.1", PORT: "0", RATE_LIMIT: "0" });
      app = await buildApp({ config, logger: false, stopGraceMs: 100, timeouts: { headersMs: 400, requestMs: 800, checkIntervalMs: 100 } });
      await app.listen({ port: 0, host: "127.0.0.1" });
      port = (app.server.address() as { port: number }).port;
    });
    afterAll(async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /** Opens a connection, sends `start`, then one more byte of `drip` every 100 ms until the server hangs up. */
    function slowClient(start: string, drip: string): Promise<{ answer: string; ms: number; dripped: number }> {
      return new Promise((resolve, reject) => {
        const began = Date.now();
        const socket = connect(port, "127.0.0.1");
        let answer = "";
        let dripped = 0;
        const timer = setInterval(() => {
          if (dripped < drip.length && !socket.destroyed) socket.write(drip[dripped++]!);
        }, 100);
        const guard = setTimeout(() => {
          socket.destroy();
          reject(new Error("the server never cut the stalled request"));
        }, 8_000);
        socket.on("data", (c: Buffer) => (answer += c.toString("latin1")));
        socket.on("error", () => {});
        socket.on("close", () => {
          clearInterval(timer);
          clearTimeout(guard);
          resolve({ answer, ms: Date.now() - began, dripped });
        });
        socket.write(start);
      });
    }

    it("trickling header bytes (slow loris) is answered 408 and closed after the headers timeout", async () => {
      const { answer, ms, dripped } = await slowClient("GET / HTTP/1.1\r\nHost: x\r\n", "X-Slow: ".padEnd(200, "a"));
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(ms).toBeGreaterThanOrEqual(350);
      expect(ms).toBeLessThan(3_000);
      expect(dripped).toBeGreaterThan(2); // it was sending all along
    });

    it("a body that stops coming is cut after the request timeout", async () => {
      const head = "POST /api/mail/send-contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n";
      const { answer, ms } = await slowClient(head, '{"name":"'.padEnd(60, "a"));
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(ms).toBeGreaterThanOrEqual(750);
      expect(ms).toBeLessThan(4_000);
    });

    it("keeps answering everyone else", async () => {
      const stalled = slowClient("GET / HTTP/1.1\r\nHost: x\r\n", "X-Slow: ".padEnd(200, "a"));
      const r = await rawRequest(`http://127.0.0.1:${port}/`);
      expect([r.status, r.text]).toEqual([200, "<h1>Home</h1>"]);
      await stalled;
    });
  });
});
