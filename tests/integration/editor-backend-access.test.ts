/**
 * The local backend answers the editor alone (issue 60, point 1): a page on another local port
 * reaches nothing, and no action, decap-server's own included, reads or writes outside content/
 * and public/assets/, symlinks followed. The history actions are confined the same way, answer
 * without the checkout's path, and stay within their limit of git processes.
 */
import { execFileSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backendAnswers, LOOPBACK, startLocalBackend } from "../../scripts/cms/local-backend.ts";
import { freePort } from "../server/helpers.ts";

const EDITOR = "http://localhost:5173";

interface Answer {
  status: number;
  allowOrigin: string | undefined;
  text: string;
}

function call(port: number, method: string, body: unknown, origin?: string, extra: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { host: `localhost:${port}`, "content-type": "application/json", ...(origin ? { origin } : {}), ...extra };
    const req = request({ host: LOOPBACK, port, path: "/api/v1", method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, allowOrigin: res.headers["access-control-allow-origin"] as string | undefined, text }));
    });
    req.on("error", reject).end(body === undefined ? undefined : JSON.stringify(body));
  });
}
const post = (port: number, body: unknown, origin?: string) => call(port, "POST", body, origin);

const persist = (path: string, raw = "x: 1\n") => ({
  action: "persistEntry",
  params: { branch: "main", entry: { slug: "x", path, raw }, assets: [], options: { commitMessage: "x", useWorkflow: false, status: "draft" } },
});

