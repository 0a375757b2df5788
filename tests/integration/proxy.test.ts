// @vitest-environment node
/**
 * The build's nginx config (scripts/build/deploy-configs.ts) in a real nginx in front of a real
 * Node server process, both on one real build: through nginx a visitor gets the headers, 404s,
 * redirects and caching the Node server gives directly, the precompressed twins, and the forms,
 * rate-limited by the visitor's own address.
 *
 * Needs nginx and libnginx-mod-http-brotli-static (scripts/test.sh installs them; started by
 * ./nginx.ts, which tests/server/scale-out.test.ts uses too). The build, of the tests' site
 * (tests/site-fixture.ts): `npm test` (scripts/test.sh) builds it before Vitest and names that
 * build in TEST_DIST_DIR, which this test then serves and only reads (nginx's files go to a temp
 * folder; Playwright runs on the same build afterwards). Without TEST_DIST_DIR (`npx vitest run` on
 * its own) it builds the site itself into a temp folder (about 10 s with the image cache warm): a
 * build left from an earlier run may not match the code under test.
 */
import { spawn, spawnSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import type { IncomingHttpHeaders } from "node:http";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders } from "../../src/handover/security-policy.ts";
import { readBuiltSite } from "../../src/handover/built-site.ts";
import type { BuiltSite } from "../../src/handover/built-site.ts";
import { scriptFields, TEST_SPAM_ENV, tempDir, validContact, validQuote, waitFor } from "../server/helpers.ts";
import { mainConf, requireNginx, startNginx } from "./nginx.ts";
import type { NginxProcess } from "./nginx.ts";
import { SITE_FIXTURE } from "../site-fixture.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const IMMUTABLE = "public, max-age=31536000, immutable";

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body: Buffer;
}

function fetchRaw(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: options.method ?? "GET", headers: options.headers, localAddress: options.from, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer to ${path} in 10 s`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

/** Sends `head` as it is written on a connection of its own (what a client library would refuse to send) and reads the answer to the end. */
function sendRaw(base: string, head: string): Promise<{ status: number; headers: Record<string, string[]>; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let text = "";
    const answer = () => {
      const [top = "", body = ""] = text.split("\r\n\r\n", 2);
      const [statusLine = "", ...lines] = top.split("\r\n");
      const headers: Record<string, string[]> = {};
      for (const line of lines) {
        const [name = "", ...value] = line.split(": ");
        (headers[name.toLowerCase()] ??= []).push(value.join(": "));
      }
      return { status: Number(statusLine.split(" ")[1]), headers, body };
    };
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${head.slice(0, 40)} in 10 s`)));
    socket.on("data", (c: Buffer) => {
      text += c.toString("latin1");
      // Done once the whole answer is in: a client that half-closed after its headers would race
      // nginx, which may take the early end of a body it was discarding for a broken connection.
      const { headers, body } = answer();
      const length = headers["content-length"]?.[0];
      if (text.includes("\r\n\r\n") && length !== undefined && body.length >= Number(length)) socket.destroy();
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(answer()));
    socket.write(head);
  });
}

/** Runs to the end; rejects with the output when the exit code is not 0. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${output}`))));
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once("exit", () => resolve()));

async function stop(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited(child);
  clearTimeout(timer);
}

/** Vitest puts NODE_ENV=test, MODE, SSR and more in the environment: the build gets only what it needs. */
const buildEnv = (distDir: string, ssrDir: string) => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  CONTENT_ROOT: SITE_FIXTURE,
  DIST_DIR: distDir,
  SSR_DIR: ssrDir,
});

/** The build scripts/test.sh has just made of this code, if it named one. */
const testDist = process.env.TEST_DIST_DIR ? resolve(ROOT, process.env.TEST_DIST_DIR) : undefined;

/** Under root nginx's workers run as nobody: they reach `dir` only if every folder on its path lets others in. */
function openToNginx(dir: string): boolean {
  if (process.getuid?.() !== 0) return true;
  for (let d = dir; ; d = dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) return false;
    if (dirname(d) === d) return true;
  }
}

