/**
 * An entry's earlier versions, read from the checkout's git history for the editor's History
 * panel on this machine (the local backend's front server registers these as actions). Only
 * `git log` and `git show`: the work tree, the index and the branches are never touched, so a
 * history read cannot disturb a save in progress. Restoring a version is the editor's own save.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { DeletedEntry, Version } from "../../src/admin/history-source.ts";

const run = promisify(execFile);

const FIELDS = "%x1e%H%x1f%aI%x1f%an%x1f%s%x1f%P";
const SAFE_PATH = /^(?!\/)(?!.*(^|\/)\.\.(\/|$))[^\0]+$/;
const COMMIT = /^[0-9a-f]{7,40}$/;

/** A refusal worth showing the editor as it is; git's own errors name the checkout's path and are not. */
export class HistoryError extends Error {}

async function git(root: string, args: string[]): Promise<string> {
  const { stdout } = await run("git", ["-C", root, ...args], { maxBuffer: 32 * 1024 * 1024, encoding: "utf8" });
  return stdout;
}

function checkPath(path: string): void {
  if (!SAFE_PATH.test(path)) throw new HistoryError(`not a path inside the repository: ${path}`);
}

/** The `FIELDS` records of a `git log --name-status`, each with the paths it names. */
function records(stdout: string): { commit: string; date: string; author: string; message: string; parent: string; files: string[][] }[] {
  return stdout
    .split("\x1e")
    .filter((record) => record.trim())
    .map((record) => {
      const [head, ...rest] = record.split("\n");
      const [commit = "", date = "", author = "", message = "", parents = ""] = head!.split("\x1f");
      const files = rest.filter(Boolean).map((line) => line.split("\t"));
      return { commit, date, author, message, parent: parents.split(" ")[0] ?? "", files };
    });
}

/** The commits that changed `path` (relative to `root`), newest first, following renames. */
export async function entryVersions(root: string, path: string, limit = 50): Promise<Version[]> {
  checkPath(path);
  const out = await git(root, ["log", "--follow", `-n${limit}`, "--name-status", `--format=${FIELDS}`, "--", path]);
  return records(out).map(({ files, parent: _parent, ...version }) => {
    // A rename's line is "R100\told\tnew": the entry was at `new` in that commit.
    const status = files[0] ?? [];
    return { ...version, path: status[status.length - 1] ?? path };
  });
}

/** The file `path` as it was in `commit` (a full or short hash). */
export async function entryAtVersion(root: string, path: string, commit: string): Promise<string> {
  checkPath(path);
  if (!COMMIT.test(commit)) throw new HistoryError(`not a commit: ${commit}`);
  return git(root, ["show", `${commit}:${path}`]);
}

/**
 * Files under `folder` that are not in the work tree now but were in the history, the latest
 * deletion first: those a commit deleted, and those deleted from the work tree since HEAD.
 */
export async function deletedEntries(root: string, folder: string, limit = 50): Promise<DeletedEntry[]> {
  checkPath(folder);
  const gone = (path: string) => !existsSync(join(root, path));
  const deleted = new Map<string, DeletedEntry>();
  const head = (await git(root, ["rev-parse", "HEAD"])).trim();
  for (const path of (await git(root, ["ls-tree", "-r", "--name-only", "HEAD", "--", folder])).split("\n")) {
    if (deleted.size >= limit) return [...deleted.values()];
    if (path && gone(path)) deleted.set(path, { path, lastVersion: head });
  }
  // One git process in all: each commit's parent comes with the log (%P), not from a git call per file.
  const out = await git(root, ["log", "--diff-filter=D", "--name-status", `--format=${FIELDS}`, "--", folder]);
  for (const { commit, date, author, message, parent, files } of records(out)) {
    for (const [, path] of files) {
      if (deleted.size >= limit) return [...deleted.values()];
      if (!path || deleted.has(path) || !gone(path)) continue;
      deleted.set(path, { path, lastVersion: parent, deletedIn: { commit, date, author, message } });
    }
  }
  return [...deleted.values()];
}
