/**
 * `npm run bench` (not part of npm test): builds the site, serves it with the real server on
 * loopback, runs Lighthouse (mobile preset, Debian's Chromium) on every route and prints, per
 * route, the four category scores, LCP, TBT, CLS and the first-load JavaScript (gzip), then the
 * range of this machine's benchmarkIndex over the runs (how fast Lighthouse found its CPU).
 * Then, per route, what its script costs a phone (script-cost.ts): the JavaScript fetched until the
 * page is idle and the script time on a 4x-slowed CPU at phone size, as the first page of a visit
 * and as a later one (`--script-runs=N`, default --runs, loads per route of each kind, and without
 * script; 0 leaves it out); `--no-lighthouse` prints only that.
 * Then whether the script holds back the main view (lcp-ratio.ts): for each page with islands
 * among the routes, and the control pages that fetch no script file (`--lcp-controls=/training`,
 * always measured), LCP with script over LCP without, on a phone over a phone's network, the
 * median of `--lcp-pairs=N` (default 12) pairs of loads against the 1.03 target; only these pages
 * get that many pairs, so the run grows by some minutes, not by the number of routes. 0 leaves it out.
 * Writes the tables as JSON to .tmp/bench/lighthouse.json. `--no-build` reuses dist/;
 * `--routes=/,/about` limits the run; `--runs=N` (default 3) audits each route N times and
 * reports Lighthouse's own median run (the one nearest the median FCP and TTI), as its docs
 * advise, next to every run's TBT: on a shared two-core machine one run's TBT can be five
 * times the next one's, and the median run is picked by FCP and TTI, not by TBT.
 */
import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { loadContent } from "../../src/content/loaders/load.ts";
import { firstLoadJs } from "./first-load.ts";
import { measureScriptCost, scriptCostTable } from "./script-cost.ts";
import { lcpRatioTable, loadAverage, measureLcpRatios } from "./lcp-ratio.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../lib/chromium.ts";
import { median } from "../lib/stats.ts";
import { startSiteServer } from "../lib/site-server.ts";

const args = process.argv.slice(2);
const port = Number(process.env.BENCH_PORT ?? 4455);
const base = `http://127.0.0.1:${port}`;
const routeArg = args.find((a) => a.startsWith("--routes="))?.slice(9);
const runs = Number(args.find((a) => a.startsWith("--runs="))?.slice(7) ?? 3);
const scriptRuns = Number(args.find((a) => a.startsWith("--script-runs="))?.slice(14) ?? runs);
const lcpPairs = Number(args.find((a) => a.startsWith("--lcp-pairs="))?.slice(12) ?? 12);
const lcpControls = (args.find((a) => a.startsWith("--lcp-controls="))?.slice(15) ?? "/training").split(",").filter(Boolean);
const routes = routeArg ? routeArg.split(",") : (loadContent(process.cwd()).content?.pages ?? []).map((p) => p.page.path).filter((p) => p !== "/404");

if (!args.includes("--no-build")) execSync("npm run --silent build", { stdio: "inherit" });

const server = await startSiteServer(port);
const stop = () => server.kill("SIGTERM");

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
});

