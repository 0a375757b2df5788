/**
 * Decap's local backend (decap-server): it reads and writes a checkout, `.git` included, with no
 * sign-in, so it listens on the loopback address only and nothing else on the network reaches it.
 * `npm run edit` and the editor's browser tests start it here.
 */
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { createRequire } from "node:module";

export const LOOPBACK = "127.0.0.1";

export interface LocalBackendOptions {
  /** The checkout it serves. */
  root: string;
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
  port = 8081,
  mode = "fs",
  env = process.env,
  logLevel = "warn",
  stdio = "inherit",
}: LocalBackendOptions): ChildProcess {
  const server = createRequire(import.meta.url).resolve("decap-server/dist/index.js");
  return spawn(process.execPath, [server], {
    env: { ...env, BIND_HOST: LOOPBACK, PORT: String(port), GIT_REPO_DIRECTORY: root, MODE: mode, LOG_LEVEL: logLevel },
    stdio,
  });
}