describe("nginx in front of the Node server", () => {
  const dir = tempDir("lariox-proxy-");
  /** The build served: scripts/test.sh's (read only), or one of this test's own. */
  let dist = join(dir.path, "dist");
  let ssrDir: string | undefined;
  const dataDir = join(dir.path, "data");
  let node: ChildProcess | undefined;
  let nginx: NginxProcess | undefined;
  let nodeOutput = "";
  let direct = "";
  let proxied = "";
  let builtSite: BuiltSite;
  /** The nginx.conf the build wrote (for port 80 and 127.0.0.1:8080). */
  let built = "";

  beforeAll(async () => {
    requireNginx();
    if (testDist && openToNginx(testDist)) dist = testDist;
    else {
      if (testDist) console.warn(`${testDist} (TEST_DIST_DIR) is not open to nginx's workers: building the site into a temp folder`);
      // The server bundle imports react-dom from node_modules, so it is built inside the project.
      mkdirSync(join(ROOT, ".tmp"), { recursive: true });
      ssrDir = mkdtempSync(join(ROOT, ".tmp", "ssr-proxy-"));
      await run(process.execPath, ["--import", "tsx", "scripts/build/build.ts"], buildEnv(dist, ssrDir));
    }
    builtSite = readBuiltSite(dist);
    built = readFileSync(join(dist, ".site/nginx.conf"), "utf8");

    node = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: "127.0.0.1",
        PORT: "0",
        DIST_DIR: dist,
        DATA_DIR: dataDir,
        TRUST_PROXY: "1",
        RATE_LIMIT: "1",
        // The sign-in builds its redirect_uri on the host the Node server believes.
        GITHUB_OAUTH_CLIENT_ID: "Iv1.proxy-test",
        GITHUB_OAUTH_CLIENT_SECRET: "proxy-test-secret",
        ...TEST_SPAM_ENV,
        LOG_LEVEL: "error",
        SMTP_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    node.stdout!.on("data", (c: Buffer) => (nodeOutput += c.toString()));
    node.stderr!.on("data", (c: Buffer) => (nodeOutput += c.toString()));
    const nodePort = await waitFor(
      () => {
        if (node!.exitCode !== null) throw new Error(`the Node server exited:\n${nodeOutput}`);
        return /Serving http:\/\/localhost:(\d+)/.exec(nodeOutput)?.[1];
      },
      "the Node server to start",
      90_000, // tsx compiles the server at start: tens of seconds on a busy two-core machine
    );
    direct = `http://127.0.0.1:${nodePort}`;

    // The build's own config with this test's address, port and upstream.
    nginx = await startNginx(dir.path, dist, [`127.0.0.1:${nodePort}`]);
    proxied = nginx.url;
  }, 600_000);

  afterAll(async () => {
    await nginx?.stop();
    await stop(node, "SIGTERM");
    dir.remove();
    if (ssrDir) rmSync(ssrDir, { recursive: true, force: true });
  });

  const headerNames = () => [...Object.keys(securityHeaders(builtSite)), "cache-control"];
  const pick = (a: Answer, names: string[]) => Object.fromEntries(names.map((n) => [n, a.headers[n]]));

  /** GET through nginx and straight from Node: same status and the same security and cache headers. */
  async function both(path: string, headers: Record<string, string> = {}): Promise<[Answer, Answer]> {
    const [viaNginx, fromNode] = await Promise.all([fetchRaw(proxied, path, { headers }), fetchRaw(direct, path, { headers })]);
    expect([path, viaNginx.status]).toEqual([path, fromNode.status]);
    expect(pick(viaNginx, headerNames())).toEqual(pick(fromNode, headerNames()));
    return [viaNginx, fromNode];
  }

  const assets = () => readdirSync(join(dist, "assets"));
  // React's chunk: hashed, and large enough to have compressed twins.
  const hashedScript = () => assets().find((f) => /^react-[\w-]{8}\.js$/.test(f))!;
  const pdf = () => `datasheets/${readdirSync(join(dist, "assets/datasheets")).find((f) => f.endsWith(".pdf"))!}`;
  /** The search index's file of the pages' texts, stored inflated for its twins (scripts/build/search-index.ts). */
  const searchFragment = () => `pagefind/fragment/${readdirSync(join(dist, "pagefind/fragment")).find((f) => f.endsWith(".pf_fragment"))!}`;

  it("writes its access log without review links' tokens or the sign-in's query", async () => {
    const secrets = ["review-token-s3cret", "github-code-s3cret", "state-s3cret"];
    await fetchRaw(proxied, `/review/${secrets[0]}`);
    await fetchRaw(proxied, `/api/auth/callback?code=${secrets[1]}&state=${secrets[2]}`);
    const log = await waitFor(() => (nginx!.accessLog().includes("/api/auth/callback?[redacted]") ? nginx!.accessLog() : undefined), "the access log", 10_000);
    expect(log).toContain("GET /review/[redacted] ");
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it("sends the Node server's security headers and caching for a page, a script and a PDF, with the same bytes", async () => {
    for (const path of ["/about", "/about/", "/about?utm_source=x", "/"]) {
      const [page, fromNode] = await both(path);
      expect([path, page.status, page.headers["content-type"]]).toEqual([path, 200, fromNode.headers["content-type"]]);
      expect(page.headers["cache-control"]).toBe("no-cache");
      expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(page.body.equals(readFileSync(join(dist, path === "/" ? "index.html" : "about/index.html"))), path).toBe(true);
    }

    const [script, scriptFromNode] = await both(`/assets/${hashedScript()}`);
    expect(script.headers["content-type"]).toBe(scriptFromNode.headers["content-type"]);
    expect(script.headers["cache-control"]).toBe(IMMUTABLE);
    expect(script.body.equals(readFileSync(join(dist, "assets", hashedScript())))).toBe(true);

    const [file] = await both(`/assets/${pdf()}`);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["cache-control"]).toBe("no-cache");
    expect(file.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(file.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(file.body.equals(readFileSync(join(dist, "assets", pdf())))).toBe(true);
  });

  it("lets the search page alone run WebAssembly, and serves the search index as Node does", async () => {
    for (const path of ["/search", "/search/"]) {
      const [page] = await both(path);
      expect(page.headers["content-security-policy"], path).toContain("'wasm-unsafe-eval'");
    }
    for (const path of ["/pagefind/pagefind.js", "/pagefind/pagefind-entry.json"]) {
      const [file] = await both(path);
      expect([path, file.status]).toEqual([path, 200]);
      expect(file.headers["content-security-policy"], path).not.toContain("wasm-unsafe-eval");
    }
  });

  it("answers unknown paths, dotfiles, the static hosts' files and the 404 page's own addresses with 404.html and status 404", async () => {
    const page = readFileSync(join(dist, "404.html"));
    const paths = ["/no-such-page", "/404", "/404/", "/404.html", "/assets/no-such.pdf", "/.site/server.json", "/.site/nginx.conf", "/_redirects", "/_headers"];
    for (const path of paths) {
      const [viaNginx] = await both(path);
      expect([path, viaNginx.status, viaNginx.headers["content-type"]]).toEqual([path, 404, "text/html; charset=utf-8"]);
      expect(viaNginx.body.equals(page), path).toBe(true);
    }
  });

  it("decides the policy on the path nginx serves: the editor's for its files only, not for a page reached through /admin/ nor a 404 there", async () => {
    const page = securityHeaders(builtSite, "page")["content-security-policy"];
    const about = readFileSync(join(dist, "about/index.html"));
    for (const path of ["/admin/..%2fabout", "/admin/..%2Fabout?x=1", "/admin/%2e%2e/about"]) {
      const answer = await fetchRaw(proxied, path);
      expect([path, answer.status, answer.headers["content-security-policy"]]).toEqual([path, 200, page]);
      expect(answer.body.equals(about), path).toBe(true);
    }
    for (const path of ["/admin/nope", "/admin/assets/nope.js", "/assets/no-such.pdf"]) {
      const [viaNginx] = await both(path);
      expect([path, viaNginx.status, viaNginx.headers["content-security-policy"]]).toEqual([path, 404, page]);
    }
    const [editor] = await both("/admin/");
    expect(editor.headers["content-security-policy"]).toBe(securityHeaders(builtSite, "admin")["content-security-policy"]);
  });

  it("answers nginx's own refusals with the security headers, in JSON under /api/", async () => {
    const long = "a".repeat(9_000);
    const refusals: [what: string, head: string, status: number, json: boolean][] = [
      ["a body over 1 MB", "POST /api/mail/send-contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\n\r\n", 413, true],
      ["a broken Host under /api/", "POST /api/mail/send-contact HTTP/1.1\r\nHost: a/b\r\n\r\n", 400, true],
      ["a broken Host", "GET /about HTTP/1.1\r\nHost: a/b\r\n\r\n", 400, false],
      ["headers too large", `GET /about HTTP/1.1\r\nHost: x\r\nX-Long: ${long}\r\n\r\n`, 400, false],
      ["an address too long", `GET /${long} HTTP/1.1\r\nHost: x\r\n\r\n`, 414, false],
      ["an unknown transfer coding", "POST /api/mail/send-contact HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: foo\r\n\r\n", 501, true],
      ["an HTTP version nginx does not speak", "GET /about HTTP/3.0\r\nHost: x\r\n\r\n", 505, false],
    ];
    for (const [what, head, status, json] of refusals) {
      const answer = await sendRaw(proxied, head);
      expect([what, answer.status, answer.headers["content-type"]]).toEqual([
        what,
        status,
        [json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8"],
      ]);
      for (const [name, value] of Object.entries(securityHeaders(builtSite))) expect([what, name, answer.headers[name]]).toEqual([what, name, [value]]);
      if (json) expect(JSON.parse(answer.body)).toMatchObject({ success: false });
    }
    // A method nginx refuses before any location is looked at.
    const trace = await sendRaw(proxied, "TRACE /about HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect([trace.status, trace.headers["content-type"], trace.body]).toEqual([405, ["text/plain; charset=utf-8"], "405 The method is not allowed.\n"]);
    for (const [name, value] of Object.entries(securityHeaders(builtSite))) expect(["TRACE", name, trace.headers[name]]).toEqual(["TRACE", name, [value]]);
    // nginx adds the headers of the file's answer before it turns it into a 416, and again to the 416.
    const outOfRange = await fetchRaw(proxied, "/about", { headers: { range: "bytes=999999-" } });
    expect(outOfRange.status).toBe(416);
    for (const [name, value] of Object.entries(securityHeaders(builtSite))) expect(String(outOfRange.headers[name])).toContain(value);
  });

  it("serves one range a request: a thousand ranges get the file once, not a thousand parts", async () => {
    const many = await fetchRaw(proxied, "/", { headers: { range: `bytes=${Array(1_000).fill("0-0").join(",")}` } });
    expect([many.status, many.body.length]).toEqual([200, readFileSync(join(dist, "index.html")).length]);
    const [one] = await both(`/assets/${pdf()}`, { range: "bytes=0-9" });
    expect([one.status, one.body.length]).toEqual([206, 10]);
  });

  it("redirects what site.yaml redirects, with or without a trailing slash, keeping the query", async () => {
    expect(builtSite.redirects.length).toBeGreaterThan(0);
    for (const { from, to } of builtSite.redirects) {
      for (const path of [`${from}?utm=1`, `${from}/`]) {
        const [viaNginx, fromNode] = await both(path);
        expect([path, viaNginx.status, viaNginx.headers.location]).toEqual([path, 301, fromNode.headers.location]);
        expect(viaNginx.headers.location).toBe(path.includes("?") ? `${to}?utm=1` : to);
      }
    }
  });

  it("refuses other methods than GET and HEAD on pages with 405 and Allow, as the Node server does", async () => {
    const [viaNginx, fromNode] = await Promise.all([fetchRaw(proxied, "/about", { method: "POST" }), fetchRaw(direct, "/about", { method: "POST" })]);
    expect([viaNginx.status, viaNginx.headers.allow]).toEqual([405, "GET, HEAD"]);
    expect(pick(viaNginx, [...headerNames(), "allow"])).toEqual(pick(fromNode, [...headerNames(), "allow"]));
  });

  it("sends the build's .br and .gz twins to clients that accept them", async () => {
    for (const file of ["index.html", `assets/${hashedScript()}`, searchFragment()]) {
      const path = file === "index.html" ? "/" : `/${file}`;
      const br = await fetchRaw(proxied, path, { headers: { "accept-encoding": "gzip, deflate, br" } });
      expect([path, br.headers["content-encoding"], br.headers.vary]).toEqual([path, "br", "Accept-Encoding"]);
      expect(br.body.equals(readFileSync(join(dist, `${file}.br`)))).toBe(true);
      const gz = await fetchRaw(proxied, path, { headers: { "accept-encoding": "gzip" } });
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(gz.body.equals(readFileSync(join(dist, `${file}.gz`)))).toBe(true);
      const plain = await fetchRaw(proxied, path);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.equals(readFileSync(join(dist, file)))).toBe(true);
    }
  });

  it("passes /healthz and the API through with the Node server's own headers, once each", async () => {
    const [health, healthDirect] = await both("/healthz");
    expect(health.status).toBe(200);
    expect(Object.keys(JSON.parse(health.body.toString()) as object).sort()).toEqual(Object.keys(JSON.parse(healthDirect.body.toString()) as object).sort());
    const [api] = await both("/api/no-such-endpoint");
    expect(api.status).toBe(404);
    expect((JSON.parse(api.body.toString()) as { success: boolean }).success).toBe(false);
    for (const answer of [health, api]) {
      const names = answer.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
      expect(names.filter((n) => n === "content-security-policy")).toHaveLength(1);
    }
  });

  it("names the host itself to the Node server: a client's X-Forwarded-Host or Forwarded never reaches it", async () => {
    const signIn = await fetchRaw(proxied, "/api/auth?provider=github&scope=repo", {
      headers: { "x-forwarded-host": "evil.example", forwarded: "host=evil.example;proto=https", "x-forwarded-proto": "https" },
    });
    expect(signIn.status).toBe(302);
    // The sign-in's callback comes from the settings (the site's address), whatever host a client names.
    expect(new URL(String(signIn.headers.location)).searchParams.get("redirect_uri")).toMatch(/^https?:\/\/[^/]+\/api\/auth\/callback$/);
    expect(String(signIn.headers.location)).not.toContain("evil.example");
  });

  it("stores both forms sent through nginx, rate-limited and recorded by the visitor's own address", async () => {
    // Each post carries the proofs the form's script adds (asked of Node directly, outside the limit under test).
    const post = async (path: string, body: object, from: string, headers: Record<string, string> = {}) => {
      const proofs = await scriptFields(direct, path.endsWith("contact") ? "contact" : "quote");
      const json = JSON.stringify({ ...body, ...proofs });
      return fetchRaw(proxied, path, { method: "POST", from, body: json, headers: { "content-type": "application/json", ...headers } });
    };
    const contact = { ...validContact, subject: "proxy-contact", message: "A message sent through nginx." };
    const quote = { ...validQuote, project: "proxy-quote", requirements: "Requirements sent through nginx for a quote." };

    // RATE_LIMIT=1: one submission a minute per visitor.
    expect((await post("/api/mail/send-contact", contact, "127.0.0.2")).status).toBe(200);
    expect((await post("/api/mail/send-quote", quote, "127.0.0.2")).status).toBe(429);
    // A visitor naming another address does not get a fresh allowance: nginx passes its own view.
    expect((await post("/api/mail/send-quote", quote, "127.0.0.2", { "x-forwarded-for": "203.0.113.9" })).status).toBe(429);
    // Another visitor is not limited by the first.
    expect((await post("/api/mail/send-quote", quote, "127.0.0.3")).status).toBe(200);
    expect((await post("/api/mail/send-contact", contact, "127.0.0.3")).status).toBe(429);

    const csv = await run(process.execPath, ["--import", "tsx", "scripts/submissions.ts", "--csv", "--data-dir", dataDir], process.env);
    // Read by column name: the CSV gains columns as the store does.
    const [header, ...rows] = csv
      .trim()
      .split(/\r\n/)
      .map((line) => line.split(","));
    const cell = (row: string[], name: string) => row[header!.indexOf(name)];
    expect(rows.map((row) => [cell(row, "kind"), row.includes("proxy-contact") || row.includes("proxy-quote"), cell(row, "ip")])).toEqual([
      ["contact", true, "127.0.0.2"],
      ["quote", true, "127.0.0.3"],
    ]);
  });

  it("loads the build's own config, also without the brotli module when nginx-brotli.conf is left out", () => {
    const nginxDir = nginx!.dir;
    writeFileSync(join(nginxDir, "built.conf"), built);
    const check = (name: string, http: string[]) => {
      writeFileSync(join(nginxDir, name), mainConf(nginxDir, [], http, join(nginxDir, "built.conf")));
      return spawnSync(
        requireNginx(),
        ["-t", "-p", nginxDir, "-e", join(nginxDir, "error.log"), "-c", join(nginxDir, name), "-g", `pid ${join(nginxDir, "test.pid")};`],
        { encoding: "utf8" },
      );
    };
    const without = check("plain.conf", []);
    expect(without.status, without.stderr).toBe(0);
    expect(built).toContain("listen 80;");
    expect(built).toContain("server 127.0.0.1:8080;");
    const withInclude = check("brotli-without-module.conf", [`include ${join(dist, ".site/nginx-brotli.conf")};`]);
    expect(withInclude.status).not.toBe(0);
    expect(withInclude.stderr).toContain('unknown directive "brotli_static"');
  });

  it("answers the forms' JSON with 503 while the Node server is down", async () => {
    await stop(node, "SIGTERM");
    for (const answer of [
      await fetchRaw(proxied, "/healthz"),
      await fetchRaw(proxied, "/api/mail/send-contact", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }),
    ]) {
      expect([answer.status, answer.headers["content-type"], answer.headers["retry-after"]]).toEqual([503, "application/json; charset=utf-8", "60"]);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ success: false });
      expect(answer.headers["content-security-policy"]).toBe(securityHeaders(builtSite)["content-security-policy"]);
      expect(answer.headers.allow).toBeUndefined();
    }
  });
});
