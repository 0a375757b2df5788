/**
 * git for the editor's local backend: run in the checkout it serves, never asking on a terminal
 * (there is none behind the editor), and with a name on every commit: the person's own from git's
 * settings, or "Site editor" on a machine where git was never told one, so a save is never lost
 * to "Please tell me who you are".
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface GitResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

/** git in `root`; resolves whatever its exit status. */
export async function gitIn(root: string, args: string[], timeoutMs = 60_000): Promise<GitResult> {
  const env = {
    ...process.env,
    GIT_TERMINAL_PROMPT: "0",
    // A key with a passphrase, or an unknown host, fails at once instead of waiting for an answer nobody can give.
    GIT_SSH_COMMAND: process.env.GIT_SSH_COMMAND ?? "ssh -o BatchMode=yes",
  };
  try {
    const { stdout, stderr } = await run("git", ["-C", root, ...args], { env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, encoding: "utf8" });
    return { ok: true, stdout, stderr };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, stdout: failed.stdout ?? "", stderr: failed.stderr || failed.message };
  }
}

export const isRepository = async (root: string) => (await gitIn(root, ["rev-parse", "--is-inside-work-tree"])).stdout.trim() === "true";

/** `-c` settings that give a commit a name where git has none. */
export async function identity(root: string): Promise<string[]> {
  const known = await gitIn(root, ["var", "GIT_AUTHOR_IDENT"]);
  return known.ok ? [] : ["-c", "user.name=Site editor", "-c", "user.email=editor@localhost"];
}

/**
 * Commits `paths` (added, changed or deleted) with `message`, and only them: whatever else the
 * work tree holds stays as it was. False when they hold no change (a save of the same text).
 */
export async function commitPaths(root: string, paths: string[], message: string): Promise<boolean> {
  for (const path of paths) {
    const add = await gitIn(root, ["add", "-A", "--", path]);
    // A file neither on disk nor in git (an upload deleted before any commit) has nothing to record.
    if (!add.ok && !/did not match any files/.test(add.stderr)) throw new Error(`git add: ${add.stderr}`);
  }
  const staged = (await gitIn(root, ["diff", "--cached", "--name-only", "-z", "--", ...paths])).stdout.split("\0").filter(Boolean);
  if (staged.length === 0) return false;
  const commit = await gitIn(root, [...(await identity(root)), "commit", "--quiet", "--no-verify", "--no-gpg-sign", "-m", message, "--", ...staged]);
  if (!commit.ok) throw new Error(`git commit: ${commit.stderr}`);
  return true;
}
