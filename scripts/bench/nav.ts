/**
 * `npm run bench:nav`: how long going from one page to the next takes for a visitor, with the
 * browser's preloading live. Debian's Chromium in a real X window (Xvfb, installed here when
 * missing), a fresh profile with preloading switched on (Debian's master preferences switch it
 * off), no DevTools session anywhere (one attached to a page disables prerendering), the pointer
 * moved and pressed by xdotool as a hand would. For several link pairs (a menu entry, a card, a
 * sidebar link, a link list), at desktop size with a hover of 200 ms before the click, and in a
 * phone-sized window with a tap (pressed where it lands, no hover), it prints whether the next
 * page was prerendered (and already parsed when the click came), and the time from the click to its reveal (the navigation done, before
 * any frame is drawn: what prerendering saves), to its first paint and to the end of its view
 * transition (the page fully shown). The last columns: the bytes fetched ahead for pages the
 * visitor did not open.
 *
 * It also checks the page-view count (src/boot/beacon.ts) where automation cannot: each run ends as
 * a visitor's does, the window closed (Ctrl+W, so the last page's pagehide sends its beacon), and
 * the proxy reads the beacons on their way to the server. The two pages opened must count exactly
 * one view each, and a page prerendered or prefetched but never opened nothing (it counts on
 * activation): the last two columns, "2 of 2" and "0 of N" per run, or the bench fails. It fails
 * too when no page of a pair was prerendered, since then neither check proved anything.
 *
 * The pages time themselves: a proxy in front of the real server adds a small script to every
 * HTML page (only here; the built site has none) that sends, with navigator.sendBeacon, where the
 * link to press is, when it was clicked, and then the next page's activationStart, paint entries
 * and the end of its view transition. Times across the two pages are compared on
 * performance.timeOrigin, one clock for the whole browser.
 *
 *   npm run bench:nav                 3 runs of each pair at each size, the median printed
 *   npm run bench:nav -- --runs=5 --no-build --sizes=phone
 *
 * A shared machine is noisy: read the medians, and the spread beside them.
 */
import { execFile, execSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { brotliCompressSync } from "node:zlib";
import { join } from "node:path";
import { parseArgs, promisify } from "node:util";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../lib/chromium.ts";
import { startSiteServer } from "../lib/site-server.ts";
import { median } from "../lib/stats.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    sizes: { type: "string", default: "desktop,phone" },
    "no-build": { type: "boolean", default: false },
    "reduced-motion": { type: "boolean", default: false },
  },
});
const runs = Number(values.runs);
const port = Number(process.env.BENCH_PORT ?? 4466);
const serverPort = port + 1;
const base = `http://127.0.0.1:${port}`;

/** The pairs: a link on `from`, found by `link`; on a phone, a menu entry is behind the menu button `open`. */
interface Pair {
  kind: string;
  from: string;
  to: string;
  link: string;
  open?: { phone: string };
}
const pairs: Pair[] = [
  { kind: "menu", from: "/", to: "/about", link: '#site-menu a[href="/about"]', open: { phone: "details[data-menu] > summary" } },
  { kind: "card", from: "/products", to: "/products/hmi", link: 'main a[href="/products/hmi"]:not(aside a)' },
  { kind: "sidebar", from: "/products/plc", to: "/products/scada", link: 'aside a[href="/products/scada"]' },
  { kind: "link list", from: "/avevasolutions/operations-information", to: "/aveva/aveva-historian", link: 'main a[href="/aveva/aveva-historian"]' },
];

interface Size {
  name: "desktop" | "phone";
  width: number;
  height: number;
  /** How the link is pressed: after resting on it (a mouse), or at once where it lands (a finger). */
  hoverMs: number;
  flags: string[];
}
const sizes: Size[] = [
  { name: "desktop", width: 1440, height: 900, hoverMs: 200, flags: [] },
  { name: "phone", width: 390, height: 844, hoverMs: 0, flags: ["--touch-events=enabled"] },
];
/** How long a visitor looks at a page before choosing a link: the time the page's own preloading has. */
const READ_MS = 1_500;
/** How long a visitor takes to find the entry in a menu just opened. */
const FIND_MS = 500;
/** A press: down, then up this long after (a click or a tap, as people make them). */
const PRESS_MS = 60;
/** How long the browser has, once its window is closed, to send the last page's view and quit. */
const CLOSE_MS = 15_000;

/** Resolves once `check()` is true, looking every 20 ms; false after `timeoutMs`. */
async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  for (const end = Date.now() + timeoutMs; !check(); await new Promise((r) => setTimeout(r, 20))) if (Date.now() > end) return false;
  return true;
}

