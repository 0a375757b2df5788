/**
 * `npm run bench:search` (not part of npm test): what the site search costs a visitor on a phone.
 * Builds the site (`--no-build` reuses dist/), serves it with the real server on loopback
 * (BENCH_PORT, 4455), and prints:
 * - the index's size (dist/pagefind/: the browser module, the WebAssembly, the index and its
 *   fragments) as sent with brotli and on disk, and how many files it is;
 * - per query (`--queries=InTouch,OPC UA,deadband`; `--runs=N`, default 5), each run a fresh page on
 *   /search, phone-sized with the CPU slowed 4x: once the island has woken, the box is focused and
 *   the query typed (one input event) at once, the worst case, or `--pause=MS` later, as a visitor
 *   taps the box and then types (the search starts Pagefind on the focus). Figures, median and p90
 *   over the runs:
 *   - the bytes the search fetched (as sent over the wire) and its file count;
 *   - typed -> results: from the input event to the results in the page;
 *   - fragment in -> results: from the moment the index's first fragment file had arrived (the
 *     Resource Timing `responseEnd` of the earliest file under fragment/) or the keystroke,
 *     whichever is later, to the results in the page. The build writes the pages' texts as one
 *     fragment file, fetched once the query's chunks have found its results: it is the last file
 *     the results wait for, so from then on only the phone's own work stands before them;
 *   - fragment in -> painted: the same, to the first frame after them;
 *   - next query: on the same page, the box's text replaced by the next query, typed -> results.
 * "Results in the page" is the moment the results list holds an item and the live line names the
 * query, seen by a MutationObserver in the page: nothing polls the page while it works.
 * Writes the figures as JSON to .tmp/bench/search.json.
 */
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { chromium, devices, type Browser, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../lib/chromium.ts";
import { median, percentile } from "../lib/stats.ts";
import { startSiteServer } from "../lib/site-server.ts";
import { INDEX_DIR } from "../../src/blocks/search/pagefind.ts";

/** What the page notes about one search, set in the page, read back by the bench. */
interface Probe {
  typedAt: number;
  shownAt: number;
  paintedAt: number;
  done: Promise<void>;
}
declare global {
  interface Window {
    searchProbe?: Probe;
  }
}

const args = process.argv.slice(2);
const arg = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const port = Number(process.env.BENCH_PORT ?? 4455);
const base = `http://127.0.0.1:${port}`;
const dist = process.env.DIST_DIR ?? "dist";
const queries = (arg("queries") ?? "InTouch,OPC UA,deadband").split(",");
const runs = Number(arg("runs") ?? 5);
const pause = Number(arg("pause") ?? 0);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

if (!args.includes("--no-build")) execSync("npm run --silent build", { stdio: "inherit" });

/** Each file of the index: its size on disk, and as a browser gets it (its brotli twin where the build wrote one). */
const indexFiles = readdirSync(join(dist, INDEX_DIR), { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && !/\.(?:br|gz)$/.test(e.name))
  .map((e) => join(e.parentPath, e.name))
  .map((file) => ({ raw: statSync(file).size, sent: existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size }));

await startSiteServer(port, { DIST_DIR: dist });

interface Measure {
  bytes: number;
  files: number;
  fragmentFiles: number;
  typedToResults: number;
  fragmentToResults: number;
  fragmentToPaint: number;
  nextQuery: number;
}

/** Starts watching for the results of `query`: the next input event starts the clock. */
async function watch(page: Page, query: string): Promise<void> {
  await page.evaluate((query) => {
    const main = document.querySelector("main")!;
    const probe = { typedAt: 0, shownAt: 0, paintedAt: 0 } as Probe;
    document.addEventListener("input", () => (probe.typedAt ||= performance.now()), { capture: true, once: true });
    probe.done = new Promise((resolve, reject) => {
      // (No named function in here: the bundler would wrap it in a helper the page does not have.)
      const observer = new MutationObserver(() => {
        if (!main.querySelector("ol > li") || !main.querySelector('[role="status"]')!.textContent!.includes(query)) return;
        observer.disconnect();
        probe.shownAt = performance.now();
        // A task queued from the frame's callback runs once that frame is drawn.
        requestAnimationFrame(() => setTimeout(() => resolve(void (probe.paintedAt = performance.now()))));
      });
      observer.observe(main, { childList: true, subtree: true, characterData: true });
      setTimeout(() => reject(new Error(`no results for "${query}" within 30 s`)), 30_000);
    });
    window.searchProbe = probe;
  }, query);
}

/** Types `query` into the focused box as one input event, and waits for its results on screen. */
async function typeAndWait(page: Page, query: string): Promise<Pick<Probe, "typedAt" | "shownAt" | "paintedAt">> {
  await watch(page, query);
  await page.keyboard.insertText(query);
  return page.evaluate(async () => {
    const probe = window.searchProbe!;
    await probe.done;
    return { typedAt: probe.typedAt, shownAt: probe.shownAt, paintedAt: probe.paintedAt };
  });
}

/** One search on a fresh phone page, then the next query on the same page. */
async function measure(browser: Browser, query: string, next: string): Promise<Measure> {
  const context = await browser.newContext({ ...devices["Moto G4"] });
  try {
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    let counting = false;
    page.on("requestfinished", (request) => {
      if (!counting || !new URL(request.url()).pathname.startsWith(INDEX_DIR)) return;
      sizes.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(`${base}/search`, { waitUntil: "networkidle", referer: `${base}/` });
    await page.locator("[data-island=search][data-hydrated]").waitFor({ state: "attached" });
    const box = page.getByRole("searchbox");
    counting = true;
    await box.focus();
    if (pause > 0) await page.waitForTimeout(pause); // the visitor's own pause, not a wait for a state
    const first = await typeAndWait(page, query);
    counting = false;
    const fragments = await page.evaluate(
      (dir) =>
        performance
          .getEntriesByType("resource")
          .filter((r) => new URL(r.name).pathname.startsWith(`${dir}fragment/`))
          .map((r) => (r as PerformanceResourceTiming).responseEnd),
      INDEX_DIR,
    );
    const fragmentIn = Math.max(first.typedAt, Math.min(...fragments));
    await page.keyboard.press("ControlOrMeta+A");
    const second = await typeAndWait(page, next);
    const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    return {
      bytes,
      files: sizes.length,
      fragmentFiles: fragments.length,
      typedToResults: first.shownAt - first.typedAt,
      fragmentToResults: first.shownAt - fragmentIn,
      fragmentToPaint: first.paintedAt - fragmentIn,
      nextQuery: second.shownAt - second.typedAt,
    };
  } finally {
    await context.close();
  }
}

const loadBefore = load();
const browser = await chromium.launch(chromiumLaunchOptions);
const all: (Measure & { query: string })[] = [];
// Round-robin, so a burst of load on the machine spreads over the queries.
for (let run = 0; run < runs; run++) {
  for (const [i, query] of queries.entries()) all.push({ query, ...(await measure(browser, query, queries[(i + 1) % queries.length]!)) });
}
await browser.close();

const TIMES = ["typedToResults", "fragmentToResults", "fragmentToPaint", "nextQuery"] as const;
const summary = (rows: Measure[]) => {
  const spread = (key: (typeof TIMES)[number]) => {
    const sorted = rows.map((m) => m[key]).sort((a, b) => a - b);
    return { median: Math.round(median(sorted)), p90: Math.round(percentile(sorted, 90)) };
  };
  return {
    kb: Number((median(rows.map((m) => m.bytes)) / 1024).toFixed(1)),
    files: median(rows.map((m) => m.files)),
    fragmentFiles: Math.max(...rows.map((m) => m.fragmentFiles)),
    ...Object.fromEntries(TIMES.map((key) => [key, spread(key)])),
  } as { kb: number; files: number; fragmentFiles: number } & Record<(typeof TIMES)[number], { median: number; p90: number }>;
};
const rows = [...queries.map((query) => ({ query, ...summary(all.filter((m) => m.query === query)) })), { query: "all", ...summary(all) }];

const kbOf = (key: "raw" | "sent") => Number((indexFiles.reduce((sum, f) => sum + f[key], 0) / 1024).toFixed(1));
const indexKb = { raw: kbOf("raw"), brotli: kbOf("sent") };
const cell = (s: { median: number; p90: number }) => `${s.median} / ${s.p90}`;
console.log(`\nSearch index (${INDEX_DIR}): ${indexFiles.length} files, ${indexKb.brotli} KB as sent with brotli (${indexKb.raw} KB on disk)`);
console.log(`Per query, on a phone (Moto G4 screen, 4x-slowed CPU), a fresh page each run, ${runs} runs; times in ms, median / p90.`);
console.log(`Load average (1, 5, 15 min): ${loadBefore} before, ${load()} after.\n`);
console.log(
  "| query | fetched for it (KB, as sent) | files (fragment files) | typed -> results | fragment in -> results | fragment in -> painted | next query: typed -> results |\n|---|---|---|---|---|---|---|",
);
for (const r of rows) {
  console.log(
    `| ${r.query} | ${r.kb} | ${r.files} (${r.fragmentFiles}) | ${cell(r.typedToResults)} | ${cell(r.fragmentToResults)} | ${cell(r.fragmentToPaint)} | ${cell(r.nextQuery)} |`,
  );
}
mkdirSync(".tmp/bench", { recursive: true });
writeFileSync(
  ".tmp/bench/search.json",
  JSON.stringify(
    { date: new Date().toISOString(), runs, load: { before: loadBefore, after: load() }, indexKb, indexFiles: indexFiles.length, rows, all },
    null,
    2,
  ),
);
process.exit(0);
