// @vitest-environment node
/**
 * `npm run stats` (scripts/stats.ts) on both databases: --since takes a real day up to today, and
 * refuses one that is not (2026-02-30, which Date.parse takes for 2 March) with one line and exit
 * code 2; --csv writes a header and a row for each figure. Views are counted through the real route.
 */
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, expect, it } from "vitest";
import { main as stats } from "../../scripts/stats.ts";
import { BUILT_SITE_FILE } from "../../src/handover/built-site.ts";
import { addDays, dayIn } from "../../src/server/analytics/report.ts";
import type { Env } from "../../src/server/config.ts";
import { forEachBackend } from "./backends.ts";
import { startApp, tempDir } from "./helpers.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const ZONE = "Asia/Kolkata";
const dirs: Array<{ remove(): void }> = [];
afterEach(() => dirs.splice(0).forEach((dir) => dir.remove()));

/** A built site's server file naming two routes. */
function fixtureDist(): string {
  const dir = tempDir("lariox-stats-dist-");
  dirs.push(dir);
  mkdirSync(join(dir.path, ".site"), { recursive: true });
  writeFileSync(join(dir.path, BUILT_SITE_FILE), JSON.stringify({ redirects: [], scriptHashes: [], frameOrigins: [], routes: ["/", "/contact"] }));
  return dir.path;
}

forEachBackend((backend) => {
  /** Two views of / and one of /contact today, then the server closed: the env stats reads. */
  const counted = async (): Promise<Env> => {
    const env = { ...(await backend.fresh()).env, DIST_DIR: fixtureDist(), SITE_TIME_ZONE: ZONE };
    const test = await startApp(env);
    try {
      for (const p of ["/", "/", "/contact"])
        await test.app.inject({
          method: "POST",
          url: "/api/v",
          remoteAddress: "203.0.113.5",
          headers: { "user-agent": BROWSER, "content-type": "text/plain;charset=UTF-8" },
          payload: JSON.stringify({ p, c: 0 }),
        });
    } finally {
      await test.close();
    }
    return env;
  };
  const run = async (env: Env, ...argv: string[]) => {
    let stdout = "";
    let stderr = "";
    const code = await stats(argv, { env, stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } });
    return { code, stdout, stderr };
  };

  it(`takes --since a real day up to today, refuses one that is not, and writes CSV (${backend.name})`, { timeout: 60_000 }, async () => {
    const env = await counted();
    const today = dayIn(new Date(), ZONE);

    const since = await run(env, "--since", addDays(today, -3));
    expect(since).toMatchObject({ code: 0, stderr: "" });
    expect(since.stdout).toMatch(/All pages\s+3 \(0\)/);
    expect(since.stdout).toMatch(/^ {2}\/contact\s+1 \(0\)/m);

    for (const day of ["2026-02-30", "2025-02-29", "2026-04-31", "2026-13-01", "2026-1-05", addDays(today, 1)]) {
      const refused = await run(env, "--since", day);
      expect([day, refused]).toEqual([day, { code: 2, stdout: "", stderr: `--since takes a day up to today (${today}) as YYYY-MM-DD, got "${day}".\n` }]);
    }
    // A leap day is a day.
    expect((await run(env, "--since", "2024-02-29")).code).toBe(0);

    const csv = await run(env, "--since", today, "--csv");
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trimEnd().split("\n");
    const from = addDays(today, -1);
    expect(lines[0]).toBe(`section,item,measure,${today}..${addDays(today, 1)},${from}..${today}`);
    expect(lines).toContain("Top pages,/contact,Views,1,0");
  });
});

// Once as a real process: the script's own exit code and streams for a day that does not exist.
it("exits 2 with one line as a command for --since 2026-02-30", { timeout: 60_000 }, async () => {
  const refused = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/stats.ts", "--since", "2026-02-30"], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: join(tempDir("lariox-stats-none-").path, "data") },
  }).catch((error: unknown) => error);
  expect(refused).toMatchObject({
    code: 2,
    stdout: "",
    stderr: expect.stringMatching(/^--since takes a day up to today \(\d{4}-\d{2}-\d{2}\) as YYYY-MM-DD, got "2026-02-30"\.\n$/),
  });
});
