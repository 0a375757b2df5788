/**
 * The editor's local backend keeps each save as a commit with its message in words (fs mode,
 * scripts/cms/save-commits.ts), and Publish sends `main` to the repository's remote
 * (scripts/cms/publish.ts): pushed to a bare repository, refused when the remote has moved on,
 * and "no-remote" without one. `npm run edit -- --workflow` first commits the editor's own saved
 * changes (scripts/cms/saved-changes.ts). Every repository here is a throwaway with a test identity.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { backendAnswers, startLocalBackend } from "../../scripts/cms/local-backend.ts";
import { commitSavedChanges } from "../../scripts/cms/saved-changes.ts";
import { VERSION_NOT_KEPT } from "../../scripts/cms/save-commits.ts";
import { freePort } from "../server/helpers.ts";

const IDENTITY = {
  GIT_AUTHOR_NAME: "Test Editor",
  GIT_AUTHOR_EMAIL: "editor@example.com",
  GIT_COMMITTER_NAME: "Test Editor",
  GIT_COMMITTER_EMAIL: "editor@example.com",
};
const scratch = mkdtempSync(join(tmpdir(), "lariox-versions-"));
const env = { PATH: process.env.PATH, HOME: scratch, GIT_CONFIG_NOSYSTEM: "1", ...IDENTITY };
const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env, encoding: "utf8" }).trim();

const PAGE = "content/pages/about.yaml";
const page = (heading: string) => `path: /about\ntitle: About\nsections:\n  - type: banner\n    heading: ${heading}\n`;

/** A repository with one page committed, and, when asked, a bare remote it was pushed to. */
function repository(withRemote: boolean): { repo: string; remote?: string } {
  const repo = mkdtempSync(join(scratch, "site-"));
  mkdirSync(join(repo, "content/pages"), { recursive: true });
  writeFileSync(join(repo, PAGE), page("About us"));
  git(repo, "init", "-q", "-b", "main");
  git(repo, "add", ".");
  git(repo, "commit", "-q", "-m", "The site as it is");
  if (!withRemote) return { repo };
  const remote = mkdtempSync(join(scratch, "remote-"));
  git(remote, "init", "-q", "--bare", "-b", "main");
  git(repo, "remote", "add", "origin", remote);
  git(repo, "push", "-q", "origin", "main");
  return { repo, remote };
}

