/**
 * A throwaway git repository holding a copy of the site's content, with Decap's local backend
 * (decap-server) in its git mode on it, for the editorial-workflow test: there each draft is a
 * branch cms/<collection>/<entry>, its status the branch's description, and publishing merges
 * the branch into main, as Decap does on GitHub with pull requests.
 *
 * decap-server listens on a free port of its own; the test routes the editor's requests for the
 * fixed address (http://localhost:8081/api/v1, the only one its policy allows) there, so it never
 * competes for port 8081 with the other editor tests (editor-backend.ts).
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalBackend } from "../../scripts/cms/local-backend.ts";
import { contentRoot } from "./content.ts";

/** The editor's page in the browser tests (playwright.config.ts's baseURL): the one origin the backend answers. */
const E2E_ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 4321}`;

const project = join(import.meta.dirname, "../..");
/** What the content check (npm run validate) reads, and the ignore list that keeps node_modules out of commits. */
const COPIED = ["schema", "src", "scripts", "tsconfig.json", "package.json", ".gitignore"];
/** The content the browser tests run on (CONTENT_ROOT, else the tests' site), as the company's repository would hold it. */
const CONTENT = ["content", "public"];

export interface GitBackend {
  /** The repository (its work tree is decap-server's: read it with git, not from the files). */
  repo: string;
  /** Where decap-server answers (the editor reaches it through a route from localhost:8081). */
  url: string;
  git(...args: string[]): string;
  /** The names of the branches, whichever one decap-server has checked out at the moment. */
  branches(): string[];
  /** Commits `text` as `file` on a new `branch`, made in a clone and pushed (a change made outside the editor). */
  pushElsewhere(branch: string, file: string, text: string): void;
  /** `npm run validate` (CI's content check) on a fresh clone of `branch`: its exit status and output. */
  contentCheck(branch: string): { status: number | null; output: string };
  close(): void;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export async function startGitBackend(): Promise<GitBackend> {
  const root = mkdtempSync(join(tmpdir(), "lariox-editorial-"));
  const repo = join(root, "site");
  const home = join(root, "home");
  mkdirSync(home);
  // No one's own git settings (hooks, signing, a default branch) reach the test.
  const gitEnv = { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: "1" };
  const git = (cwd: string, ...args: string[]) => {
    const result = spawnSync("git", args, { cwd, env: gitEnv, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
    return result.stdout;
  };
  for (const name of COPIED) cpSync(join(project, name), join(repo, name), { recursive: true });
  for (const name of CONTENT) cpSync(join(contentRoot, name), join(repo, name), { recursive: true });
  symlinkSync(join(project, "node_modules"), join(repo, "node_modules"));
  git(repo, "init", "--quiet", "--initial-branch=main");
  // .gitignore's "node_modules/" matches a folder, not this link to one.
  writeFileSync(join(repo, ".git/info/exclude"), "node_modules\n");
  git(repo, "config", "user.name", "Site editor");
  git(repo, "config", "user.email", "editor@lariox.example");
  git(repo, "config", "commit.gpgsign", "false");
  git(repo, "add", ".");
  git(repo, "commit", "--quiet", "-m", "The site as it is");

  const port = await freePort();
  const backend: ChildProcess = startLocalBackend({
    root: repo,
    editorOrigin: E2E_ORIGIN,
    port,
    mode: "git",
    env: gitEnv,
    logLevel: "error",
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://localhost:${port}/api/v1`;
  // Until it answers, or exits: the test's own timeout bounds a start that never comes.
  while (!(await answers(url))) {
    if (backend.exitCode !== null) throw new Error(`the local backend (git mode) exited before it answered at ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    repo,
    url,
    git: (...args) => git(repo, ...args),
    branches: () => git(repo, "for-each-ref", "--format=%(refname:short)", "refs/heads/").trim().split("\n"),
    pushElsewhere(branch, file, text) {
      const clone = join(root, "elsewhere");
      rmSync(clone, { recursive: true, force: true });
      git(root, "clone", "--quiet", repo, clone);
      git(clone, "checkout", "--quiet", "-b", branch);
      writeFileSync(join(clone, file), text);
      git(clone, "-c", "user.name=Someone", "-c", "user.email=someone@lariox.example", "commit", "--quiet", "-am", `Edit ${file}`);
      git(clone, "push", "--quiet", "origin", branch);
    },
    contentCheck(branch) {
      const clone = join(root, `check-${branch.replace(/\W+/g, "-")}`);
      rmSync(clone, { recursive: true, force: true });
      git(root, "clone", "--quiet", "--single-branch", "--branch", branch, repo, clone);
      symlinkSync(join(project, "node_modules"), join(clone, "node_modules"));
      const result = spawnSync("npm", ["run", "--silent", "validate"], {
        cwd: clone,
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
        encoding: "utf8",
      });
      return { status: result.status, output: `${result.stdout}${result.stderr}` };
    },
    close() {
      backend.kill();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

async function answers(url: string): Promise<boolean> {
  const info = { method: "POST", headers: { "content-type": "application/json" }, body: '{"action":"info"}' };
  return fetch(url, info).then(
    async (r) => r.ok && ((await r.json()) as { type?: string }).type === "local_git",
    () => false,
  );
}
