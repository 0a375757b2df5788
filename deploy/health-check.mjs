// Is the release just switched to live and well? deploy/release.sh runs this file, the one beside
// it, never one the release brings (a release whose own check always passed went live while its
// server never answered). Plain JavaScript, so it needs no dependency and no build:
//
//   node health-check.mjs http://127.0.0.1:8080 SECONDS RELEASE/dist/index.html
//
// Waits up to SECONDS for both:
// - GET /healthz answers: 200, or 503 for mail that is late or failed (the queue, which a release
//   does not change), but not for a store the server cannot read or write;
// - GET / answers 200 with the release's own home page (its dist/index.html), so the server that
//   answers is the one just started from it, not the old one still running.
// Exit 0 when both hold, 1 with the last reason otherwise, 2 for a wrong command line.
import { readFileSync } from "node:fs";

/** Why the release is not healthy yet, or undefined when it is. */
function problemWith(health, home, expectedHome) {
  let report;
  try {
    report = JSON.parse(health.body);
  } catch {
    report = undefined;
  }
  if (!report || (health.status !== 200 && health.status !== 503)) return `/healthz answered ${health.status}: ${health.body.slice(0, 200)}`;
  if (health.status === 503 && report.problems?.storage) return `/healthz: ${report.problems.storage}`;
  if (home.status !== 200) return `the home page answered ${home.status}`;
  if (home.body !== expectedHome) return "the home page is not this release's (the old server still answers?)";
  return undefined;
}

async function answer(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000), redirect: "manual" });
  return { status: response.status, body: await response.text() };
}

const [base, seconds, homeFile] = process.argv.slice(2);
if (!base || !/^\d+$/.test(seconds ?? "") || !homeFile) {
  console.error("usage: health-check.mjs <server URL, e.g. http://127.0.0.1:8080> <seconds to wait> <the release's dist/index.html>");
  process.exit(2);
}
const expectedHome = readFileSync(homeFile, "utf8");
const deadline = Date.now() + Number(seconds) * 1000;
let problem = "no answer yet";
while (Date.now() < deadline) {
  try {
    problem = problemWith(await answer(new URL("/healthz", base).href), await answer(new URL("/", base).href), expectedHome) ?? "";
    if (!problem) {
      console.log(`healthy: ${base} answers /healthz and this release's home page`);
      process.exit(0);
    }
  } catch (error) {
    problem = `${base} does not answer (${error.message})`;
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
console.error(`not healthy after ${seconds} s: ${problem}`);
process.exit(1);