async function post(port: number, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`http://localhost:${port}/api/v1`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const save = (port: number, heading: string, commitMessage: string) =>
  post(port, {
    action: "persistEntry",
    params: {
      branch: "main",
      dataFiles: [{ path: PAGE, slug: "about", raw: page(heading) }],
      assets: [],
      options: { commitMessage, useWorkflow: false, status: "draft" },
    },
  });

describe("the local backend keeps each save as a version and publishes main", () => {
  let backend: ReturnType<typeof startLocalBackend> | undefined;

  async function start(repo: string): Promise<number> {
    const port = await freePort();
    backend = startLocalBackend({ root: repo, port, editorOrigin: "http://127.0.0.1:1", env, logLevel: "error", stdio: "ignore" });
    await backendAnswers(port, backend);
    return port;
  }

  beforeEach(() => void (backend = undefined));
  afterEach(() => void backend?.kill());
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("commits each save (fs mode) with the editor's message, only the saved file, and nothing for a save without change", async () => {
    const { repo } = repository(false);
    writeFileSync(join(repo, "notes.txt"), "a developer's file, not the editor's\n");
    const port = await start(repo);
    expect((await save(port, "About Lariox", "Changed the About page: heading")).status).toBe(200);
    expect(git(repo, "log", "--format=%s|%an")).toBe("Changed the About page: heading|Test Editor\nThe site as it is|Test Editor");
    expect(git(repo, "show", "--name-only", "--format=", "HEAD")).toBe(PAGE);
    expect(git(repo, "status", "--porcelain")).toBe("?? notes.txt");
    // The same text again: a save, no empty version.
    expect((await save(port, "About Lariox", "Changed the About page: heading")).status).toBe(200);
    expect(git(repo, "rev-list", "--count", "HEAD")).toBe("2");
    // History reads it at once: the version just replaced is the one before.
    const versions = (await post(port, { action: "entryVersions", params: { path: PAGE } })).json as unknown as { message: string }[];
    expect(versions.map((v) => v.message)).toEqual(["Changed the About page: heading", "The site as it is"]);
  });

  it("a save whose commit fails is written and said so, in words: saved, no version kept, whom to ask", async () => {
    const { repo } = repository(false);
    const port = await start(repo);
    // Another git at work in this copy (or a crashed one) holds the index: git refuses to commit.
    writeFileSync(join(repo, ".git/index.lock"), "");
    const answer = await save(port, "Written anyway", "Changed the About page: heading");
    expect(answer.status).toBe(200);
    expect(readFileSync(join(repo, PAGE), "utf8")).toContain("heading: Written anyway");
    expect(git(repo, "rev-list", "--count", "HEAD")).toBe("1");
    const words = String(answer.json.versionNotKept);
    expect(words).toBe(VERSION_NOT_KEPT);
    expect(words).toMatch(/^Saved: .* no version of it was kept, so History will not list this save .* Ask the person who looks after the site's code/);
    expect(words).not.toMatch(/git commit|fatal|index\.lock|Not saved/);
    expect(answer.json).not.toHaveProperty("error");
  });

  it("publishes: pushes main to a bare remote, says 'up-to-date' after, and 'behind' when the remote has moved on", async () => {
    const { repo, remote } = repository(true);
    const port = await start(repo);
    await save(port, "Published from the editor", "Changed the About page: heading");
    const first = await post(port, { action: "publishLive" });
    expect(first.json.state).toBe("pushed");
    expect(git(remote!, "log", "-1", "--format=%s", "main")).toBe("Changed the About page: heading");
    expect(git(remote!, "show", `main:${PAGE}`)).toContain("heading: Published from the editor");
    expect((await post(port, { action: "publishLive" })).json.state).toBe("up-to-date");

    // Someone else pushed in between: refused, in a state the editor says in words.
    const other = mkdtempSync(join(scratch, "other-"));
    git(scratch, "clone", "-q", remote!, other);
    writeFileSync(join(other, "README.md"), "elsewhere\n");
    git(other, "add", ".");
    git(other, "commit", "-q", "-m", "Someone else's change");
    git(other, "push", "-q", "origin", "main");
    await save(port, "Second change", "Changed the About page: heading");
    const refused = await post(port, { action: "publishLive" });
    expect(refused.json.state).toBe("behind");
    expect(git(remote!, "log", "-1", "--format=%s", "main")).toBe("Someone else's change");
  });

  it("without a remote the save is a version here, and Publish answers 'no-remote'", async () => {
    const { repo } = repository(false);
    const port = await start(repo);
    await save(port, "Only here", "Changed the About page: heading");
    expect((await post(port, { action: "publishLive" })).json.state).toBe("no-remote");
    expect(git(repo, "log", "-1", "--format=%s")).toBe("Changed the About page: heading");
  });

  it("--workflow: commits the editor's saved changes in words, and leaves a developer's for them", async () => {
    const { repo } = repository(false);
    writeFileSync(join(repo, PAGE), page("Saved while not committing"));
    mkdirSync(join(repo, "public/assets"), { recursive: true });
    writeFileSync(join(repo, "public/assets/photo.jpg"), "jpeg");
    const clean = await commitSavedChanges(repo);
    expect(clean).toEqual({ message: "Saved changes to the About page and photo.jpg", others: [] });
    expect(git(repo, "log", "-1", "--format=%s")).toBe("Saved changes to the About page and photo.jpg");
    expect(git(repo, "status", "--porcelain")).toBe("");
    writeFileSync(join(repo, "src.ts"), "// a developer's\n");
    expect(await commitSavedChanges(repo)).toEqual({ others: ["src.ts"] });
  });
});
