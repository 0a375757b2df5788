/**
 * Benchmark of the enquiry store alone, without HTTP, the spam checks or a sender: enquiries are
 * inserted `--concurrency` at a time as the form route does, then the outbox's database work is
 * timed by itself: claiming due deliveries four at a time (the default OUTBOX_CONCURRENCY) and
 * recording each as sent. What bench:forms measures on top of this is the request's own work.
 *
 *   npm run bench:store                   2000 enquiries, 20 at a time, SQLite in a temporary folder
 *   npm run bench:store -- --store pg     on a throwaway PostgreSQL cluster (fsync on)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { EnquiryStore } from "../../src/server/store/index.ts";
import { startPgCluster } from "../../tests/server/postgres.ts";
import type { PgCluster } from "../../tests/server/postgres.ts";

const { values } = parseArgs({
  options: {
    total: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "20" },
    store: { type: "string", default: "sqlite" },
  },
});
if (values.store !== "sqlite" && values.store !== "pg") throw new Error(`--store must be sqlite or pg, got "${values.store}"`);
const total = Math.max(1, Number(values.total));
const concurrency = Math.max(1, Number(values.concurrency));
const CLAIM = 4;

const dir = mkdtempSync(join(tmpdir(), "lariox-bench-store-"));
let cluster: PgCluster | undefined;
let databaseUrl: string | undefined;
if (values.store === "pg") {
  cluster = await startPgCluster({ durable: true });
  databaseUrl = await cluster.createDatabase();
}
const store = await EnquiryStore.open({ dataDir: dir, databaseUrl });

const payload = (n: number) => ({
  name: `Bench ${n}`,
  email: `bench${n}@example.com`,
  phone: "+91 98765 43210",
  subject: `Benchmark ${n}`,
  message: `Enquiry ${n}. ${"Please quote for a PLC panel with remote monitoring. ".repeat(8)}`,
});

let next = 0;
let started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < total) {
      const n = next++;
      await store.insertSubmission({ kind: "contact", payload: payload(n), ip: "127.0.0.1", userAgent: "bench" });
    }
  }),
);
const insertMs = performance.now() - started;

let sent = 0;
started = performance.now();
for (;;) {
  const jobs = await store.claimDue(new Date(), CLAIM, 60_000);
  if (jobs.length === 0) break;
  await Promise.all(jobs.map((job) => store.markSent(job.id, `<${job.id}@bench>`).then(() => sent++)));
}
const deliverMs = performance.now() - started;

await store.close();
cluster?.stop();
rmSync(dir, { recursive: true, force: true });

console.log(`store:      ${store.kind}`);
console.log(`inserted:   ${total} enquiries, ${concurrency} at a time, in ${(insertMs / 1000).toFixed(2)} s: ${(total / (insertMs / 1000)).toFixed(0)}/s`);
console.log(
  `delivered:  ${sent} claimed ${CLAIM} at a time and marked sent, in ${(deliverMs / 1000).toFixed(2)} s: ${(sent / (deliverMs / 1000)).toFixed(0)}/s`,
);
