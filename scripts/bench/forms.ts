/**
 * Benchmark of the form endpoints: starts the app on 127.0.0.1 with a temporary DATA_DIR (rate
 * limit off, outbox running with the .eml transport), sends a bounded number of valid submissions
 * at a fixed concurrency, and reports submissions/s and latency percentiles. Loopback only; stops
 * by itself (after --total requests or --max-seconds, whichever comes first) and deletes its files.
 * Each post is what the form's script sends: its own text, a time token and a solved proof of
 * work (made before the clock starts, with a tiny ALTCHA cost), so every one passes the spam
 * verdict and is stored and mailed, as a real enquiry is.
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
import { createAltchaChallenge } from "../../src/server/spam/altcha.ts";
import { issueTimeToken } from "../../src/server/spam/time-trap.ts";
import { startPgCluster } from "../../tests/server/postgres.ts";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
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
  SPAM_MIN_SECONDS: "0",
  ALTCHA_COST: "1",
  ALTCHA_MAX_NUMBER: "4",
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

/** The script's hidden fields for post `n`, made before the clock starts. */
async function scriptFields(form: string): Promise<{ timeToken: string; altcha: string }> {
  const challenge = await createAltchaChallenge(config.spam.altcha);
  const solution = await solveChallenge({ challenge, deriveKey });
  return { timeToken: issueTimeToken(config.spam.timeTrap.secret, form), altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64") };
}
const words = ["pump", "valve", "panel", "motor", "drive", "sensor", "relay", "cable", "meter", "tank"];
/** A text of its own for each post (digits would fold into one fingerprint: spelt as words). */
const textOf = (n: number, filler: string) => `Enquiry ${[...String(n)].map((d) => words[Number(d)]).join(" ")}. ${filler}`;
const bodies: string[] = [];
for (let n = 0; n < total; n++) {
  const quote = n % 2 === 1;
  const fields = await scriptFields(quote ? "quote" : "contact");
  bodies.push(
    JSON.stringify(
      quote
        ? {
            name: `Bench ${n}`,
            email: `bench${n}@example.com`,
            company: "Bench Ltd.",
            project: "Load test",
            requirements: textOf(n, "Three pumps and twelve level sensors for the effluent plant. ".repeat(7)),
            ...fields,
          }
        : {
            name: `Bench ${n}`,
            subject: `Benchmark ${n}`,
            email: `bench${n}@example.com`,
            phone: "+91 98765 43210",
            message: textOf(n, "Please quote for a PLC panel with remote monitoring. ".repeat(8)),
            ...fields,
          },
    ),
  );
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
    const body = bodies[n]!;
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
const storedRows = await app.store.list({ since: startedAt });
const stored = storedRows.length;
const held = storedRows.filter((r) => r.status === "quarantined").length;
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
console.log(`stored / mailed: ${stored} rows (${held} quarantined), ${mailed} .eml files (outbox drained ${(drainMs / 1000).toFixed(2)} s after the load)`);