describe("the local backend answers the editor alone", () => {
  const root = mkdtempSync(join(tmpdir(), "lariox-access-"));
  const bin = join(root, "..", `${root.split("/").pop()}-bin`);
  const gitCalls = join(bin, "calls");
  let port = 0;
  let backend: ChildProcess;
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: root, env: { PATH: process.env.PATH, HOME: root } });

  beforeAll(async () => {
    mkdirSync(join(root, "content/pages"), { recursive: true });
    mkdirSync(join(root, "public/assets/cards"), { recursive: true });
    writeFileSync(join(root, "content/pages/about.yaml"), "title: About\n");
    writeFileSync(join(root, "public/assets/cards/plc.jpg"), Buffer.alloc(10, 1));
    writeFileSync(join(root, "package.json"), '{"name":"site"}');
    // 60 pages added, then deleted in three commits: more than deletedEntries' limit of 50.
    for (let i = 0; i < 60; i++) writeFileSync(join(root, `content/pages/gone-${i}.yaml`), `title: Gone ${i}\n`);
    git("init", "--quiet", "--initial-branch=main");
    git("add", ".");
    git("commit", "--quiet", "-m", "pages");
    for (const part of [0, 1, 2]) {
      for (let i = part * 20; i < part * 20 + 20; i++) git("rm", "--quiet", `content/pages/gone-${i}.yaml`);
      git("commit", "--quiet", "-m", `remove part ${part}`);
    }
    // Links from inside the editor's folders to what it must not reach.
    symlinkSync(join(root, ".git"), join(root, "content/git-link"));
    symlinkSync(join(root, "package.json"), join(root, "content/pages/package.yaml"));
    symlinkSync("/etc/hostname", join(root, "public/assets/cards/host.jpg"));
    // git, counted: each call appends a line to `calls`.
    mkdirSync(bin);
    const realGit = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
    writeFileSync(join(bin, "git"), `#!/bin/sh\necho "$*" >> ${gitCalls}\nexec ${realGit} "$@"\n`);
    chmodSync(join(bin, "git"), 0o755);
    port = await freePort();
    backend = startLocalBackend({
      root,
      port,
      editorOrigin: EDITOR,
      env: { PATH: `${bin}:${process.env.PATH}`, HOME: root },
      logLevel: "error",
      stdio: "ignore",
    });
    await backendAnswers(port, backend);
  });
  afterAll(() => {
    backend?.kill();
    rmSync(root, { recursive: true, force: true });
    rmSync(bin, { recursive: true, force: true });
  });

  it("refuses a page on any other local port, its preflight included, and answers the editor's", async () => {
    const hook = persist("content/pages/hook.yaml");
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:5173", "https://localhost:5173", "http://localhost:8081", "null"]) {
      const preflight = await call(port, "OPTIONS", undefined, origin, { "access-control-request-method": "POST" });
      expect(preflight.allowOrigin, origin).toBeUndefined();
      expect((await post(port, hook, origin)).status, origin).toBe(403);
    }
    expect(existsSync(join(root, "content/pages/hook.yaml"))).toBe(false);
    const preflight = await call(port, "OPTIONS", undefined, EDITOR, { "access-control-request-method": "POST" });
    expect(preflight.allowOrigin).toBe(EDITOR);
    const saved = await post(port, hook, EDITOR);
    expect(saved.status).toBe(200);
    expect(saved.allowOrigin).toBe(EDITOR);
    expect(readFileSync(join(root, "content/pages/hook.yaml"), "utf8")).toBe("x: 1\n");
  });

  it("lets no action of decap-server's write outside content/ and public/assets/: .git/config stays as it was", async () => {
    const config = readFileSync(join(root, ".git/config"), "utf8");
    const owned = "[core]\n\tfsmonitor = touch owned\n";
    const writes = [
      persist(".git/config", owned),
      persist("content/../.git/config", owned),
      persist("content/git-link/config", owned),
      {
        ...persist("content/pages/ok.yaml"),
        params: { ...persist("content/pages/ok.yaml").params, assets: [{ path: ".git/hooks/pre-commit", content: "ZWNobw==", encoding: "base64" }] },
      },
      {
        action: "persistEntry",
        params: { ...persist("content/pages/ok.yaml").params, entry: { slug: "x", path: "content/pages/about.yaml", raw: "x", newPath: "scripts/about.yaml" } },
      },
      {
        action: "persistMedia",
        params: { branch: "main", asset: { path: "public/index.html", content: "eA==", encoding: "base64" }, options: { commitMessage: "x" } },
      },
      {
        action: "persistMedia",
        params: { branch: "main", asset: { path: ".git/hooks/post-checkout", content: "eA==", encoding: "base64" }, options: { commitMessage: "x" } },
      },
      { action: "deleteFile", params: { branch: "main", path: "package.json", options: { commitMessage: "x" } } },
      { action: "deleteFiles", params: { branch: "main", paths: ["content/pages/about.yaml", "package.json"], options: { commitMessage: "x" } } },
      { action: "somethingNew", params: { branch: "main", path: ".git/config" } },
    ];
    for (const write of writes) expect((await post(port, write, EDITOR)).status, JSON.stringify(write)).toBe(403);
    expect(readFileSync(join(root, ".git/config"), "utf8")).toBe(config);
    expect(existsSync(join(root, ".git/hooks/pre-commit"))).toBe(false);
    expect(existsSync(join(root, "content/pages/ok.yaml"))).toBe(false);
    expect(existsSync(join(root, "content/pages/about.yaml"))).toBe(true);
    expect(existsSync(join(root, "package.json"))).toBe(true);
  });

  it("reads nothing outside them either, symlinks resolved", async () => {
    const reads = [
      { action: "getMediaFile", params: { branch: "main", path: ".git/config" } },
      { action: "getMediaFile", params: { branch: "main", path: "public/assets/cards/host.jpg" } },
      { action: "getMedia", params: { branch: "main", mediaFolder: ".git" } },
      { action: "getEntry", params: { branch: "main", path: "package.json" } },
      { action: "getEntry", params: { branch: "main", path: "content/pages/package.yaml" } },
      { action: "entriesByFolder", params: { branch: "main", folder: ".", extension: "json", depth: 1 } },
      { action: "entriesByFolder", params: { branch: "main", folder: "content/git-link", extension: "", depth: 1 } },
      { action: "entriesByFiles", params: { branch: "main", files: [{ path: "content/pages/about.yaml" }, { path: ".git/config" }] } },
    ];
    for (const read of reads) {
      const answer = await post(port, read, EDITOR);
      expect(answer.status, JSON.stringify(read)).toBe(403);
      expect(answer.text).not.toContain("fsmonitor");
      expect(answer.text).not.toContain("repositoryformatversion");
    }
    expect((await post(port, { action: "getEntry", params: { branch: "main", path: "content/pages/about.yaml" } }, EDITOR)).text).toContain("title: About");
    const link = await fetch(`http://localhost:${port}/api/v1/media?path=${encodeURIComponent("public/assets/cards/host.jpg")}`);
    expect(link.status).toBe(400);
  });

  it("confines the history the same way and answers its errors without the checkout's path", async () => {
    const outside = [
      { action: "entryAtVersion", params: { path: "package.json", commit: "0123abc" } },
      { action: "entryVersions", params: { path: "package.json" } },
      { action: "deletedEntries", params: { folder: "." } },
    ];
    for (const ask of outside) expect((await post(port, ask, EDITOR)).status, JSON.stringify(ask)).toBe(403);
    const unknownCommit = await post(port, { action: "entryAtVersion", params: { path: "content/pages/about.yaml", commit: "0000000" } }, EDITOR);
    expect(unknownCommit.status).toBe(422);
    expect(unknownCommit.text).not.toContain(root);
    expect(unknownCommit.text).not.toMatch(/fatal|invalid object/);
  });

  it("lists at most 50 deleted pages with a few git processes, not one per deleted file", async () => {
    writeFileSync(gitCalls, "");
    const answer = await post(port, { action: "deletedEntries", params: { folder: "content/pages" } }, EDITOR);
    expect(answer.status).toBe(200);
    const deleted = JSON.parse(answer.text) as { path: string; lastVersion: string }[];
    expect(deleted).toHaveLength(50);
    const firstCommit = git("rev-list", "--max-parents=0", "HEAD").toString().trim();
    expect(deleted.find((entry) => entry.path === "content/pages/gone-0.yaml")?.lastVersion).toBe(firstCommit);
    const calls = readFileSync(gitCalls, "utf8").trim().split("\n");
    expect(calls.length).toBeLessThanOrEqual(3);
  });
});

