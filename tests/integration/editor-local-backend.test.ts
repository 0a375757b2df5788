import { execFileSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backendAnswers, LOOPBACK, startLocalBackend } from "../../scripts/cms/local-backend.ts";
import { freePort } from "../server/helpers.ts";

/** The addresses sockets listen on for `port`, from the kernel's own tables (IPv4 and IPv6). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const LISTEN = "0A";
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((table) =>
    readFileSync(table, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[1]?.endsWith(`:${hexPort}`) && cols[3] === LISTEN)
      .map((cols) => decodeAddress(cols[1]!.split(":")[0]!)),
  );
}

/** /proc/net/tcp writes an address as little-endian 32-bit words in hex. */
function decodeAddress(hex: string): string {
  const bytes = (hex.match(/.{8}/g) ?? []).flatMap((word) => (word.match(/../g) ?? []).reverse().map((b) => parseInt(b, 16)));
  if (bytes.length === 4) return bytes.join(".");
  return bytes.every((b) => b === 0) ? "::" : `ipv6:${hex}`;
}

const reaches = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port, timeout: 2000 }, () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false)).on("timeout", () => (socket.destroy(), resolve(false)));
  });

describe("the editor's local backend (npm run edit)", () => {
  const root = mkdtempSync(join(tmpdir(), "lariox-backend-"));
  let port = 0;
  let backend: ReturnType<typeof startLocalBackend>;

  beforeAll(async () => {
    port = await freePort();
    backend = startLocalBackend({ root, port, editorOrigin: EDITOR, env: { PATH: process.env.PATH }, logLevel: "error", stdio: "ignore" });
    for (let i = 0; listeningAddresses(port).length === 0; i++) {
      if (i > 150 || backend.exitCode !== null) throw new Error(`decap-server did not listen on port ${port}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(() => {
    backend?.kill();
    rmSync(root, { recursive: true, force: true });
  });

  it("listens on the loopback address only", () => {
    expect(listeningAddresses(port)).toEqual([LOOPBACK]);
  });

  it("is reached from this machine and refused on its other addresses", async () => {
    expect(await reaches(LOOPBACK, port)).toBe(true);
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal && a.family === "IPv4")
      .map((a) => a!.address);
    for (const address of others) expect(await reaches(address, port), address).toBe(false);
  });
});

/** A POST to the backend with a Host header of the test's choosing (fetch sets its own), and an Origin when a page sends it. */
function post(port: number, body: unknown, host = `localhost:${port}`, origin?: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; json: unknown }>((resolve, reject) => {
    const data = JSON.stringify(body);
    const headers = { host, "content-type": "application/json", ...(origin ? { origin } : {}) };
    const req = request({ host: LOOPBACK, port, path: "/api/v1", method: "POST", headers }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, json: JSON.parse(text || "null") }));
    });
    req.on("error", reject).end(data);
  });
}

/** The editor's page, as `npm run edit` prints it. */
const EDITOR = "http://localhost:5173";

async function startOn(root: string, mode: "fs" | "git", path = process.env.PATH) {
  const port = await freePort();
  const backend = startLocalBackend({ root, port, mode, editorOrigin: EDITOR, env: { PATH: path, HOME: root }, logLevel: "error", stdio: "ignore" });
  await backendAnswers(port, backend);
  return { port, backend };
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

describe("the local backend's front", () => {
  const root = mkdtempSync(join(tmpdir(), "lariox-front-"));
  let port = 0;
  let backend: ChildProcess;

  beforeAll(async () => {
    mkdirSync(join(root, "public/assets/cards"), { recursive: true });
    writeFileSync(join(root, "public/assets/cards/plc.jpg"), Buffer.alloc(1234, 1));
    writeFileSync(join(root, "public/assets/cards/panel.svg"), SVG);
    writeFileSync(join(root, "public/robots.txt"), "User-agent: *");
    writeFileSync(join(root, "package.json"), "{}");
    ({ port, backend } = await startOn(root, "fs"));
  });
  afterAll(() => {
    backend?.kill();
    rmSync(root, { recursive: true, force: true });
  });

  it("answers only requests addressed to this machine by name: a rebound name writes nothing", async () => {
    const write = {
      action: "persistEntry",
      params: { branch: "main", entry: { slug: "x", path: "hook.sh", raw: "echo owned" }, assets: [], options: { commitMessage: "x", useWorkflow: false } },
    };
    const refused = await post(port, write, `attacker.example:${port}`);
    expect(refused.status).toBe(403);
    expect(existsSync(join(root, "hook.sh"))).toBe(false);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) expect((await post(port, { action: "info" }, host)).status).toBe(200);
  });

  it("does not say what it runs on", async () => {
    const answer = await post(port, { action: "info" });
    expect(answer.headers["x-powered-by"]).toBeUndefined();
  });

  it("lists a media folder by names and sizes, without the files' content", async () => {
    const answer = await post(port, { action: "listMedia", params: { branch: "main", mediaFolder: "public/assets/cards" } });
    expect(answer.status).toBe(200);
    const files = (answer.json as { name: string; path: string; size: number }[]).sort((a, b) => a.name.localeCompare(b.name));
    expect(files.map(({ name, path, size }) => ({ name, path, size }))).toEqual([
      { name: "panel.svg", path: "public/assets/cards/panel.svg", size: SVG.length },
      { name: "plc.jpg", path: "public/assets/cards/plc.jpg", size: 1234 },
    ]);
    expect(JSON.stringify(answer.json)).not.toContain("content");
    expect((await post(port, { action: "listMedia", params: { branch: "main", mediaFolder: "public/../.." } })).status).toBe(403);
  });

  it("sends one listed file at a time, from public/ only, and an SVG runs nothing on its origin", async () => {
    const media = (path: string) => fetch(`http://localhost:${port}/api/v1/media?path=${encodeURIComponent(path)}`);
    const jpg = await media("public/assets/cards/plc.jpg");
    expect(jpg.status).toBe(200);
    expect((await jpg.arrayBuffer()).byteLength).toBe(1234);
    const svg = await media("public/assets/cards/panel.svg");
    expect(svg.headers.get("content-security-policy")).toContain("sandbox");
    expect(svg.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await media("package.json")).status).toBe(400);
    expect((await media("public/../package.json")).status).toBe(400);
    expect((await media("public/robots.txt")).status).toBe(400);
  });
});

describe("the local backend in git mode (npm run edit -- --workflow)", () => {
  const root = mkdtempSync(join(tmpdir(), "lariox-front-git-"));
  let port = 0;
  let backend: ChildProcess;

  beforeAll(async () => {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: root, env: { PATH: process.env.PATH, HOME: root, GIT_CONFIG_NOSYSTEM: "1" } });
    mkdirSync(join(root, "public/assets/banners"), { recursive: true });
    // Pictures large enough that decap-server's own listing (every file whole, in base64) takes a while.
    for (let i = 0; i < 6; i++) writeFileSync(join(root, `public/assets/banners/b${i}.jpg`), randomBytes(4 << 20));
    git("init", "--quiet", "--initial-branch=main");
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "add", ".");
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "--quiet", "-m", "pictures");
    ({ port, backend } = await startOn(root, "git"));
  });
  afterAll(() => {
    backend?.kill();
    rmSync(root, { recursive: true, force: true });
  });

  it(
    "answers every request of a burst, however long the ones before it take (decap-server alone gave up after 3 s in its queue)",
    { timeout: 180_000 },
    async () => {
      const getMedia = { action: "getMedia", params: { branch: "main", mediaFolder: "public/assets/banners" } };
      const answers = await Promise.all(Array.from({ length: 16 }, () => post(port, getMedia)));
      expect(answers.map((a) => a.status)).toEqual(Array(16).fill(200));
    },
  );
});
