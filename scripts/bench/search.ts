/**
 * `npm run bench:search` (not part of npm test): what the site search costs a visitor on a phone.
 * Builds the site (`--no-build` reuses dist/), serves it with the real server on loopback
 * (BENCH_PORT, 4455), and prints:
 * - the index's size on disk (dist/pagefind/: the browser module, the WebAssembly, the index and its
 *   fragments), and how many files it is;
 * - per query (`--queries=InTouch,OPC UA,deadband`; `--runs=N`, default 3, median of each figure):
 *   on /search, phone-sized with the CPU slowed 4x, the box typed into once the page has woken,
 *   the bytes the search fetched (as sent over the wire), its file count, the time from the
 *   keystroke to the results on screen, and from the index's first fragment arriving to the results.
 * Writes the figures as JSON to .tmp/bench/search.json.
 */
import { execSync } from "node:child_process";
import { mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, devices, type Browser } from "@playwright/test";
import { chromiumLaunchOptions } from "../lib/chromium.ts";
import { median } from "../lib/stats.ts";
import { startSiteServer } from "../lib/site-server.ts";
import { INDEX_DIR } from "../../src/blocks/search/pagefind.ts";

/** When the page first showed results: set in the page, read back by the bench. */
declare global {
  interface Window {
    shownAt?: number;
  }
}

const args = process.argv.slice(2);
const arg = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const port = Number(process.env.BENCH_PORT ?? 4455);
const base = `http://127.0.0.1:${port}`;
const dist = process.env.DIST_DIR ?? "dist";
const queries = (arg("queries") ?? "InTouch,OPC UA,deadband").split(",");
const runs = Number(arg("runs") ?? 3);

if (!args.includes("--no-build")) execSync("npm run --silent build", { stdio: "inherit" });

const indexFiles = readdirSync(join(dist, INDEX_DIR), { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && !/\.(?:br|gz)$/.test(e.name))
  .map((e) => statSync(join(e.parentPath, e.name)).size);

await startSiteServer(port, { DIST_DIR: dist });

interface Measure {
  bytes: number;
  files: number;
  typedToResultsMs: number;
  firstFragmentToResultsMs: number;
}

/** One search on a fresh phone page: the query typed once the island has woken, timed in the page. */
async function measure(browser: Browser, query: string): Promise<Measure> {
  const context = await browser.newContext({ ...devices["Moto G4"] });
  try {
    const page = await context.newPage();
    let bytes = 0;
    let files = 0;
    page.on("requestfinished", (request) => {
      if (!new URL(request.url()).pathname.startsWith(INDEX_DIR)) return;
      files++;
      void request.sizes().then((s) => (bytes += s.responseBodySize + s.responseHeadersSize));
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(`${base}/search`, { waitUntil: "networkidle", referer: `${base}/` });
    await page.locator("[data-island=search][data-hydrated]").waitFor({ state: "attached" });
    // The moment the results line changes, noted by the page itself.
    await page.evaluate(() => {
      const status = document.querySelector('[role="status"]')!;
      new MutationObserver(() => (window.shownAt ??= performance.now())).observe(status, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    const typedAt = await page.evaluate(() => performance.now());
    await page.getByRole("searchbox").fill(query);
    await page.getByRole("status").filter({ hasText: query }).waitFor();
    await page.waitForLoadState("networkidle");
    const times = await page.evaluate((dir) => {
      const fragments = performance
        .getEntriesByType("resource")
        .filter((r) => new URL(r.name).pathname.startsWith(`${dir}fragment/`)) as PerformanceResourceTiming[];
      return { shownAt: window.shownAt!, firstFragment: Math.min(...fragments.map((f) => f.responseEnd)) };
    }, INDEX_DIR);
    return { bytes, files, typedToResultsMs: times.shownAt - typedAt, firstFragmentToResultsMs: times.shownAt - times.firstFragment };
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch(chromiumLaunchOptions);
const rows = [];
for (const query of queries) {
  const all: Measure[] = [];
  for (let i = 0; i < runs; i++) all.push(await measure(browser, query));
  const mid = (key: keyof Measure) => Math.round(median(all.map((m) => m[key])));
  rows.push({
    query,
    kb: Number((mid("bytes") / 1024).toFixed(1)),
    files: mid("files"),
    typedToResultsMs: mid("typedToResultsMs"),
    firstFragmentToResultsMs: mid("firstFragmentToResultsMs"),
  });
}
await browser.close();

const indexKb = Number((indexFiles.reduce((a, b) => a + b, 0) / 1024).toFixed(1));
console.log(`\nSearch index: ${indexKb} KB in ${indexFiles.length} files (${INDEX_DIR}, uncompressed on disk)`);
console.log(`Per query, on a phone (Moto G4 screen, 4x-slowed CPU), a fresh page, median of ${runs} runs:\n`);
console.log("| query | fetched for it (KB, as sent) | files | typed -> results ms | first fragment in -> results ms |\n|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.query} | ${r.kb} | ${r.files} | ${r.typedToResultsMs} | ${r.firstFragmentToResultsMs} |`);
mkdirSync(".tmp/bench", { recursive: true });
writeFileSync(".tmp/bench/search.json", JSON.stringify({ date: new Date().toISOString(), runs, indexKb, indexFiles: indexFiles.length, rows }, null, 2));
process.exit(0);
