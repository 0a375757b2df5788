// @vitest-environment node
/**
 * Static serving cannot be tricked into answering with a file outside DIST_DIR (or with the
 * build's internal dot-folders): every spelling of "go up a folder" or "start from the root" is
 * refused with 400, 403 or 404 (414/431 from Node for paths beyond its header limit), never with
 * the secret file's bytes, and the server keeps serving afterwards.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, startApp } from "./helpers.ts";
import type { TestApp } from "./helpers.ts";

const SECRET = "TOP-SECRET-7f3a9c";

function write(root: string, file: string, content: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), content);
}

/**
 * A raw HTTP/1.1 exchange for request lines the http client would refuse to send (raw null
 * bytes, absolute or relative targets): `Connection: close` so the server closes after answering.
 */
function rawExchange(port: number, requestLine: string, timeoutMs = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to ${JSON.stringify(requestLine)}`));
    }, timeoutMs);
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", () => {}); // a reset after the answer is fine
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString("latin1"));
    });
    socket.write(`${requestLine}\r\nHost: x\r\nConnection: close\r\n\r\n`, "latin1");
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

describe("static serving cannot be tricked", () => {
  let t: TestApp;
  let root: string;
  let secretPath: string;
  let port: number;

  beforeAll(async () => {
    // <root>/secret.txt beside <root>/dist: one "../" away from the served folder
    root = mkdtempSync(join(tmpdir(), "lariox-traversal-"));
    const dist = join(root, "dist");
    secretPath = join(root, "secret.txt");
    writeFileSync(secretPath, SECRET);
    write(root, "etc/passwd", SECRET);
    write(dist, "index.html", "<h1>Home</h1>");
    write(dist, "about/index.html", "<h1>About</h1>");
    write(dist, "404.html", "<h1>Page not found</h1>");
    write(dist, "assets/datasheets/sheet.pdf", "%PDF-1.4");
    write(dist, ".site/server.json", JSON.stringify({ redirects: [], scriptHashes: [], frameOrigins: [] }));
    write(dist, ".vite/manifest.json", `{"secret":"${SECRET}"}`);
    write(dist, ".env", `SECRET=${SECRET}`);
    t = await startApp({ DIST_DIR: dist }, { startOutbox: false });
    port = Number(new URL(t.url).port);
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const refused = (status: number) => [400, 403, 404, 414, 431].includes(status);

  it("refuses every traversal spelling through the HTTP client", async () => {
    const abs = secretPath; // e.g. /tmp/lariox-traversal-x/secret.txt
    const cases = [
      // plain and dot-segment forms
      "/../secret.txt",
      "/../../../../../../etc/passwd",
      "/about/../../secret.txt",
      "/./../secret.txt",
      "/about/./../../secret.txt",
      "/assets/../../secret.txt",
      "/....//secret.txt",
      "/..;/secret.txt",
      // percent-encoded slash and dots
      "/..%2fsecret.txt",
      "/..%2Fsecret.txt",
      "/%2e%2e/secret.txt",
      "/%2E%2E/secret.txt",
      "/.%2e/secret.txt",
      "/%2e./secret.txt",
      "/%2e%2e%2fsecret.txt",
      "/about/%2e%2e/%2e%2e/secret.txt",
      "/assets/%2e%2e%2f%2e%2e%2fsecret.txt",
      // double-encoded
      "/%252e%252e/secret.txt",
      "/%252e%252e%252fsecret.txt",
      "/..%252fsecret.txt",
      "/%25%32%65%25%32%65/secret.txt",
      // backslashes
      "/..\\secret.txt",
      "/about\\..\\..\\secret.txt",
      "/..%5csecret.txt",
      "/..%5Csecret.txt",
      "/%5c..%5csecret.txt",
      // null bytes
      "/index.html%00",
      "/index.html%00.js",
      "/%00/../secret.txt",
      "/..%00/secret.txt",
      "/about%00/index.html",
      "/%00",
      // overlong UTF-8 dots and slashes
      "/%c0%ae%c0%ae/secret.txt",
      "/%c0%ae%c0%ae%c0%afsecret.txt",
      "/%e0%80%ae%e0%80%ae/secret.txt",
      "/%uff0e%uff0e/secret.txt",
      // absolute-path tricks
      "//etc/passwd",
      `/${abs}`,
      `/${encodeURIComponent(abs)}`,
      `/%2f${abs.slice(1).split("/").join("%2f")}`,
      "/%2fetc%2fpasswd",
      "/file:///etc/passwd",
      `/file:${abs}`,
      "/C:/Windows/win.ini",
      "/C:%5cWindows%5cwin.ini",
      "/\\\\server\\share\\secret.txt",
      // the build's internal files inside DIST_DIR
      "/.env",
      "/.site/server.json",
      "/.vite/manifest.json",
      "/%2evite/manifest.json",
      "/assets/../.vite/manifest.json",
      // very long paths
      `/${"a".repeat(5_000)}`,
      `/${"../".repeat(3_000)}secret.txt`,
      `/${"%2e%2e%2f".repeat(1_500)}secret.txt`,
      `/${"a/".repeat(2_000)}${"../".repeat(2_001)}secret.txt`,
      `/${"x".repeat(40_000)}`,
    ];
    for (const path of cases) {
      const r = await rawRequest(t.url, { path });
      const label = path.length > 80 ? `${path.slice(0, 60)}… (${path.length} chars)` : path;
      expect([label, refused(r.status)], `status ${r.status}`).toEqual([label, true]);
      expect(r.text, label).not.toContain(SECRET);
      expect(r.text, label).not.toMatch(/at .+\.(js|ts):\d+/); // no stack traces
    }
    expect((await rawRequest(t.url, { path: "/" })).status).toBe(200);
  });

  it("refuses raw request lines the HTTP client would not send", async () => {
    const cases = [
      "GET /index.html\0 HTTP/1.1",
      "GET /..\0/secret.txt HTTP/1.1",
      "GET ../secret.txt HTTP/1.1",
      "GET http://127.0.0.1/../secret.txt HTTP/1.1",
      "GET http://127.0.0.1/%2e%2e/secret.txt HTTP/1.1",
      `GET file://${secretPath} HTTP/1.1`,
      `GET ${secretPath} HTTP/1.1`,
      "GET /../secret.txt HTTP/1.0",
      "GET \\..\\secret.txt HTTP/1.1",
      "GET /a/b/../../../secret.txt?x=1#frag HTTP/1.1",
    ];
    for (const request of cases) {
      const answer = await rawExchange(port, request);
      const label = JSON.stringify(request);
      expect([label, refused(statusOf(answer))], answer.split("\r\n")[0]).toEqual([label, true]);
      expect(answer, label).not.toContain(SECRET);
    }
    expect((await rawRequest(t.url, { path: "/about" })).text).toBe("<h1>About</h1>");
  });

  it("still serves what is meant to be served", async () => {
    expect((await rawRequest(t.url, { path: "/about/" })).text).toBe("<h1>About</h1>");
    expect((await rawRequest(t.url, { path: "/about/../about" })).status).toBeLessThan(500);
    const pdf = await rawRequest(t.url, { path: "/assets/datasheets/sheet.pdf" });
    expect([pdf.status, pdf.headers["content-type"]]).toEqual([200, "application/pdf"]);
  });
});
