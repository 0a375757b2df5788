/**
 * A throwaway copy of the project for the visual editor's browser tests (admin.spec.ts), with
 * Decap's local backend (decap-server) saving into it, so the repo's own content is never touched.
 * The copy is a git repository whose one commit holds its content, the history the editor shows.
 * The editor itself is the build's /admin, served by the real server under its real policy, which
 * lets it reach the local backend only at its fixed address, port 8081.
 */
import { execFile, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { startLocalBackend } from "../../scripts/cms/local-backend.ts";

/** The editor's page in the browser tests (playwright.config.ts's baseURL): the one origin the backend answers. */
const E2E_ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 4321}`;

const project = join(import.meta.dirname, "../..");
/** What a build of the copy reads. */
const COPIED = ["content", "schema", "public", "src", "scripts", "index.html", "vite.config.ts", "tsconfig.json", "package.json"];
export const BACKEND = "http://localhost:8081/api/v1";
/** Who the copy's first commit is by, as the History panel shows it. */
export const GIT_PERSON = {
  GIT_AUTHOR_NAME: "Site Team",
  GIT_AUTHOR_EMAIL: "team@example.com",
  GIT_COMMITTER_NAME: "Site Team",
  GIT_COMMITTER_EMAIL: "team@example.com",
};

export interface EditorBackend {
  root: string;
  /** Builds the copy's pages (not its /admin) into root/dist. */
  build(): Promise<void>;
  close(): void;
}

export async function startEditorBackend(): Promise<EditorBackend> {
  if (await answers()) throw new Error(`something already answers at ${BACKEND} (npm run edit?): stop it, the editor's tests need the port`);
  const root = mkdtempSync(join(tmpdir(), "lariox-editor-"));
  for (const name of COPIED) cpSync(join(project, name), join(root, name), { recursive: true });
  symlinkSync(join(project, "node_modules"), join(root, "node_modules"));
  // A repository whose one commit holds the content as copied: the editor's History reads its versions from git.
  await gitIn(root, "init", "-q", "-b", "main");
  await gitIn(root, "add", "content");
  await gitIn(root, "commit", "-q", "-m", "Content as copied for the editor's tests");
  const backend: ChildProcess = startLocalBackend({ root, editorOrigin: E2E_ORIGIN, env: { PATH: process.env.PATH }, logLevel: "error", stdio: "ignore" });
  // Until it answers, or exits: the test's own timeout bounds a start that never comes.
  while (!(await answers())) {
    if (backend.exitCode !== null) throw new Error(`the local backend exited before it answered at ${BACKEND}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    root,
    async build() {
      // The image variants' cache, when the run has one (.ci/run): pictures the editor did not add are not encoded again.
      const cache = process.env.IMAGE_CACHE_DIR ? { IMAGE_CACHE_DIR: process.env.IMAGE_CACHE_DIR } : {};
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, DIST_DIR: join(root, "dist"), SSR_DIR: join(root, "dist-ssr"), SKIP_ADMIN: "1", ...cache };
      await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/build/build.ts"], { cwd: root, env });
    },
    close() {
      backend.kill();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Runs git in the copy, as GIT_PERSON unless an --author says otherwise. */
export async function gitIn(root: string, ...args: string[]): Promise<void> {
  await promisify(execFile)("git", ["-C", root, ...args], { env: { PATH: process.env.PATH, ...GIT_PERSON } });
}

async function answers(): Promise<boolean> {
  const info = { method: "POST", headers: { "content-type": "application/json" }, body: '{"action":"info"}' };
  return fetch(BACKEND, info).then(
    (r) => r.ok,
    () => false,
  );
}