/**
 * The script the proxy puts at the top of each page's <head>. On the first page (its URL carries
 * the pair in its fragment), it scrolls the link into view and reports its centre; if the link is
 * hidden behind the menu button, it reports the button's centre, then the link's once the menu is
 * open. It reports the click. On every page, once it is revealed: its timings.
 */
const reporter = `(() => {
  const post = (kind, data) => navigator.sendBeacon("/__navbench/" + kind, JSON.stringify(data));
  const pair = /^#navbench=(.*)$/.exec(location.hash);
  if (pair) {
    const { link, open } = JSON.parse(decodeURIComponent(pair[1]));
    history.replaceState(null, "", location.pathname);
    const shown = (el) => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
    // Where a press lands on el: its centre, once nothing covers it (the intro's splash on a first visit).
    // Where a press lands on el: its centre, once nothing covers it (the intro's splash on a first
    // visit) and it has stopped moving (the page's layout settling), looked at again until then.
    const centre = (el) => new Promise((resolve) => {
      let last = "";
      const hit = () => {
        el.scrollIntoView({ block: "center", behavior: "instant" });
        const r = el.getBoundingClientRect();
        const x = Math.round(r.x + r.width / 2), y = Math.round(r.y + r.height / 2);
        const still = last === (last = x + "," + y);
        if (!still || !el.contains(document.elementFromPoint(x, y))) return setTimeout(hit, 100);
        // On the screen: the window's frame (an app window's title bar) is above the page.
        resolve({ x: x + screenX + (outerWidth - innerWidth) / 2, y: y + screenY + outerHeight - innerHeight, viewport: innerWidth + "x" + innerHeight });
      };
      hit();
    });
    const target = () => {
      const a = document.querySelector(link);
      if (shown(a)) return centre(a).then((at) => post("target", { ...at, step: "link" }));
      const button = open && document.querySelector(open);
      if (!shown(button)) return post("target", { error: "neither " + link + " nor " + open + " is shown at " + innerWidth + "x" + innerHeight });
      button.parentElement.addEventListener("toggle", () => centre(document.querySelector(link)).then((at) => post("target", { ...at, step: "link" })), { once: true });
      centre(button).then((at) => post("target", { ...at, step: "open" }));
    };
    addEventListener("click", (e) => {
      const a = e.target.closest && e.target.closest("a");
      if (a) post("click", { at: performance.timeOrigin + e.timeStamp, href: a.href });
    }, true);
    if (document.readyState === "complete") target(); else addEventListener("load", target, { once: true });
    return;
  }
  // Until the page is loaded and the browser idle, its view count has not started (beacon.ts):
  // the run closes the window only after "arrived", so report only then.
  const settled = () => new Promise((resolve) => {
    const idle = () => requestIdleCallback(() => requestIdleCallback(resolve));
    if (document.readyState === "complete") idle(); else addEventListener("load", idle, { once: true });
  });
  addEventListener("pagereveal", (e) => {
    const revealed = performance.now();
    const vt = e.viewTransition;
    const ended = vt ? vt.finished.then(() => performance.now(), () => performance.now()) : Promise.resolve(null);
    const painted = new Promise((resolve) => {
      const seen = {};
      new PerformanceObserver((list, observer) => {
        for (const entry of list.getEntries()) seen[entry.name] = entry.startTime;
        if ("first-contentful-paint" in seen) { observer.disconnect(); resolve(seen); }
      }).observe({ type: "paint", buffered: true });
    });
    Promise.all([ended, painted, settled()]).then(([vtEnd, paint]) => {
      const nav = performance.getEntriesByType("navigation")[0];
      post("arrived", {
        href: location.href, timeOrigin: performance.timeOrigin, activationStart: nav.activationStart,
        deliveryType: nav.deliveryType, parsed: nav.domContentLoadedEventEnd, firstPaint: paint["first-paint"], fcp: paint["first-contentful-paint"],
        transition: !!vt, vtEnd, revealed,
      });
    });
  }, { once: true });
})();`;

/** What the browser fetched in this run: each response's path, the page that asked for it, whether it was speculative (Sec-Purpose), its size. */
const fetched: { path: string; from: string; speculative: boolean; prerender: boolean; bytes: number; html?: string }[] = [];
/** A response's size as the real server sends it: a page at its Brotli size, measured after the run (Brotli's best quality holds the event loop for tens of ms). */
const sentBytes = (f: (typeof fetched)[number]) => (f.html === undefined ? f.bytes : brotliCompressSync(f.html).length);

/** The paths the page-view beacons (POST /api/v) counted in this run, as they passed the proxy. */
const counted: string[] = [];

