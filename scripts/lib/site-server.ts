/**
 * The built site's own server (src/server/main.ts) for a benchmark: its own process on a loopback
 * port with a throwaway store and the rate limit raised, stopped when the bench exits; resolves
 * once it answers (or after ten seconds of asking, as the benches always did).
 */
import { spawn, type ChildProcess } from "node:child_process";

export async function startSiteServer(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: ".tmp/bench-data", RATE_LIMIT: "100000", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.on("exit", () => server.kill("SIGTERM"));
  const answers = () =>
    fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.ok,
      () => false,
    );
  for (let i = 0; i < 100 && !(await answers()); i++) await new Promise((r) => setTimeout(r, 100));
  return server;
}
