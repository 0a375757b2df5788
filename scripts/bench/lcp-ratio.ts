/**
 * Whether a page's script holds back its main view: the page's Largest Contentful Paint loaded with
 * script, over the same page's loaded without, on a phone: Moto G4 size and touch, the CPU slowed
 * 4x and the network of Lighthouse's mobile preset (slow 4G: its request latency and throughput,
 * as DevTools applies them), a cold cache. LCP is read from Chromium's timeline, which a page
 * without script cannot observe. Used by `npm run bench` (lighthouse.ts) for the pages with
 * islands, beside control pages that fetch no script file: a control's ratio is what the inline
 * head scripts, and what is left of the measurement's noise, come to.
 *
 * Why the phone's network: on loopback the CPU slowdown multiplies every stall of a shared machine,
 * and a page that loads no script file moved between pairs by far more than the target's margin;
 * over the emulated network the fetches, timed the same on every load, take most of the time to
 * the paint. Further, each pair is a load with script and one without,
 * back to back, taking turns going first; every page's pair of a round is loaded before any
 * page's next pair, so a busy moment of the machine falls on all pages alike; a first round is
 * loaded and left out (a cold server and browser); and the figure is the median of the pairs'
 * ratios, beside the middle half of them.
 */
import { loadavg } from "node:os";
import { chromium, devices, type Browser } from "@playwright/test";
import { throttling } from "lighthouse/core/config/constants.js";
import { chromiumLaunchOptions } from "../lib/chromium.ts";
import { median, percentile } from "../lib/stats.ts";

/** The target: a page's LCP with its script at most this times the same page's without. */
export const LCP_RATIO_TARGET = 1.03;

export interface LcpRatio {
  route: string;
  /** A page with islands, or a control page that fetches no script file. */
  kind: "islands" | "control";
  pairs: number;
  /** The median LCP of the loads with script, and of those without. */
  lcpMs: number;
  lcpNoScriptMs: number;
  /** The median of the pairs' ratios (with script over without), and the middle half of them. */
  ratio: number;
  ratioLow: number;
  ratioHigh: number;
}

const phone = devices["Moto G4"];
const network = throttling.mobileSlow4G;
const kbpsToBytes = (kbps: number) => (kbps * 1024) / 8;

/** One load's LCP in ms from the navigation's start, in a new phone context. */
async function lcpOf(browser: Browser, url: string, javaScriptEnabled: boolean): Promise<number> {
  const context = await browser.newContext({ ...phone, javaScriptEnabled });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    let lcpAt = 0;
    cdp.on("PerformanceTimeline.timelineEventAdded", ({ event }) => {
      if (event.type === "largest-contentful-paint") lcpAt = event.time;
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: network.cpuSlowdownMultiplier });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: network.requestLatencyMs,
      downloadThroughput: kbpsToBytes(network.downloadThroughputKbps),
      uploadThroughput: kbpsToBytes(network.uploadThroughputKbps),
    });
    await cdp.send("PerformanceTimeline.enable", { eventTypes: ["largest-contentful-paint"] });
    // Until the network is quiet: islands wake, and fetch their code, after the first view; a
    // later, larger paint they made would count.
    await page.goto(url, { waitUntil: "networkidle" });
    const { result } = await cdp.send("Runtime.evaluate", { expression: "performance.timeOrigin", returnByValue: true });
    if (!lcpAt) throw new Error(`no LCP reported for ${url}`);
    return lcpAt * 1000 - (result.value as number);
  } finally {
    await context.close();
  }
}

/**
 * `pairs` pairs of loads of every route, after one round left out. A load the browser aborts now
 * and then, or a browser gone after many contexts, is tried again (up to twice).
 */
export async function measureLcpRatios(base: string, routes: { route: string; kind: LcpRatio["kind"] }[], pairs: number): Promise<LcpRatio[]> {
  let launched = await chromium.launch(chromiumLaunchOptions);
  const browser = async () => (launched.isConnected() ? launched : (launched = await chromium.launch(chromiumLaunchOptions)));
  const once = async (url: string, js: boolean, tries = 3): Promise<number> => {
    try {
      return await lcpOf(await browser(), url, js);
    } catch (error) {
      if (tries <= 1) throw error;
      return once(url, js, tries - 1);
    }
  };
  const loads = routes.map(() => ({ withScript: [] as number[], without: [] as number[] }));
  try {
    for (let round = 0; round <= pairs; round++) {
      for (const [i, { route }] of routes.entries()) {
        const pair = { withScript: 0, without: 0 };
        for (const js of round % 2 ? [false, true] : [true, false]) pair[js ? "withScript" : "without"] = await once(base + route, js);
        if (round === 0) continue;
        loads[i]!.withScript.push(pair.withScript);
        loads[i]!.without.push(pair.without);
      }
    }
  } finally {
    await launched.close();
  }
  return routes.map(({ route, kind }, i) => {
    const { withScript, without } = loads[i]!;
    const ratios = withScript.map((ms, j) => ms / without[j]!).sort((a, b) => a - b);
    return {
      route,
      kind,
      pairs,
      lcpMs: Math.round(median(withScript)),
      lcpNoScriptMs: Math.round(median(without)),
      ratio: median(ratios),
      ratioLow: percentile(ratios, 25),
      ratioHigh: percentile(ratios, 75),
    };
  });
}

/** The machine's load averages over 1, 5 and 15 minutes, as printed beside the figures. */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

export function lcpRatioTable(rows: LcpRatio[]): string {
  const verdict = (r: LcpRatio) => (r.kind === "control" ? "control" : r.ratio <= LCP_RATIO_TARGET ? "meets" : "over");
  return [
    "A page loaded without script fetches its lazy images at once (browsers load them eagerly with script off), so a page with images",
    "below the first screen is slower without script, and its ratio below 1; a control with none (all of its fetches the same either way)",
    "shows what the inline head scripts and the measurement's own noise come to.",
    "",
    `| route | page | pairs | LCP ms with script | LCP ms without | LCP ratio (median of pairs) | middle half of the pairs' ratios | target ${LCP_RATIO_TARGET} |`,
    "|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.route} | ${r.kind === "islands" ? "islands" : "no script file"} | ${r.pairs} | ${r.lcpMs} | ${r.lcpNoScriptMs} | ${r.ratio.toFixed(3)} | ${r.ratioLow.toFixed(3)}-${r.ratioHigh.toFixed(3)} | ${verdict(r)} |`,
    ),
  ].join("\n");
}