type Beacon = { kind: string; data: Record<string, unknown> };
let waiting: ((b: Beacon) => void) | undefined;
const inbox: Beacon[] = [];
function nextBeacon(kind: string, timeoutMs = 15_000): Promise<Record<string, unknown>> {
  const i = inbox.findIndex((b) => b.kind === kind);
  if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0]!.data);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${kind}" report within ${timeoutMs} ms`)), timeoutMs);
    waiting = (b) => {
      if (b.kind !== kind) return void inbox.push(b);
      clearTimeout(timer);
      waiting = undefined;
      resolve(b.data);
    };
  });
}

/** Passes everything to the real server; adds the reporter to HTML (and drops the CSP that would refuse it); takes the beacons. */
const proxy = createServer((req, res) => {
  if (req.url?.startsWith("/__navbench/")) {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      res.writeHead(204).end();
      const beacon = { kind: req.url!.slice(12), data: JSON.parse(body) as Record<string, unknown> };
      if (waiting) waiting(beacon);
      else inbox.push(beacon);
    });
    return;
  }
  if (req.method === "POST" && req.url === "/api/v") {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      try {
        counted.push(String((JSON.parse(body) as { p: unknown }).p));
      } catch {
        counted.push("(unreadable beacon)");
      }
    });
  }
  // A page is asked for uncompressed, to add the reporter to it; it is counted at its Brotli size, as the real server sends it.
  const page = String(req.headers.accept).startsWith("text/html");
  const purpose = String(req.headers["sec-purpose"] ?? "");
  const fetch: (typeof fetched)[number] = {
    path: new URL(req.url!, base).pathname,
    from: req.headers.referer ? new URL(req.headers.referer).pathname : "",
    speculative: purpose.includes("prefetch"),
    prerender: purpose.includes("prerender"),
    bytes: 0,
  };
  fetched.push(fetch);
  const upstream = request(
    { host: "127.0.0.1", port: serverPort, path: req.url, method: req.method, headers: { ...req.headers, ...(page ? { "accept-encoding": "identity" } : {}) } },
    (up: IncomingMessage) => {
      const headers = { ...up.headers };
      if (!String(headers["content-type"]).startsWith("text/html")) {
        res.writeHead(up.statusCode ?? 502, headers);
        up.on("data", (c: Buffer) => (fetch.bytes += c.length));
        return void up.pipe(res);
      }
      delete headers["content-security-policy"];
      delete headers["content-length"];
      let html = "";
      up.setEncoding("utf8");
      up.on("data", (c: string) => (html += c));
      up.on("end", () => {
        res.writeHead(up.statusCode ?? 502, headers);
        res.end(html.replace(/<head>/i, `<head><script>${reporter}</script>`));
        fetch.html = html;
      });
    },
  );
  upstream.on("error", () => res.writeHead(502).end());
  req.pipe(upstream);
});

/** Xvfb, xdotool and Chromium from Debian when missing (as root, or through sudo), as scripts/test.sh installs its packages. */
function ensurePackages() {
  const missing = [
    ["xvfb", "Xvfb"],
    ["xdotool", "xdotool"],
    ["chromium", CHROMIUM_PATH],
  ].filter(([, command]) => {
    try {
      execSync(`command -v ${command}`, { stdio: "ignore" });
      return false;
    } catch {
      return true;
    }
  });
  if (!missing.length) return;
  const sudo = process.getuid?.() === 0 ? "" : "sudo -E ";
  const names = missing.map(([name]) => name).join(" ");
  console.log(`== installing ${names} (apt-get)`);
  execSync(`${sudo}apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq ${names} >/dev/null`, { stdio: "inherit" });
}

