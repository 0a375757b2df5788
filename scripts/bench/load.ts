/**
 * Load benchmark of the whole server: starts the built site's server (src/server/main.ts, its own
 * process) on a loopback port with a temporary DATA_DIR and the rate limit raised, runs a bounded
 * mixed load with node's fetch, prints requests per second, latency percentiles and errors per
 * kind, then checks that the server still answers and that every accepted form was stored.
 *
 *   80 %  page GETs across every prerendered route (accept-encoding: br)
 *   15 %  hashed assets (the JS/CSS bundles and image variants)
 *    5 %  contact form POSTs (valid JSON; stored in SQLite, mailed as .eml files)
 *
 *   npm run bench:load                                   20 s, 32 at a time, over dist/
 *   npm run bench:load -- --seconds 10 --concurrency 64
 *   npm run bench:load -- --requests 20000               a fixed number of requests instead
 *   DIST_DIR=.tmp/dist-x npm run bench:load              another build
 *
 * Loopback only; stops by itself and deletes its files. Start it on a quiet machine: the load
 * generator and the server share the CPU.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { cacheControlFor, IMMUTABLE } from "../../src/handover/cache-policy.ts";
import { percentile } from "../lib/stats.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "20" },
    requests: { type: "string" },
    concurrency: { type: "string", default: "32" },
  },
});
const seconds = Math.max(1, Number(values.seconds));
const maxRequests = values.requests === undefined ? Infinity : Math.max(1, Number(values.requests));
const concurrency = Math.max(1, Number(values.concurrency));
const distDir = resolve(process.env.DIST_DIR ?? "dist");

// ---------------------------------------------------------------- what to ask for

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(distDir, join(d.parentPath, d.name)).split("\\").join("/"));
}

const all = files(distDir).filter((f) => !f.split("/").some((part) => part.startsWith(".")));
const routes = all
  .filter((f) => f.endsWith("index.html") && !f.startsWith("404/"))
  .map((f) => (f === "index.html" ? "/" : `/${f.slice(0, -"/index.html".length)}`))
  .sort();
const assets = all.filter((f) => !/\.(br|gz)$/.test(f) && cacheControlFor(f) === IMMUTABLE).map((f) => `/${f}`);
if (routes.length === 0 || assets.length === 0) {
  console.error(`No built site in ${distDir} (pages: ${routes.length}, hashed assets: ${assets.length}): run npm run build first.`);
  process.exit(2);
}

// ---------------------------------------------------------------- the server

const dataDir = mkdtempSync(join(tmpdir(), "lariox-bench-load-"));
const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
  env: {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    RATE_LIMIT: "1000000",
    LOG_LEVEL: "warn",
    SMTP_URL: "",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
const base = await new Promise<string>((resolveBase, reject) => {
  let out = "";
  const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s:\n${out}`)), 120_000);
  server.stdout!.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    const m = /Serving http:\/\/localhost:(\d+)/.exec(out);
    if (m) {
      clearTimeout(timer);
      resolveBase(`http://127.0.0.1:${m[1]}`);
    }
  });
  server.on("exit", (code) => reject(new Error(`the server exited (${code}) before it listened:\n${out}`)));
});

// ---------------------------------------------------------------- the load

type Kind = "page" | "asset" | "contact";

interface Stats {
  latencies: number[];
  errors: number;
  bytes: number;
  statuses: Map<string, number>;
}

const stats: Record<Kind, Stats> = {
  page: { latencies: [], errors: 0, bytes: 0, statuses: new Map() },
  asset: { latencies: [], errors: 0, bytes: 0, statuses: new Map() },
  contact: { latencies: [], errors: 0, bytes: 0, statuses: new Map() },
};

let sent = 0;
let posted = 0;
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

function contactBody(n: number): string {
  return JSON.stringify({
    name: "Load Test",
    subject: `Benchmark message ${n}`,
    email: "load.test@example.com",
    phone: "+91 98765 43210",
    company: "Bench Ltd.",
    message: "A message sent by scripts/bench/load.ts.\nPlease ignore.",
    website: "",
  });
}

async function one(): Promise<void> {
  const roll = Math.random();
  const kind: Kind = roll < 0.8 ? "page" : roll < 0.95 ? "asset" : "contact";
  const s = stats[kind];
  const started = performance.now();
  let status = "error";
  try {
    let response: Response;
    if (kind === "contact") {
      response = await fetch(`${base}/api/mail/send-contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: contactBody(++posted),
      });
    } else {
      response = await fetch(base + (kind === "page" ? pick(routes) : pick(assets)), { headers: { "accept-encoding": "br, gzip" } });
    }
    const body = await response.arrayBuffer();
    status = String(response.status);
    s.bytes += body.byteLength;
    const ok =
      kind === "contact"
        ? response.status === 200 && (JSON.parse(Buffer.from(body).toString()) as { success?: boolean }).success === true
        : response.status === 200;
    if (!ok) s.errors += 1;
  } catch (error) {
    s.errors += 1;
    status = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
  }
  s.latencies.push(performance.now() - started);
  s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
}

console.log(
  `server ${base} over ${relative(process.cwd(), distDir) || distDir}: ${routes.length} pages, ${assets.length} hashed assets; ` +
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
);
console.log(`warming up, then ${Number.isFinite(maxRequests) ? `${maxRequests} requests` : `${seconds} s`} at concurrency ${concurrency} …`);
for (const route of routes) await (await fetch(base + route, { headers: { "accept-encoding": "br" } })).arrayBuffer();

const started = performance.now();
const deadline = started + seconds * 1000;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (sent < maxRequests && (Number.isFinite(maxRequests) || performance.now() < deadline)) {
      sent += 1;
      await one();
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;

// ---------------------------------------------------------------- the report

const ms = (v: number) => (Number.isNaN(v) ? "-" : v.toFixed(1));
const rows = (Object.keys(stats) as Kind[]).map((kind) => {
  const s = stats[kind];
  const sorted = [...s.latencies].sort((a, b) => a - b);
  return {
    kind,
    requests: sorted.length,
    "req/s": (sorted.length / elapsed).toFixed(0),
    "p50 ms": ms(percentile(sorted, 50)),
    "p95 ms": ms(percentile(sorted, 95)),
    "p99 ms": ms(percentile(sorted, 99)),
    "max ms": ms(sorted.at(-1) ?? NaN),
    errors: s.errors,
    "KB/req decoded": sorted.length ? (s.bytes / sorted.length / 1024).toFixed(1) : "-",
    statuses: [...s.statuses].map(([k, v]) => `${k}×${v}`).join(" "),
  };
});
const everything = Object.values(stats)
  .flatMap((s) => s.latencies)
  .sort((a, b) => a - b);
const totalErrors = Object.values(stats).reduce((n, s) => n + s.errors, 0);
rows.push({
  kind: "all" as Kind,
  requests: everything.length,
  "req/s": (everything.length / elapsed).toFixed(0),
  "p50 ms": ms(percentile(everything, 50)),
  "p95 ms": ms(percentile(everything, 95)),
  "p99 ms": ms(percentile(everything, 99)),
  "max ms": ms(everything.at(-1) ?? NaN),
  errors: totalErrors,
  "KB/req decoded": "",
  statuses: "",
});
console.log(`\n${everything.length} requests in ${elapsed.toFixed(1)} s`);
console.table(rows);

// Still up, and nothing accepted was lost.
const after = await fetch(`${base}/`, { headers: { "accept-encoding": "br" } });
await after.arrayBuffer();
const accepted = stats.contact.latencies.length - stats.contact.errors;
const db = new Database(join(dataDir, "site.db"), { readonly: true, fileMustExist: true });
const stored = (db.prepare("SELECT count(*) AS n FROM submissions WHERE kind = 'contact'").get() as { n: number }).n;
db.close();
const rss = (() => {
  try {
    return /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1];
  } catch {
    return undefined;
  }
})();
console.log(
  `afterwards: GET / -> ${after.status}; contact forms accepted ${accepted}, stored ${stored}` +
    (rss ? `; server peak memory ${Math.round(Number(rss) / 1024)} MB` : ""),
);

server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));
rmSync(dataDir, { recursive: true, force: true });
const healthy = after.status === 200 && stored === accepted && totalErrors === 0;
if (!healthy) console.error("FAILED: errors during the load, the server stopped answering, or a form was lost");
process.exit(healthy ? 0 : 1);
