/**
 * Benchmark of the form endpoints: starts the app on 127.0.0.1 with a temporary DATA_DIR (rate
 * limit off, outbox running with the .eml transport), sends a bounded number of valid submissions
 * at a fixed concurrency, and reports submissions/s and latency percentiles. Loopback only; stops
 * by itself (after --total requests or --max-seconds, whichever comes first) and deletes its files.
 *
 *   npm run bench:forms                          2000 submissions, 20 at a time, SQLite
 *   npm run bench:forms -- --total 500 --concurrency 50
 *   npm run bench:forms -- --store pg            on a throwaway PostgreSQL cluster (fsync on), made
 *                                                from the machine's binaries (tests/server/postgres.ts)
 *   DATABASE_URL=postgres://… npm run bench:forms   on that database (its rows stay there)
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { startPgCluster } from "../../tests/server/postgres.ts";
import type { PgCluster } from "../../tests/server/postgres.ts";

const { values } = parseArgs({
  options: {
    total: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "20" },
    "max-seconds": { type: "string", default: "30" },
    store: { type: "string", default: process.env.DATABASE_URL ? "pg" : "sqlite" },
  },
});
if (values.store !== "sqlite" && values.store !== "pg") throw new Error(`--store must be sqlite or pg, got "${values.store}"`);
const total = Math.max(1, Number(values.total));
const concurrency = Math.max(1, Math.min(Number(values.concurrency), total));
const maxMs = Math.max(1, Number(values["max-seconds"])) * 1000;

const dir = mkdtempSync(join(tmpdir(), "lariox-bench-"));
let cluster: PgCluster | undefined;
let databaseUrl = process.env.DATABASE_URL;
if (values.store === "pg" && !databaseUrl) {
  cluster = await startPgCluster({ durable: true });
  databaseUrl = await cluster.createDatabase();
}
const config = loadConfig({
  DATABASE_URL: values.store === "pg" ? databaseUrl : undefined,
  DATA_DIR: join(dir, "data"),
  DIST_DIR: join(dir, "dist"),
  HOST: "127.0.0.1",
  PORT: "0",
  RATE_LIMIT: "0",
  LOG_LEVEL: "silent",
});
const app = await buildApp({ config, logger: false });
await app.listen({ host: "127.0.0.1", port: 0 });
app.outbox.start();
const { port } = app.server.address() as { port: number };
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });

function post(path: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const latencies: number[] = [];
let next = 0;
let failures = 0;
const startedAt = new Date();
const started = performance.now();
const deadline = started + maxMs;

async function client(): Promise<void> {
  while (next < total && performance.now() < deadline) {
    const n = next++;
    const quote = n % 2 === 1;
    const body = JSON.stringify(
      quote
        ? { name: `Bench ${n}`, email: `bench${n}@example.com`, company: "Bench Ltd.", project: "Load test", requirements: "x".repeat(400) }
        : { name: `Bench ${n}`, subject: `Benchmark ${n}`, email: `bench${n}@example.com`, phone: "+91 98765 43210", message: "y".repeat(400) },
    );
    const t0 = performance.now();
    try {
      const status = await post(quote ? "/api/mail/send-quote" : "/api/mail/send-contact", body);
      if (status !== 200) failures++;
    } catch {
      failures++;
    }
    latencies.push(performance.now() - t0);
  }
}

await Promise.all(Array.from({ length: concurrency }, client));
const elapsedMs = performance.now() - started;

const drainStart = performance.now();
await Promise.race([app.outbox.idle(), new Promise((r) => setTimeout(r, 30_000))]);
const drainMs = performance.now() - drainStart;
const stored = (await app.store.list({ since: startedAt })).length;
const mailed = readdirSync(join(config.dataDir, "mail")).filter((f) => f.endsWith(".eml")).length;

agent.destroy();
await app.close();
cluster?.stop();
rmSync(dir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
const ms = (v: number) => `${v.toFixed(1)} ms`;
console.log(`store:           ${app.store.kind} (${app.store.location})`);
console.log(`requests:        ${latencies.length} (${failures} failed), concurrency ${concurrency}`);
console.log(`elapsed:         ${(elapsedMs / 1000).toFixed(2)} s${latencies.length < total ? " (stopped by --max-seconds)" : ""}`);
console.log(`throughput:      ${((latencies.length - failures) / (elapsedMs / 1000)).toFixed(0)} submissions/s`);
console.log(`latency:         p50 ${ms(pct(50))}, p90 ${ms(pct(90))}, p99 ${ms(pct(99))}, max ${ms(latencies.at(-1) ?? 0)}`);
console.log(`stored / mailed: ${stored} rows, ${mailed} .eml files (outbox drained ${(drainMs / 1000).toFixed(2)} s after the load)`);
