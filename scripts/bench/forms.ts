/**
 * Benchmark of the form endpoints: starts the app on 127.0.0.1 with a temporary DATA_DIR (rate
 * limit off, outbox running with the .eml transport), sends a bounded number of valid submissions
 * at a fixed concurrency, and reports submissions/s and latency percentiles. Loopback only; stops
 * by itself (after --total requests or --max-seconds, whichever comes first) and deletes its files.
 * Each post is what the form's script sends: its own text, a time token and a solved proof of
 * work (made before the clock starts, with a tiny ALTCHA cost), so every one passes the spam
 * verdict and is stored and mailed, as a real enquiry is. Runs vary on a busy machine:
 * each figure is given for every run, with the median of the runs (--runs, each on a fresh store).
 *
 *   npm run bench:forms                          3 runs of 2000 submissions, 20 at a time, SQLite
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
import { buildApp } from "../../src/server/http/app.ts";
import { loadConfig, type Config } from "../../src/server/config.ts";
import { mailFolder } from "../../src/server/outbox/mail.ts";
import { createAltchaChallenge } from "../../src/server/spam/altcha.ts";
import { issueTimeToken } from "../../src/server/spam/time-trap.ts";
import { startPgCluster } from "../../tests/server/postgres.ts";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { PgCluster } from "../../tests/server/postgres.ts";
import { median, percentile } from "../lib/stats.ts";

const { values } = parseArgs({
  options: {
    total: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "20" },
    "max-seconds": { type: "string", default: "30" },
    runs: { type: "string", default: "3" },
    store: { type: "string", default: process.env.DATABASE_URL ? "pg" : "sqlite" },
  },
});
if (values.store !== "sqlite" && values.store !== "pg") throw new Error(`--store must be sqlite or pg, got "${values.store}"`);
const total = Math.max(1, Number(values.total));
const concurrency = Math.max(1, Math.min(Number(values.concurrency), total));
const maxMs = Math.max(1, Number(values["max-seconds"])) * 1000;
const runs = Math.max(1, Number(values.runs));

let cluster: PgCluster | undefined;
if (values.store === "pg" && !process.env.DATABASE_URL) cluster = await startPgCluster({ durable: true });

function post(agent: Agent, port: number, path: string, body: string): Promise<number> {
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

/** The script's hidden fields for a post, made before the clock starts. */
async function scriptFields(config: Config, form: string): Promise<{ timeToken: string; altcha: string }> {
  const challenge = await createAltchaChallenge(config.spam.altcha);
  const solution = await solveChallenge({ challenge, deriveKey });
  return { timeToken: issueTimeToken(config.spam.timeTrap.secret, form), altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64") };
}
const words = ["pump", "valve", "panel", "motor", "drive", "sensor", "relay", "cable", "meter", "tank"];
/** A text of its own for each post (digits would fold into one fingerprint: spelt as words). */
const textOf = (n: number, filler: string) => `Enquiry ${[...String(n)].map((d) => words[Number(d)]).join(" ")}. ${filler}`;

async function bodiesFor(config: Config): Promise<string[]> {
  const bodies: string[] = [];
  for (let n = 0; n < total; n++) {
    const quote = n % 2 === 1;
    const fields = await scriptFields(config, quote ? "quote" : "contact");
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
  return bodies;
}

/** One run on a fresh store: the load, then the outbox's drain. */
async function runOnce() {
  const dir = mkdtempSync(join(tmpdir(), "lariox-bench-"));
  const databaseUrl = values.store === "pg" ? (process.env.DATABASE_URL ?? (await cluster!.createDatabase())) : undefined;
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
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
  const bodies = await bodiesFor(config);

  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const startedAt = new Date();
  const started = performance.now();
  const deadline = started + maxMs;
  async function client(): Promise<void> {
    while (next < total && performance.now() < deadline) {
      const n = next++;
      const t0 = performance.now();
      try {
        const status = await post(agent, port, n % 2 === 1 ? "/api/mail/send-quote" : "/api/mail/send-contact", bodies[n]!);
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
  const mailed = readdirSync(mailFolder(config.dataDir)).filter((f) => f.endsWith(".eml")).length;
  const where = `${app.store.kind} (${app.store.location})`;
  agent.destroy();
  await app.close();
  rmSync(dir, { recursive: true, force: true });

  latencies.sort((a, b) => a - b);
  return {
    where,
    requests: latencies.length,
    failures,
    stopped: latencies.length < total,
    elapsedMs,
    perSecond: (latencies.length - failures) / (elapsedMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    stored: storedRows.length,
    held: storedRows.filter((r) => r.status === "quarantined").length,
    mailed,
    drainMs,
  };
}

const results = [];
for (let i = 1; i <= runs; i++) {
  const r = await runOnce();
  results.push(r);
  if (i === 1) console.log(`store:           ${r.where}, ${total} submissions, concurrency ${concurrency}`);
  console.log(
    `run ${i}:           ${r.perSecond.toFixed(0)} submissions/s in ${(r.elapsedMs / 1000).toFixed(2)} s${r.stopped ? " (stopped by --max-seconds)" : ""}, ` +
      `${r.failures} failed; p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms; ` +
      `${r.stored} stored (${r.held} quarantined), ${r.mailed} .eml files, outbox drained ${(r.drainMs / 1000).toFixed(2)} s after the load`,
  );
}
cluster?.stop();
console.log(
  `throughput:      ${median(results.map((r) => r.perSecond)).toFixed(0)} submissions/s, median of ${runs} run${runs === 1 ? "" : "s"} ` +
    `(p99 ${median(results.map((r) => r.p99)).toFixed(1)} ms)`,
);