/** A virtual screen of the window's size; resolves with its display name. */
function startXvfb(size: Size): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn("Xvfb", ["-displayfd", "1", "-screen", "0", `${size.width}x${size.height}x24`, "-nolisten", "tcp"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  return new Promise((resolve, reject) => {
    xvfb.stdout!.once("data", (d: Buffer) => resolve({ display: `:${d.toString().trim()}`, process: xvfb }));
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
}

interface Result {
  prerendered: boolean;
  delivery: string;
  /** The page was parsed before the click: the prerender had the hover's time it needed. */
  parsedBeforeClick: boolean;
  /** To the new page's first rendering opportunity (pagereveal): the navigation itself, before any frame is drawn. */
  revealMs: number;
  firstPaintMs: number;
  shownMs: number;
  transition: boolean;
  /** Fetched ahead for pages other than the one opened: what the visitor never sees. */
  wastedBytes: number;
  /** Pages prerendered (their scripts ran) and never opened, and those of them counted as views. */
  neverOpened: number;
  countedNeverOpened: string[];
  /** The views of the two pages opened that reached the server: the first's at its pagehide on leaving, the second's at the window's closing. */
  countedOpened: string[];
  /** The browser quit when its window was closed (else it was stopped after CLOSE_MS). */
  quitByItself: boolean;
}

/** The page's own size as the last run saw it (the window less its title bar). */
let viewport = "";

/** One navigation: a new browser on a new profile, the first page, a press on the link, the next page's report. */
async function once(pair: Pair, size: Size, display: string): Promise<Result> {
  const profile = mkdtempSync(join(tmpdir(), "bench-nav-"));
  mkdirSync(join(profile, "Default"));
  // 0: preload pages (Chromium's "standard preloading"); Debian's master preferences say 2, never.
  writeFileSync(join(profile, "Default", "Preferences"), JSON.stringify({ net: { network_prediction_options: 0 } }));
  const hash = "#navbench=" + encodeURIComponent(JSON.stringify({ link: pair.link, open: pair.open?.[size.name as "phone"] }));
  const chromium = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_FLAGS,
      ...size.flags,
      `--user-data-dir=${profile}`,
      ...(values["reduced-motion"] ? ["--force-prefers-reduced-motion"] : []),
      `--window-size=${size.width},${size.height}`,
      "--window-position=0,0",
      "--force-device-scale-factor=1",
      "--password-store=basic",
      "--noerrdialogs",
      `--app=${base + pair.from + hash}`,
    ],
    { env: { ...process.env, DISPLAY: display }, stdio: "ignore", detached: true },
  );
  // Not execFileSync: the proxy runs on this process's event loop, and a press that blocked it
  // held the request the hover had started until the click, so no page was ready in time.
  const press = (x: number, y: number, hoverMs: number) =>
    promisify(execFile)(
      "xdotool",
      [
        "mousemove",
        String(Math.round(x)),
        String(Math.round(y)),
        ...(hoverMs ? ["sleep", String(hoverMs / 1000)] : []),
        "mousedown",
        "1",
        "sleep",
        String(PRESS_MS / 1000),
        "mouseup",
        "1",
      ],
      {
        env: { ...process.env, DISPLAY: display },
      },
    );
  let result: Omit<Result, "neverOpened" | "countedNeverOpened" | "countedOpened" | "quitByItself">;
  let exitCode: number | null = null;
  const exited = new Promise<void>((r) => chromium.once("exit", (code) => ((exitCode = code ?? -1), r())));
  let quitByItself = false;
  try {
    inbox.length = 0;
    fetched.length = 0;
    counted.length = 0;
    let target = await nextBeacon("target", 30_000);
    if (target.error) throw new Error(String(target.error));
    await new Promise((r) => setTimeout(r, READ_MS));
    if (target.step === "open") {
      await press(Number(target.x), Number(target.y), size.hoverMs);
      target = await nextBeacon("target");
      await new Promise((r) => setTimeout(r, FIND_MS));
    }
    await press(Number(target.x), Number(target.y), size.hoverMs);
    viewport = String(target.viewport);
    const click = await nextBeacon("click");
    let arrived: Record<string, unknown>;
    do arrived = await nextBeacon("arrived");
    while (new URL(String(arrived.href)).pathname !== pair.to);
    const at = (t: unknown) => Number(arrived.timeOrigin) + Number(t) - Number(click.at);
    const firstPaintMs = at(arrived.firstPaint ?? arrived.fcp);
    result = {
      prerendered: Number(arrived.activationStart) > 0,
      parsedBeforeClick: at(arrived.parsed) < 0,
      delivery: String(arrived.deliveryType ?? ""),
      revealMs: at(arrived.revealed),
      firstPaintMs,
      shownMs: Math.max(at(arrived.fcp), arrived.vtEnd == null ? 0 : at(arrived.vtEnd)),
      transition: Boolean(arrived.transition),
      wastedBytes: fetched.filter((f) => f.speculative && f.path !== pair.to && f.from !== pair.to).reduce((sum, f) => sum + sentBytes(f), 0),
    };
    // The visitor closes the window (the pointer rests on it, so it has the keyboard): the last page's
    // pagehide sends its view, and the browser quits, its last window gone. Killed instead, it sent
    // that view only sometimes, and a page counted once in two runs passed unseen.
    await promisify(execFile)("xdotool", ["key", "--clearmodifiers", "ctrl+w"], { env: { ...process.env, DISPLAY: display } });
    await until(() => counted.includes(pair.to) && exitCode !== null, CLOSE_MS);
    quitByItself = exitCode !== null;
  } finally {
    // The whole process group: Chromium's helpers outlive its main process otherwise.
    try {
      process.kill(-chromium.pid!, "SIGTERM");
    } catch {
      // already gone with its helpers
    }
    await exited;
    await new Promise((r) => setTimeout(r, 200));
    rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
  }
  // Read once the browser is gone: a prerendered page would have sent its beacon when it was discarded.
  const opened = new Set([pair.from, pair.to]);
  const ahead = new Set(fetched.filter((f) => f.prerender && !opened.has(f.path)).map((f) => f.path));
  return {
    ...result,
    neverOpened: ahead.size,
    countedNeverOpened: counted.filter((p) => ahead.has(p)),
    countedOpened: counted.filter((p) => opened.has(p)),
    quitByItself,
  };
}

ensurePackages();
if (!values["no-build"]) execSync("npm run --silent build", { stdio: "inherit" });
await new Promise<void>((r) => proxy.listen(port, "127.0.0.1", r));
await startSiteServer(serverPort, { DATA_DIR: ".tmp/bench-nav-data" });

const rows: string[][] = [];
for (const size of sizes.filter((s) => values.sizes.split(",").includes(s.name))) {
  const xvfb = await startXvfb(size);
  try {
    for (const pair of pairs) {
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) {
        // A run lost to the shared machine (a press that landed before the page was ready) is run again, once.
        const result = await once(pair, size, xvfb.display).catch((error: Error) => {
          console.error(`${size.name} ${pair.from} → ${pair.to}: ${error.message}; again`);
          return once(pair, size, xvfb.display);
        });
        results.push(result);
      }
      const paint = results.map((r) => r.firstPaintMs);
      const shown = results.map((r) => r.shownMs);
      const range = (v: number[]) => `${Math.round(median(v))} (${Math.round(Math.min(...v))}–${Math.round(Math.max(...v))})`;
      rows.push([
        `${size.name} ${viewport}`,
        pair.kind,
        `${pair.from} → ${pair.to}`,
        `${results.filter((r) => r.prerendered).length}/${runs}`,
        `${results.filter((r) => r.parsedBeforeClick).length}/${runs}`,
        [...new Set(results.map((r) => (r.prerendered ? "prerender" : r.delivery || "network")))].join(", "),
        range(results.map((r) => r.revealMs)),
        range(paint),
        range(shown),
        `${results.filter((r) => r.transition).length}/${runs}`,
        String(Math.round(median(results.map((r) => r.wastedBytes)) / 1024)),
        `${results.reduce((n, r) => n + r.countedOpened.length, 0)} of ${2 * runs}`,
        `${results.reduce((n, r) => n + r.countedNeverOpened.length, 0)} of ${results.reduce((n, r) => n + r.neverOpened, 0)}`,
      ]);
      const fail = (why: string) => {
        console.error(`${size.name} ${pair.from} → ${pair.to}: ${why}`);
        process.exitCode = 1;
      };
      const wrong = results.flatMap((r) => r.countedNeverOpened);
      if (wrong.length) fail(`pages fetched ahead and never opened were counted as views: ${wrong.join(", ")}`);
      // Each page opened, one view: not one lost (a beacon never sent), not one twice.
      const expected = [pair.from, pair.to].sort().join(", ");
      for (const r of results.filter((r) => [...r.countedOpened].sort().join(", ") !== expected))
        fail(`the pages opened counted ${r.countedOpened.length ? r.countedOpened.join(", ") : "no view"}, not one view each of ${expected}`);
      if (!results.some((r) => r.prerendered || r.neverOpened > 0)) fail("no page was prerendered: the view count's checks proved nothing");
      if (results.some((r) => !r.quitByItself))
        console.error(`${size.name} ${pair.from} → ${pair.to}: the browser was stopped, not quit, after its window closed`);
      console.log(rows.at(-1)!.join(" | "));
    }
  } finally {
    xvfb.process.kill("SIGTERM");
  }
}
proxy.close();

const head = [
  "size",
  "link",
  "from → to",
  "prerendered",
  "parsed before click",
  "delivery",
  "click → revealed, ms",
  "click → first paint, ms",
  "click → shown, ms",
  "transition",
  "fetched ahead, never opened, KB",
  "opened: views counted",
  "prerendered, never opened: views counted",
];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
console.log(
  `\nNavigation, median of ${runs} (min–max); desktop: hover ${sizes[0]!.hoverMs} ms then click; phone: tap, no hover${values["reduced-motion"] ? "; reduced motion" : ""}\n`,
);
console.log(line(head));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const r of rows) console.log(line(r));
process.exit(process.exitCode ?? 0);
