/**
 * `npm run bench:hero`: what the home page's moving hero (slides every hero.intervalMs, the typed
 * tagline) costs a phone while it runs, not while it loads. A phone-sized page with the CPU slowed
 * 4x (CDP, as script-cost.ts and Lighthouse's mobile preset), reached as a later page of a visit so
 * the intro does not play; once the island has hydrated and the page is idle, Chromium's own
 * ScriptDuration is read at the start and end of each 5 s window while the hero animates.
 * Prints every window and their median (`-- --windows=N`, `-- --no-build`); the target is 100 ms.
 * `-- --dist=DIR` measures another build (another commit's, built with DIST_DIR), to compare two
 * on the same machine at the same time: on a busy machine script time grows with the load.
 */
import { execSync } from "node:child_process";
import { chromium, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "../lib/chromium.ts";
import { startSiteServer } from "../lib/site-server.ts";
import { median } from "../lib/stats.ts";
import { loadContent } from "../../src/content/loaders/load.ts";

const WINDOW_MS = 5_000;
const args = process.argv.slice(2);
const dist = args.find((a) => a.startsWith("--dist="))?.slice(7);
const windows = Number(args.find((a) => a.startsWith("--windows="))?.slice(10) ?? 4);
const port = 4700 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}`;
const pauseLabel = loadContent(process.cwd()).content!.site.ui.pauseCarousel;

if (!args.includes("--no-build") && !dist) execSync("npm run --silent build", { stdio: "inherit" });
const server = await startSiteServer(port, dist ? { DIST_DIR: dist } : {});
// A busy machine starts the server in more than the ten seconds startSiteServer waits.
for (
  let i = 0;
  i < 600 &&
  !(await fetch(base + "/").then(
    (r) => r.ok,
    () => false,
  ));
  i++
)
  await new Promise((r) => setTimeout(r, 100));
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const context = await browser.newContext({ ...devices["Moto G4"] });
  const page = await context.newPage();
  // A later page of the visit (src/ui/visit-start.ts): from the site, so the intro is skipped.
  await page.goto(base + "/about", { waitUntil: "networkidle" });
  await page.goto(base + "/", { waitUntil: "networkidle", referer: base + "/about" });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Performance.enable");
  // Playing: the island hydrated (its Pause button is named) and the intro is over.
  await page.waitForFunction(
    (label) =>
      document.documentElement.hasAttribute("data-intro-over") && !!document.querySelector(`[aria-roledescription=carousel] button[aria-label="${label}"]`),
    pauseLabel,
  );
  // The first window starts after hydration's own work has settled.
  await page.waitForTimeout(WINDOW_MS);
  const scriptMs = async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    return (metrics.find((m) => m.name === "ScriptDuration")?.value ?? 0) * 1000;
  };
  const costs: number[] = [];
  for (let i = 0; i < windows; i++) {
    const start = await scriptMs();
    await page.waitForTimeout(WINDOW_MS);
    costs.push(Math.round((await scriptMs()) - start));
  }
  console.log("| window | script ms per 5 s at 4x CPU |\n|---|---|");
  costs.forEach((ms, i) => console.log(`| ${i + 1} | ${ms} |`));
  console.log(`| median | ${median(costs)} |`);
} finally {
  await browser.close();
  server.kill("SIGTERM");
}