describe("the local backend in git mode answers the editor alone too", () => {
  const root = mkdtempSync(join(tmpdir(), "lariox-access-git-"));
  const env = { PATH: process.env.PATH, HOME: root, GIT_CONFIG_NOSYSTEM: "1" };
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: root, env, encoding: "utf8" });
  let port = 0;
  let backend: ChildProcess;

  beforeAll(async () => {
    mkdirSync(join(root, "content/pages"), { recursive: true });
    writeFileSync(join(root, "content/pages/about.yaml"), "title: About\n");
    git("init", "--quiet", "--initial-branch=main");
    git("config", "user.name", "Site editor");
    git("config", "user.email", "editor@example.com");
    git("add", ".");
    git("commit", "--quiet", "-m", "pages");
    port = await freePort();
    backend = startLocalBackend({ root, port, mode: "git", editorOrigin: EDITOR, env, logLevel: "error", stdio: "ignore" });
    await backendAnswers(port, backend);
  });
  afterAll(() => {
    backend?.kill();
    rmSync(root, { recursive: true, force: true });
  });

  it("commits a draft of a page on its branch, and nothing outside content/: not .git/config, not a page from another site", async () => {
    const draft = (path: string, raw: string) => ({
      action: "persistEntry",
      params: {
        branch: "main",
        entry: { slug: "about", path, raw },
        assets: [],
        options: { collectionName: "pages", commitMessage: "Update about", useWorkflow: true, status: "draft" },
      },
    });
    const config = readFileSync(join(root, ".git/config"), "utf8");
    expect((await post(port, draft(".git/config", "[core]\n\tfsmonitor = touch owned\n"), EDITOR)).status).toBe(403);
    expect((await post(port, draft("content/pages/about.yaml", "title: Owned\n"), "http://localhost:3000")).status).toBe(403);
    expect(readFileSync(join(root, ".git/config"), "utf8")).toBe(config);
    expect(git("branch", "--list", "cms/*").trim()).toBe("");
    const saved = await post(port, draft("content/pages/about.yaml", "title: About us\n"), EDITOR);
    expect(saved.status, saved.text).toBe(200);
    expect(git("show", "cms/pages/about:content/pages/about.yaml")).toBe("title: About us\n");
    expect(git("show", "main:content/pages/about.yaml")).toBe("title: About\n");
  });
});