interface Row {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  /** Every valid run's TBT, lowest first. */
  tbtRunsMs: number[];
  cls: number;
  firstLoadJsGzipKb: number;
}
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
const rows: Row[] = [];
/** Every run's benchmarkIndex: below 1500 the default 4x slowdown overstates a phone's TBT (Lighthouse's docs/throttling.md). */
const benchmarkIndexes: number[] = [];
for (const route of args.includes("--no-lighthouse") ? [] : routes) {
  const run = () =>
    lighthouse(base + route, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
  const audit = async () => {
    let result = await run();
    // A run Lighthouse itself could not finish (a protocol timeout, a missed trace event) says
    // nothing about the page: say so and measure again, up to twice.
    for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) {
      console.log(`${route}: Lighthouse run failed (${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}); measuring again`);
      result = await run();
    }
    if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
    return result.lhr;
  };
  const lhrs: Lhr[] = [];
  for (let i = 0; i < runs; i++) lhrs.push(await audit());
  benchmarkIndexes.push(...lhrs.map((r) => Math.round(r.environment.benchmarkIndex)));
  const valid = filterToValidRuns(lhrs) as Lhr[];
  const lhr = valid.length ? (computeMedianRun(valid) as Lhr) : lhrs[0]!;
  const tbts = valid.map((r) => Math.round(r.audits["total-blocking-time"]?.numericValue ?? NaN)).sort((a, b) => a - b);
  const { categories, audits } = lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const row: Row = {
    route,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? NaN),
    tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? NaN),
    tbtRunsMs: tbts,
    cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)),
    firstLoadJsGzipKb: Number((firstLoadJs(process.env.DIST_DIR ?? "dist", route).gzip / 1024).toFixed(1)),
  };
  rows.push(row);
  // Failed audits of the three 100-target categories, so a miss says what to fix.
  const misses = ["accessibility", "best-practices", "seo"].flatMap((c) =>
    (categories[c]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => `${c}:${ref.id}`),
  );
  console.log(
    `${route.padEnd(42)} perf ${row.performance} a11y ${row.accessibility} bp ${row.bestPractices} seo ${row.seo}  LCP ${row.lcpMs} ms  TBT ${row.tbtMs} ms (runs: ${row.tbtRunsMs.join(" ")})  CLS ${row.cls}  JS ${row.firstLoadJsGzipKb} KB${misses.length ? "  misses: " + misses.join(" ") : ""}`,
  );
}
await chrome.kill();
const scriptCost = scriptRuns > 0 ? await measureScriptCost(base, routes, scriptRuns) : [];
const islandPages = routes.filter((route) => firstLoadJs(process.env.DIST_DIR ?? "dist", route).files > 0);
const lcpRoutes = [...islandPages.map((route) => ({ route, kind: "islands" as const })), ...lcpControls.map((route) => ({ route, kind: "control" as const }))];
const loadBefore = loadAverage();
const lcpRatios = lcpPairs > 0 ? await measureLcpRatios(base, lcpRoutes, lcpPairs) : [];
const loadAfter = loadAverage();
stop();

if (rows.length) printLighthouse();
if (scriptCost.length) {
  console.log(`\nScript cost on a phone (4x-slowed CPU, until idle; cold cache unless a later page), median of ${scriptRuns} runs:`);
  console.log(scriptCostTable(scriptCost));
}
if (lcpRatios.length) {
  console.log(
    `\nLCP with script over the same page without, on a phone (Moto G4, 4x-slowed CPU, Lighthouse's mobile network), median of ${lcpPairs} pairs per page;` +
      ` the pages with islands, and control pages that fetch no script file. Load average (1, 5, 15 min) ${loadBefore} before, ${loadAfter} after:`,
  );
  console.log(lcpRatioTable(lcpRatios));
}
mkdirSync(".tmp/bench", { recursive: true });
writeFileSync(
  ".tmp/bench/lighthouse.json",
  JSON.stringify(
    {
      date: new Date().toISOString(),
      runsPerRoute: runs,
      benchmarkIndexes,
      rows,
      scriptCost,
      lcpRatios,
      loadAverage: { before: loadBefore, after: loadAfter },
    },
    null,
    2,
  ),
);
process.exit(0);

function printLighthouse() {
  const worst = (key: keyof Row, pick: (a: number, b: number) => number) => rows.map((r) => r[key] as number).reduce((a, b) => pick(a, b));
  console.log(`\nLighthouse's median of ${runs} runs per route (mobile preset), and the TBT of every run.`);
  console.log(
    `| route | perf | a11y | best pr. | SEO | LCP ms | TBT ms | TBT of each run | CLS | first-load JS gzip KB |\n|---|---|---|---|---|---|---|---|---|---|`,
  );
  for (const r of rows)
    console.log(
      `| ${r.route} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.tbtMs} | ${r.tbtRunsMs.join(", ")} | ${r.cls} | ${r.firstLoadJsGzipKb} |`,
    );
  console.log(
    `\nworst: performance ${worst("performance", Math.min)}, accessibility ${worst("accessibility", Math.min)}, best practices ${worst("bestPractices", Math.min)}, SEO ${worst("seo", Math.min)}, ` +
      `LCP ${worst("lcpMs", Math.max)} ms, TBT ${worst("tbtMs", Math.max)} ms, CLS ${worst("cls", Math.max)}, first-load JS ${worst("firstLoadJsGzipKb", Math.max)} KB`,
  );
  const sorted = [...benchmarkIndexes].sort((a, b) => a - b);
  console.log(`this machine's benchmarkIndex: ${sorted[0]}-${sorted.at(-1)} (median ${median(sorted)}; Lighthouse's 4x slowdown expects 1500-2000)`);
}
