/**
 * Is this release live and well? Run by deploy/release.sh after each switch, from the release's
 * own folder:
 *
 *   node --import tsx scripts/deploy/health-check.ts http://127.0.0.1:8080 [seconds]
 *
 * Waits up to `seconds` (default 30) for both:
 * - GET /healthz answers: 200, or 503 for mail that is late or failed (the queue, which a release
 *   does not change), but not for a store the server cannot read or write;
 * - GET / answers 200 with this release's own home page (dist/index.html), so the server that
 *   answers is the one just started from it, not the old one still running.
 * Exit 0 when both hold, 1 with the last reason otherwise.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

export interface HealthAnswer {
  status: number;
  body: string;
}

/** Why the release is not healthy yet, or undefined when it is. */
export function problemWith(health: HealthAnswer, home: HealthAnswer, expectedHome: string): string | undefined {
  let report: { problems?: Record<string, string> } | undefined;
  try {
    report = JSON.parse(health.body) as typeof report;
  } catch {
    report = undefined;
  }
  if (!report || (health.status !== 200 && health.status !== 503)) return `/healthz answered ${health.status}: ${health.body.slice(0, 200)}`;
  if (health.status === 503 && report.problems?.storage) return `/healthz: ${report.problems.storage}`;
  if (home.status !== 200) return `the home page answered ${home.status}`;
  if (home.body !== expectedHome) return "the home page is not this release's (the old server still answers?)";
  return undefined;
}

async function answer(url: string): Promise<HealthAnswer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000), redirect: "manual" });
  return { status: response.status, body: await response.text() };
}

async function main(): Promise<void> {
  const [base, seconds = "30"] = process.argv.slice(2);
  if (!base || !/^\d+$/.test(seconds)) {
    console.error("usage: health-check.ts <server URL, e.g. http://127.0.0.1:8080> [seconds to wait]");
    process.exit(2);
  }
  const expectedHome = readFileSync(join(process.cwd(), "dist/index.html"), "utf8");
  const deadline = Date.now() + Number(seconds) * 1000;
  let problem = "no answer yet";
  while (Date.now() < deadline) {
    try {
      problem = problemWith(await answer(new URL("/healthz", base).href), await answer(new URL("/", base).href), expectedHome) ?? "";
      if (!problem) {
        console.log(`healthy: ${base} answers /healthz and this release's home page`);
        return;
      }
    } catch (error) {
      problem = `${base} does not answer (${(error as Error).message})`;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  console.error(`not healthy after ${seconds} s: ${problem}`);
  process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
