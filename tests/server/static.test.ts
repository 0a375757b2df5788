// @vitest-environment node
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheControlFor } from "../../src/handover/cache-policy.ts";
import { rawRequest, startApp, tempDir } from "./helpers.ts";
import type { TestApp } from "./helpers.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";

function write(root: string, file: string, content: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), content);
}

describe("static site", () => {
  let t: TestApp;
  const root = tempDir();
  beforeAll(async () => {
    const dist = join(root.path, "dist");
    write(dist, "index.html", "<h1>Home</h1>");
    write(dist, "about/index.html", "<h1>About</h1>");
    write(dist, "services/plc/index.html", "<h1>PLC</h1>");
    write(dist, "404.html", "<h1>Page not found</h1>");
    write(dist, "assets/index-B1x2Yz_9.js", "console.log(1)");
    write(dist, "assets/logo.svg", "<svg/>");
    write(dist, "robots.txt", "User-agent: *");
    write(dist, ".env", "SECRET=1");
    // a file next to DIST_DIR that traversal must never reach
    write(dirname(dist), "secret.txt", "TOP SECRET");
    t = await startApp({ DIST_DIR: dist }, { startOutbox: false });
  });
  afterAll(async () => {
    await t.close();
    root.remove();
  });

  const get = (path: string, method = "GET") => rawRequest(t.url, { path, method });

  it("serves / and folder pages, with or without a trailing slash", async () => {
    for (const [path, body] of [
      ["/", "<h1>Home</h1>"],
      ["/index.html", "<h1>Home</h1>"],
      ["/about", "<h1>About</h1>"],
      ["/about/", "<h1>About</h1>"],
      ["/services/plc", "<h1>PLC</h1>"],
      ["/services/plc/", "<h1>PLC</h1>"],
      ["/about?utm_source=x", "<h1>About</h1>"],
    ] as const) {
      const r = await get(path);
      expect([path, r.status, r.text]).toEqual([path, 200, body]);
      expect(r.headers["content-type"]).toMatch(/^text\/html/);
      expect(r.headers["cache-control"]).toBe("no-cache");
    }
    const head = await get("/about", "HEAD");
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
  });

  it("caches hashed assets for a year and revalidates everything else", async () => {
    const js = await get("/assets/index-B1x2Yz_9.js");
    expect(js.status).toBe(200);
    expect(js.headers["cache-control"]).toBe(IMMUTABLE);
    expect(js.headers["content-type"]).toMatch(/javascript/);
    expect((await get("/assets/logo.svg")).headers["cache-control"]).toBe("no-cache");
    expect((await get("/robots.txt")).headers["cache-control"]).toBe("no-cache");
    const etag = js.headers.etag as string;
    const again = await rawRequest(t.url, { path: "/assets/index-B1x2Yz_9.js", headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("answers unknown paths, and the 404 page's own addresses, with status 404 and 404.html", async () => {
    for (const path of ["/nope", "/about/nope", "/assets/missing-ABCDEFGH.js", "/.env", "/404", "/404.html", "/404/"]) {
      const r = await get(path);
      expect([path, r.status]).toEqual([path, 404]);
      expect(r.text).toBe("<h1>Page not found</h1>");
      expect(r.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("gives a 404 no validators and no ranges, so no conditional or Range request changes it", async () => {
    const r = await get("/nope");
    expect([r.headers.etag, r.headers["last-modified"], r.headers["accept-ranges"]]).toEqual([undefined, undefined, undefined]);
    const conditional = await rawRequest(t.url, { path: "/nope", headers: { "if-none-match": "*", "if-modified-since": new Date().toUTCString() } });
    expect([conditional.status, conditional.text]).toEqual([404, "<h1>Page not found</h1>"]);
    const ranged = await rawRequest(t.url, { path: "/nope", headers: { range: "bytes=0-3" } });
    expect([ranged.status, ranged.text, ranged.headers["content-range"]]).toEqual([404, "<h1>Page not found</h1>", undefined]);
  });

  it("answers other methods than GET and HEAD on pages with 405 and Allow", async () => {
    for (const [path, method] of [
      ["/about", "POST"],
      ["/", "PUT"],
      ["/nope", "DELETE"],
      ["/about", "PATCH"],
    ] as const) {
      const r = await get(path, method);
      expect([path, method, r.status, r.headers.allow]).toEqual([path, method, 405, "GET, HEAD"]);
    }
  });

  it("answers 404 in plain text when the build has no 404.html", async () => {
    const bare = await startApp({}, { startOutbox: false });
    try {
      const r = await rawRequest(bare.url, { path: "/nope" });
      expect(r.status).toBe(404);
      expect(r.headers["content-type"]).toMatch(/^text\/plain/);
      expect(r.text).toMatch(/Not Found/);
    } finally {
      await bare.close();
    }
  });

  it("never serves anything outside DIST_DIR", async () => {
    for (const path of [
      "/../secret.txt",
      "/about/../../secret.txt",
      "/%2e%2e/secret.txt",
      "/%2E%2E/secret.txt",
      "/about/%2e%2e/%2e%2e/secret.txt",
      "/..%2fsecret.txt",
      "/%2e%2e%2fsecret.txt",
      "/..%5csecret.txt",
      "/....//secret.txt",
      "/index.html%00.js",
      "/%00",
      "/about%00/index.html",
      "//secret.txt",
      "/%252e%252e/secret.txt",
    ]) {
      const r = await get(path);
      expect([path, r.status >= 400 && r.status < 500]).toEqual([path, true]);
      expect(r.text).not.toContain("TOP SECRET");
      expect(r.text).not.toMatch(/at .+\.(js|ts):\d+/);
    }
    // and keeps serving
    expect((await get("/")).status).toBe(200);
  });

  it("sends no stack traces for malformed URLs", async () => {
    const r = await get("/%E0%A4%A");
    expect(r.status).toBe(400);
    expect(r.text).toBe("400 Bad Request\n");
  });

  it("recognises hashed asset names", () => {
    // What the build names by content: Vite's bundles and the image variants.
    expect(cacheControlFor("assets/index-B1x2Yz_9.js")).toBe(IMMUTABLE);
    expect(cacheControlFor("assets/style--CoARbI7.css")).toBe(IMMUTABLE);
    expect(cacheControlFor("assets/img/about.3f9c1e2ab0-960.avif")).toBe(IMMUTABLE);
    expect(cacheControlFor("assets/index-B1x2Yz_9.js.br")).toBe(IMMUTABLE);
    // Files editors name and replace in place must be revalidated, whatever their names look like.
    expect(cacheControlFor("assets/logo.svg")).toBe("no-cache");
    expect(cacheControlFor("assets/datasheets/aveva-system-platform.pdf")).toBe("no-cache");
    expect(cacheControlFor("assets/banners/operations-information.jpg")).toBe("no-cache");
    expect(cacheControlFor("index-B1x2Yz_9.js")).toBe("no-cache");
    expect(cacheControlFor("about/index.html")).toBe("no-cache");
  });
});
