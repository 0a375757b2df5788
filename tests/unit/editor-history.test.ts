import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deletedEntries, entryAtVersion, entryVersions } from "../../scripts/cms/history.ts";

let root: string;
const git = (...args: string[]) => execFileSync("git", ["-C", root, ...args], { encoding: "utf8" }).trim();
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
};
function commit(message: string, author: string): string {
  git("add", "-A");
  execFileSync("git", ["-C", root, "commit", "-q", "-m", message, `--author=${author} <${author.toLowerCase()}@example.com>`], {
    env: { ...process.env, GIT_COMMITTER_NAME: "test", GIT_COMMITTER_EMAIL: "test@example.com" },
  });
  return git("rev-parse", "HEAD");
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "lariox-history-"));
  git("init", "-q", "-b", "main");
  write("content/pages/about.yaml", "title: About\n");
  write("content/pages/old.yaml", "title: Old\n");
  write("content/pages/local.yaml", "title: Local\n");
  commit("Content: create pages", "Ana");
  write("content/pages/about.yaml", "title: About us\n");
  commit("Content: update pages “about”", "Ben");
  git("rm", "-q", "content/pages/old.yaml");
  commit("Content: delete pages “old”", "Ben");
  renameSync(join(root, "content/pages/about.yaml"), join(root, "content/pages/company.yaml"));
  commit("Content: rename about", "Ana");
  // Deleted on this machine since the last commit (npm run edit writes files, no commits).
  rmSync(join(root, "content/pages/local.yaml"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("an entry's history from git", () => {
  it("lists the commits that changed an entry, newest first, across a rename, with who, when and why", async () => {
    const versions = await entryVersions(root, "content/pages/company.yaml");
    expect(versions.map((v) => [v.message, v.author, v.path])).toEqual([
      ["Content: rename about", "Ana", "content/pages/company.yaml"],
      ["Content: update pages “about”", "Ben", "content/pages/about.yaml"],
      ["Content: create pages", "Ana", "content/pages/about.yaml"],
    ]);
    expect(versions[0]!.date).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(versions[0]!.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it("reads an entry as a commit held it, at its path then", async () => {
    const [, , first] = await entryVersions(root, "content/pages/company.yaml");
    expect(await entryAtVersion(root, first!.path, first!.commit)).toBe("title: About\n");
  });

  it("lists deleted entries, by a commit or on this machine, with the version that held them", async () => {
    const deleted = await deletedEntries(root, "content/pages");
    expect(deleted.map((d) => [d.path, d.deletedIn?.message])).toEqual([
      ["content/pages/local.yaml", undefined],
      ["content/pages/old.yaml", "Content: delete pages “old”"],
    ]);
    // about.yaml was renamed, not deleted: it lives on as company.yaml.
    for (const entry of deleted) expect(await entryAtVersion(root, entry.path, entry.lastVersion)).toMatch(/^title: /);
  });

  it("never touches the work tree, and refuses paths outside the repository and odd revisions", async () => {
    const status = git("status", "--porcelain");
    await entryVersions(root, "content/pages/company.yaml");
    await deletedEntries(root, "content/pages");
    expect(git("status", "--porcelain")).toBe(status);
    expect(readFileSync(join(root, "content/pages/company.yaml"), "utf8")).toBe("title: About us\n");
    await expect(entryVersions(root, "../etc/passwd")).rejects.toThrow(/not a path inside/);
    await expect(entryAtVersion(root, "content/pages/company.yaml", "HEAD --output=/tmp/x")).rejects.toThrow(/not a commit/);
  });
});
