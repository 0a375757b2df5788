// @vitest-environment node
/**
 * The small findings of the third security review (issue 60, point 7): the review routes' Allow
 * names POST; every 400 carries the API's cache headers, a bad %-escape's too; the static hosts'
 * own files are not served; and a review POST from another site is refused like every other.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, startApp, tempDir, type TestApp } from "./helpers.ts";

describe("the small findings", () => {
  const dist = tempDir("lariox-small-");
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(dist.path, { recursive: true });
    writeFileSync(join(dist.path, "index.html"), "<!doctype html><title>home</title>");
    writeFileSync(join(dist.path, "_redirects"), "/old /new 301\n");
    writeFileSync(join(dist.path, "_headers"), "/*\n  X-Frame-Options: DENY\n");
    t = await startApp({ DIST_DIR: dist.path, SITE_URL: "https://www.lariox.example" });
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  it("names POST in the Allow of a 405 on a review link", async () => {
    const answer = await rawRequest(`${t.url}/review/some-token`, { method: "PUT" });
    expect(answer.status).toBe(405);
    expect(String(answer.headers.allow).split(", ")).toEqual(["GET", "HEAD", "POST"]);
    expect(String((await rawRequest(`${t.url}/about`, { method: "PUT" })).headers.allow)).toBe("GET, HEAD");
  });

  it("sends every 400 with the API's cache headers, a bad %-escape's too", async () => {
    for (const path of ["/api/mail/send-contact%zz", "/%E0%A4%A", "/about%"]) {
      const answer = await rawRequest(`${t.url}/`, { path });
      expect([path, answer.status]).toEqual([path, 400]);
      expect([path, answer.headers["cache-control"]]).toEqual([path, "no-store"]);
    }
  });

  it("does not serve the static hosts' own files", async () => {
    expect((await rawRequest(`${t.url}/`)).status).toBe(200);
    for (const path of ["/_redirects", "/_headers"]) {
      const answer = await rawRequest(`${t.url}${path}`);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.text).not.toContain("X-Frame-Options");
    }
  });

  it("refuses a review POST from another site, as every other cross-site post", async () => {
    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
      const answer = await rawRequest(`${t.url}/review/some-token`, { method: "POST", headers });
      expect([headers, answer.status]).toEqual([headers, 403]);
    }
    // From the site itself, the link is judged (this one is not a link at all).
    const own = await rawRequest(`${t.url}/review/some-token`, { method: "POST", headers: { origin: "https://www.lariox.example" } });
    expect(own.status).not.toBe(403);
  });
});
