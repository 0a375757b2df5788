/**
 * What a route's script costs a visitor on a low-end phone: a phone-sized, touch, mobile-UA page
 * with the CPU slowed 4x (Lighthouse's mobile preset), a cold cache, measured until the page is
 * idle. Per route: every JavaScript file fetched (count and gzip size of their bodies, level 9, as
 * first-load.ts counts), the main thread's script time and task time (Chromium's own
 * Performance.getMetrics), and the task time of the same page with script turned off, the floor
 * no script can go under. Also the script time of the route as a later page of a visit: reached
 * from the home page in the same browser, so the intro is not played again and the site's
 * storage is open already, as for most pages a visitor sees. Used by `npm run bench`
 * (lighthouse.ts) beside Lighthouse's figures; what the script holds the main view back by (LCP
 * with script over LCP without) is lcp-ratio.ts's, measured over a phone's network.
 */
import { gzipSync } from "node:zlib";
import { chromium, devices, type Browser } from "@playwright/test";
import { chromiumLaunchOptions } from "../lib/chromium.ts";
import { median } from "../lib/stats.ts";

export interface ScriptCost {
  route: string;
  jsFiles: number;
  jsGzipKb: number;
  scriptMs: number;
  /** The same route as a later page of a visit (after the home page). */
  laterScriptMs: number;
  taskMs: number;
  taskNoScriptMs: number;
}

/** After the network is quiet, how long the page is left to run (timers, idle callbacks, hydration). */
const SETTLE_MS = 2_000;
const phone = devices["Moto G4"];

/**
 * One load, tried again up to twice, in a browser launched again if it closed: a load the browser
 * aborts now and then (net::ERR_ABORTED), or the browser gone after some hundred contexts, would
 * end a run of many minutes.
 */
async function once(browser: () => Promise<Browser>, url: string, javaScriptEnabled: boolean, from?: string, tries = 3): ReturnType<typeof load> {
  try {
    return await load(await browser(), url, javaScriptEnabled, from);
  } catch (error) {
    if (tries <= 1) throw error;
    return once(browser, url, javaScriptEnabled, from, tries - 1);
  }
}

/** Loads `url` cold, or after `from` in the same browser (followed as a link would be, with its referrer). */
async function load(browser: Browser, url: string, javaScriptEnabled: boolean, from?: string) {
  const context = await browser.newContext({ ...phone, javaScriptEnabled });
  try {
    const page = await context.newPage();
    const bodies: Promise<Buffer | undefined>[] = [];
    // The site's own scripts: not those of the browser's PDF viewer in a datasheet's frame.
    page.on("response", (response) => {
      if (response.request().resourceType() === "script" && response.url().startsWith(new URL(url).origin)) bodies.push(response.body().catch(() => undefined));
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    if (from) {
      await page.goto(from, { waitUntil: "networkidle" });
      bodies.length = 0;
      // Counts start again: only the later page's script is measured.
      await cdp.send("Performance.disable");
      await cdp.send("Performance.enable");
    }
    await page.goto(url, { waitUntil: "networkidle", ...(from ? { referer: from } : {}) });
    await page.waitForTimeout(SETTLE_MS);
    const { metrics } = await cdp.send("Performance.getMetrics");
    const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    const files = (await Promise.all(bodies)).filter((b): b is Buffer => !!b);
    return {
      jsFiles: files.length,
      jsGzip: files.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
      scriptMs: metric("ScriptDuration"),
      taskMs: metric("TaskDuration"),
    };
  } finally {
    await context.close();
  }
}

/** Each route `runs` times with script, each beside a load without; the median of each figure. */
export async function measureScriptCost(base: string, routes: string[], runs = 3): Promise<ScriptCost[]> {
  let launched = await chromium.launch(chromiumLaunchOptions);
  const browser = async () => (launched.isConnected() ? launched : (launched = await chromium.launch(chromiumLaunchOptions)));
  const rows: ScriptCost[] = [];
  try {
    for (const route of routes) {
      type Load = Awaited<ReturnType<typeof load>>;
      const withScript: Load[] = [];
      const later: Load[] = [];
      const without: Load[] = [];
      for (let i = 0; i < runs; i++) {
        // Which of the pair goes first alternates, so neither always meets what the other left warm.
        for (const js of i % 2 ? [false, true] : [true, false]) (js ? withScript : without).push(await once(browser, base + route, js));
        later.push(await once(browser, base + route, true, base + "/"));
      }
      rows.push({
        route,
        jsFiles: median(withScript.map((r) => r.jsFiles)),
        jsGzipKb: Number((median(withScript.map((r) => r.jsGzip)) / 1024).toFixed(1)),
        scriptMs: Math.round(median(withScript.map((r) => r.scriptMs))),
        laterScriptMs: Math.round(median(later.map((r) => r.scriptMs))),
        taskMs: Math.round(median(withScript.map((r) => r.taskMs))),
        taskNoScriptMs: Math.round(median(without.map((r) => r.taskMs))),
      });
    }
  } finally {
    await launched.close();
  }
  return rows;
}

export function scriptCostTable(rows: ScriptCost[]): string {
  return [
    "| route | JS files | JS fetched (gzip KB) | script time ms | script time ms, a later page of the visit | main-thread tasks ms (same page, no script) |",
    "|---|---|---|---|---|---|",
    ...rows.map((r) => `| ${r.route} | ${r.jsFiles} | ${r.jsGzipKb} | ${r.scriptMs} | ${r.laterScriptMs} | ${r.taskMs} (${r.taskNoScriptMs}) |`),
  ].join("\n");
}
