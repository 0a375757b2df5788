/**
 * A throwaway copy of the project for the visual editor's browser tests (admin.spec.ts), with
 * Decap's local backend (decap-server) saving into it, so the repo's own content is never touched.
 * The copy is a git repository whose one commit holds its content, the history the editor shows.
 * The editor itself is the build's /admin, served by the real server under its real policy, which
 * lets it reach the local backend only at its fixed address, port 8081 (or, with `port`, a test
 * routes the editor's requests for that address to the backend's own: editor-undo-publish.spec.ts).
 * Each save is a commit there, by EDITOR_PERSON; with `remote`, the copy's main is pushed to a bare
 * repository beside it, as a checkout of the company's repository would be.
 */
import { execFile, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { answersOn, backendAnswers, startLocalBackend } from "../../scripts/cms/local-backend.ts";
import { contentRoot } from "./content.ts";

/** The editor's page in the browser tests (playwright.config.ts's baseURL): the one origin the backend answers. */
const E2E_ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 4321}`;

const project = join(import.meta.dirname, "../..");
/** What a build of the copy reads: the project's code, with the content the browser tests run on (CONTENT_ROOT, else the tests' site). */
const COPIED = ["schema", "src", "scripts", "index.html", "vite.config.ts", "tsconfig.json", "package.json"];
const CONTENT = ["content", "public"];
/** The editor's fixed address for the local backend (its policy and local_backend setting). */
const BACKEND_PORT = 8081;
export const BACKEND = `http://localhost:${BACKEND_PORT}/api/v1`;
/** Who the copy's first commit is by, as the History panel shows it. */
export const GIT_PERSON = {
  GIT_AUTHOR_NAME: "Site Team",
  GIT_AUTHOR_EMAIL: "team@example.com",
  GIT_COMMITTER_NAME: "Site Team",
  GIT_COMMITTER_EMAIL: "team@example.com",
};

/** Who the editor's saves are by (the local backend's commits): a test identity, never anyone's own. */
export const EDITOR_PERSON = {
  GIT_AUTHOR_NAME: "Ana Editor",
  GIT_AUTHOR_EMAIL: "ana@example.com",
  GIT_COMMITTER_NAME: "Ana Editor",
  GIT_COMMITTER_EMAIL: "ana@example.com",
};

export interface EditorBackendOptions {
  /** A port of its own instead of 8081 (the test routes the editor's requests there). */
  port?: number;
  /** The copy's whole tree committed and pushed to a bare repository, its `origin`. */
  remote?: boolean;
}

export interface EditorBackend {
  root: string;
  /** Where the backend answers. */
  url: string;
  /** The bare repository the copy pushes to, with `remote`. */
  remote?: string;
  /** CI's content check (npm run validate, the Deploy workflow's first step) on a fresh clone of the remote's main. */
  remoteContentCheck(): { status: number | null; output: string };
  /** Builds the copy's pages (not its /admin) into root/dist. */
  build(): Promise<void>;
  close(): void;
}

export async function startEditorBackend({ port, remote: withRemote = false }: EditorBackendOptions = {}): Promise<EditorBackend> {
  const on = port ?? BACKEND_PORT;
  const url = `http://localhost:${on}/api/v1`;
  if (await answersOn(on)) throw new Error(`something already answers at ${url} (npm run edit?): stop it, the editor's tests need the port`);
  const root = mkdtempSync(join(tmpdir(), "lariox-editor-"));
  for (const name of COPIED) cpSync(join(project, name), join(root, name), { recursive: true });
  for (const name of CONTENT) cpSync(join(contentRoot, name), join(root, name), { recursive: true });
  symlinkSync(join(project, "node_modules"), join(root, "node_modules"));
  // A repository whose one commit holds the content as copied: the editor's History reads its versions from git.
  await gitIn(root, "init", "-q", "-b", "main");
  writeFileSync(join(root, ".git/info/exclude"), "node_modules\ndist\ndist-ssr\n");
  await gitIn(root, "add", withRemote ? "." : "content");
  await gitIn(root, "commit", "-q", "-m", "Content as copied for the editor's tests");
  const remote = withRemote ? mkdtempSync(join(tmpdir(), "lariox-editor-remote-")) : undefined;
  if (remote) {
    await gitIn(remote, "init", "-q", "--bare", "-b", "main");
    await gitIn(root, "remote", "add", "origin", remote);
    await gitIn(root, "push", "-q", "origin", "main");
  }
  // No one's own git settings reach the backend: its commits are EDITOR_PERSON's, pushes go to the bare remote only.
  const env = { PATH: process.env.PATH, HOME: root, GIT_CONFIG_NOSYSTEM: "1", ...EDITOR_PERSON };
  const backend: ChildProcess = startLocalBackend({ root, port, editorOrigin: E2E_ORIGIN, env, logLevel: "error", stdio: "ignore" });
  await backendAnswers(on, backend);
  return {
    root,
    url,
    remote,
    remoteContentCheck() {
      if (!remote) throw new Error("this copy has no remote");
      const clone = mkdtempSync(join(tmpdir(), "lariox-editor-pushed-"));
      try {
        const cloned = spawnSync("git", ["clone", "-q", "--branch", "main", remote, clone], { encoding: "utf8" });
        if (cloned.status !== 0) return { status: cloned.status, output: cloned.stderr };
        symlinkSync(join(project, "node_modules"), join(clone, "node_modules"));
        const check = spawnSync("npm", ["run", "--silent", "validate"], {
          cwd: clone,
          env: { PATH: process.env.PATH, HOME: process.env.HOME },
          encoding: "utf8",
        });
        return { status: check.status, output: `${check.stdout}${check.stderr}` };
      } finally {
        rmSync(clone, { recursive: true, force: true });
      }
    },
    async build() {
      // The image variants' cache, when the run has one (.ci/run): pictures the editor did not add are not encoded again.
      const cache = process.env.IMAGE_CACHE_DIR ? { IMAGE_CACHE_DIR: process.env.IMAGE_CACHE_DIR } : {};
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, DIST_DIR: join(root, "dist"), SSR_DIR: join(root, "dist-ssr"), SKIP_ADMIN: "1", ...cache };
      await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/build/build.ts"], { cwd: root, env });
    },
    close() {
      backend.kill();
      rmSync(root, { recursive: true, force: true });
      if (remote) rmSync(remote, { recursive: true, force: true });
    },
  };
}

/**
 * Sends the editor's requests for the local backend's fixed address (BACKEND) to `backend`, started
 * on a port of its own: browser tests running side by side do not share 8081.
 */
export async function routeEditorTo(page: Page, backend: EditorBackend): Promise<void> {
  await page.route(`${BACKEND}**`, async (route) => {
    const url = route.request().url().replace(BACKEND, backend.url);
    try {
      await route.fulfill({ response: await route.fetch({ url }) });
    } catch {
      // The page has moved on, or the test ended: nobody waits for the answer.
      await route.abort().catch(() => {});
    }
  });
}

/** Runs git in the copy, as GIT_PERSON unless an --author says otherwise. */
export async function gitIn(root: string, ...args: string[]): Promise<void> {
  await promisify(execFile)("git", ["-C", root, ...args], { env: { PATH: process.env.PATH, ...GIT_PERSON } });
}
