/**
 * Decap's local backend (decap-server behind the site's front, local-backend-server.ts): it reads
 * and writes a checkout, `.git` included, with no sign-in, so it listens on the loopback address
 * only and answers only to this machine's names. `npm run edit` and the editor's tests start it here.
 */
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { join } from "node:path";

export const LOOPBACK = "127.0.0.1";

export interface LocalBackendOptions {
  /** The checkout it serves. */
  root: string;
  /** The one page origin it answers (the editor's, e.g. http://localhost:5173); other pages get a 403. */
  editorOrigin: string;
  /** 8081 is the address the editor's policy and its local_backend setting name. */
  port?: number;
  /** `fs` writes files; `git` commits, with a branch per draft (the editorial workflow). */
  mode?: "fs" | "git";
  /** Its whole environment, PATH included (git mode runs git). */
  env?: NodeJS.ProcessEnv;
  logLevel?: "error" | "warn" | "info";
  stdio?: StdioOptions;
}

export function startLocalBackend({
  root,
  editorOrigin,
  port = 8081,
  mode = "fs",
  env = process.env,
  logLevel = "warn",
  stdio = "inherit",
}: LocalBackendOptions): ChildProcess {
  const server = join(import.meta.dirname, "local-backend-server.ts");
  return spawn(process.execPath, ["--import", import.meta.resolve("tsx"), server], {
    env: {
      ...env,
      BIND_HOST: LOOPBACK,
      PORT: String(port),
      GIT_REPO_DIRECTORY: root,
      MODE: mode,
      LOG_LEVEL: logLevel,
      EDITOR_ORIGIN: editorOrigin,
      ORIGIN: editorOrigin,
    },
    stdio,
  });
}

/** Whether a local backend answers on `port` now (its `info` action). */
export async function answersOn(port: number): Promise<boolean> {
  const info = { method: "POST", headers: { "content-type": "application/json" }, body: '{"action":"info"}' };
  return fetch(`http://localhost:${port}/api/v1`, info).then(
    (r) => r.ok,
    () => false,
  );
}

/**
 * Resolves once the backend started as `child` answers on `port`; rejects if it exits first. A
 * start that never comes is bounded by the caller's own timeout (a test's, say).
 */
export async function backendAnswers(port: number, child: ChildProcess): Promise<void> {
  while (!(await answersOn(port))) {
    if (child.exitCode !== null) throw new Error(`the local backend exited before it answered on port ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
