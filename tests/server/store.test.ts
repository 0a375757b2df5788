// @vitest-environment node
/** The enquiry store's promises (src/server/store/), once on SQLite and once on a real PostgreSQL server. */
import { statSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openSqlite } from "../../src/server/database/sqlite.ts";
import { EnquiryStore, ReplayedError, StorageError } from "../../src/server/store/index.ts";
import type { NewSubmission, SubmissionRow } from "../../src/server/store/index.ts";
import { FORM_KINDS } from "../../src/forms/kinds.generated.ts";
import { LATEST_MIGRATION, MIGRATION_NAMES, forEachBackend } from "./backends.ts";
import { freePort, tempDir } from "./helpers.ts";

const enquiry = (extra: Partial<NewSubmission> = {}): NewSubmission => ({
  kind: "contact",
  payload: { name: "A" },
  ip: undefined,
  userAgent: undefined,
  ...extra,
});

forEachBackend((backend) => {
  let opened: EnquiryStore[] = [];
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });
  /** A fresh, empty store, closed after the test; `again()` opens a second handle on the same data. */
  async function fresh() {
    const data = await backend.fresh();
    const open = async () => {
      const store = await data.open();
      opened.push(store);
      return store;
    };
    return { store: await open(), again: open, query: data.query, data };
  }

  it("keeps a schema version, and opening again does not migrate again", async () => {
    const { store, again } = await fresh();
    expect((await store.migrations()).at(-1)).toEqual(LATEST_MIGRATION);
    await store.insertSubmission(enquiry());
    const second = await again();
    expect((await second.migrations()).at(-1)).toEqual(LATEST_MIGRATION);
    expect(await second.list()).toHaveLength(1);
  });

  it("stores a kind of form the table was not made with: the kinds are the form folders, not a list in the table", async () => {
    const { store, data } = await fresh();
    await data.exec(`INSERT INTO submissions (kind, payload, created_at) VALUES ('survey', '{}', '2026-11-25T12:00:00.000Z')`);
    expect((await store.list()).map((r) => r.kind)).toEqual(["survey"]);
    // The store itself takes only the kinds of the form folders it was built with.
    await expect(store.insertSubmission({ ...enquiry(), kind: "survey" as never })).rejects.toThrow(`no form "survey" (the forms: ${FORM_KINDS.join(", ")})`);
  });

  it("writes a submission and its delivery together, and claims deliveries with a lease", async () => {
    const { store, query } = await fresh();
    const id = await store.insertSubmission({ kind: "quote", payload: { name: "A", email: "a@example.com" }, ip: "1.2.3.4", userAgent: "ua" });
    expect(await query("SELECT submission_id, kind, attempts FROM deliveries")).toEqual([{ submission_id: id, kind: "sales-mail", attempts: 0 }]);
    expect(await store.get(id)).toMatchObject({ kind: "quote", ip: "1.2.3.4", userAgent: "ua", status: "queued", deliveries: [{ attempts: 0, sentAt: null }] });

    const now = new Date();
    const [job] = await store.claimDue(now, 10, 60_000);
    expect(job).toMatchObject({ id, kind: "sales-mail", target: null, attempts: 1, submission: { id, payload: { name: "A", email: "a@example.com" } } });
    // claimed: not due again until the lease runs out (a crash mid-send means a retry, not a loss)
    expect(await store.claimDue(now, 10, 60_000)).toEqual([]);
    expect(await store.nextDueAt()).toEqual(new Date(now.getTime() + 60_000));
    expect(await store.claimDue(new Date(now.getTime() + 60_001), 10, 60_000)).toHaveLength(1);
    expect(await store.get(id)).toMatchObject({ status: "queued", deliveries: [{ attempts: 2 }] });
    await store.markSent(id, "<m@x>");
    expect(await store.get(id)).toMatchObject({ status: "sent", deliveries: [{ outcome: "<m@x>" }] });
    expect(await store.claimDue(new Date(now.getTime() + 10 ** 9), 10, 1)).toEqual([]);
    expect(await store.nextDueAt()).toBeUndefined();
  });

  it("keeps the payload as written, unicode and field order included", async () => {
    const { store } = await fresh();
    const payload = { zeta: "ધ્રુવ પટેલ", alpha: 'Zoë "Z" Ñúñez\nline two', nested: [1, { b: true }], empty: "" };
    const id = await store.insertSubmission(enquiry({ payload }));
    const row = await store.get(id);
    expect(row!.payload).toEqual(payload);
    expect(Object.keys(row!.payload)).toEqual(["zeta", "alpha", "nested", "empty"]);
  });

  it("skips rows being sent, retries at the given time, and fails a message for good", async () => {
    const { store } = await fresh();
    const t0 = new Date("2026-01-01T00:00:00Z");
    const [a, b, c] = [
      await store.insertSubmission(enquiry({ createdAt: t0 })),
      await store.insertSubmission(enquiry({ createdAt: t0 })),
      await store.insertSubmission(enquiry({ createdAt: t0 })),
    ];
    const later = new Date(t0.getTime() + 1000);
    // `exclude` names rows this worker still sends
    expect((await store.claimDue(later, 10, 0, { exclude: [b] })).map((j) => j.id)).toEqual([a, c]);
    expect(await store.nextDueAt({ exclude: [a, c] })).toEqual(t0);
    await store.markRetry(a, "451 busy", new Date(t0.getTime() + 5000));
    await store.markFailed(c, "550 refused", later);
    expect(await store.queueStats()).toEqual({
      queued: 2,
      oldestQueuedAt: t0,
      failed: 1,
      byKind: { "sales-mail": { queued: 2, oldestQueuedAt: t0, failed: 1 } },
    });
    expect(await store.get(a)).toMatchObject({ status: "queued", deliveries: [{ lastError: "451 busy", nextAttemptAt: new Date(t0.getTime() + 5000) }] });
    expect(await store.get(c)).toMatchObject({ status: "failed", deliveries: [{ lastError: "550 refused", failedAt: later }] });
    expect((await store.claimDue(new Date(t0.getTime() + 4999), 10, 1000)).map((j) => j.id)).toEqual([b]);
    expect((await store.claimDue(new Date(t0.getTime() + 5000), 10, 1000)).map((j) => [j.id, j.attempts])).toEqual([[a, 2]]);
    // a late "retry" after delivery does not undo the delivery
    await store.markSent(a, undefined);
    await store.markRetry(a, "late", new Date());
    await store.markFailed(a, "late");
    expect(await store.get(a)).toMatchObject({ status: "sent", deliveries: [{ lastError: null }] });
  });

  it("lists by kind, status and date", async () => {
    const { store } = await fresh();
    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12));
    const q1 = await store.insertSubmission(enquiry({ kind: "quote", createdAt: day(1) }));
    const c2 = await store.insertSubmission(enquiry({ kind: "contact", createdAt: day(2) }));
    const q3 = await store.insertSubmission(enquiry({ kind: "quote", createdAt: day(3) }));
    await store.markFailed(q3, "550");
    const ids = async (filter: Parameters<EnquiryStore["list"]>[0]) => (await store.list(filter)).map((r) => r.id);
    expect(await ids({})).toEqual([q1, c2, q3]);
    expect(await ids({ kind: "quote" })).toEqual([q1, q3]);
    expect(await ids({ status: "failed" })).toEqual([q3]);
    expect(await ids({ since: day(2) })).toEqual([c2, q3]);
    expect(await ids({ kind: "quote", status: "queued", since: day(1) })).toEqual([q1]);
    expect(await store.get(999)).toBeUndefined();
  });

  it("counts honeypot hits, one row a day and form instead of storing them, and purges by age", async () => {
    const { store, query } = await fresh();
    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12));
    await store.recordSpam("contact", day(1));
    await store.recordSpam("contact", day(1));
    await store.recordSpam("quote", day(9));
    expect(await store.spamCounts()).toEqual([
      { day: "2026-01-01", kind: "contact", hits: 2 },
      { day: "2026-01-09", kind: "quote", hits: 1 },
    ]);
    await store.recordSpam("contact", day(1));
    expect((await store.spamCounts())[0]).toEqual({ day: "2026-01-01", kind: "contact", hits: 3 });
    const oldSent = await store.insertSubmission(enquiry({ payload: { name: "Old" }, createdAt: day(1) }));
    const oldQueued = await store.insertSubmission(enquiry({ payload: { name: "Waiting" }, createdAt: day(1) }));
    const newSent = await store.insertSubmission(enquiry({ payload: { name: "New" }, createdAt: day(9) }));
    await store.markSent(oldSent, undefined);
    await store.markSent(newSent, undefined);
    // on Jan 10, with 5 days' retention: the old delivered one goes, the undelivered one stays
    expect(await store.purge(day(10), 5, 7)).toEqual({ enquiries: 1, quarantined: 0, spamDays: 1 });
    expect((await store.list()).map((s) => s.id)).toEqual([oldQueued, newSent]);
    expect(await query("SELECT submission_id FROM deliveries ORDER BY submission_id")).toEqual([{ submission_id: oldQueued }, { submission_id: newSent }]);
    expect(await store.spamCounts()).toEqual([{ day: "2026-01-09", kind: "quote", hits: 1 }]);
  });

  it("keeps the quarantine without deliveries, releases it into the outbox, and purges what is held after 30 days", async () => {
    const { store } = await fresh();
    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12));
    const reasons = [{ layer: "disposable-email", severity: "doubt", code: "disposable", reason: "A throw-away address." }];
    const old = await store.insertSubmission(enquiry({ createdAt: day(1), quarantine: { reasons }, email: "Old@Example.com" }));
    const held = await store.insertSubmission(enquiry({ createdAt: day(20), quarantine: { reasons } }));
    expect((await store.list({ status: "quarantined" })).map((r) => [r.id, r.deliveries.length, r.reasons])).toEqual([
      [old, 0, reasons],
      [held, 0, reasons],
    ]);
    expect(await store.claimDue(day(25), 10, 1000)).toEqual([]);
    expect(await store.review(held, "released", day(25), [{ kind: "sales-mail" }, { kind: "webhook" }])).toBe(true);
    expect(await store.review(held, "released", day(25), [{ kind: "sales-mail" }])).toBe(false);
    expect((await store.claimDue(day(25), 10, 1000)).map((j) => [j.submission!.id, j.kind])).toEqual([
      [held, "sales-mail"],
      [held, "webhook"],
    ]);
    // Day 32: the one held since day 1 goes; the released one is an enquiry like any other.
    expect(await store.purge(day(32), 365, 7)).toMatchObject({ quarantined: 1, enquiries: 0 });
    expect((await store.list()).map((r) => r.id)).toEqual([held]);
    expect(await store.erase("old@example.com")).toEqual({ enquiries: 0, pendingDeliveries: 0 });
  });

  it("stores one enquiry per single-use token across instances and within one commit, and another only once it expired", async () => {
    const { store, again } = await fresh();
    const other = await again();
    const carrying = (tokens: string[], expiresAt = new Date(Date.now() + 60_000)) => enquiry({ tokens: tokens.map((token) => ({ token, expiresAt })) });
    await store.insertSubmission(carrying(["t1.1.time-token-1", "nonce-1"]));
    const reused = await other.insertSubmission(carrying(["t1.1.time-token-2", "nonce-1"])).catch((error: unknown) => error);
    expect(reused).toBeInstanceOf(ReplayedError);
    expect((reused as ReplayedError).reused).toEqual(["nonce-1"]);
    // Nothing of the refused post was kept: its other token is still free.
    await other.insertSubmission(carrying(["t1.1.time-token-2"]));
    const [plain, ...replays] = await Promise.allSettled([
      store.insertSubmission(enquiry()),
      store.insertSubmission(carrying(["nonce-2"])),
      store.insertSubmission(carrying(["nonce-2"])),
      other.insertSubmission(carrying(["nonce-2"])),
    ]);
    expect(plain.status).toBe("fulfilled");
    expect(replays.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected", "rejected"]);
    // An expired token may be claimed again (the checks refuse or hold the expired post itself).
    await store.insertSubmission(carrying(["nonce-3"], new Date(Date.now() - 1)));
    await other.insertSubmission(carrying(["nonce-3"]));
    expect(await store.list()).toHaveLength(6);
  });

  it("counts earlier posts of a message from the same and from other addresses, since a time, for many posts asked at once", async () => {
    const { store } = await fresh();
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 25, 12, minutes));
    const post = (fingerprint: string, email: string, minutes: number) => store.insertSubmission(enquiry({ fingerprint, email, createdAt: at(minutes) }));
    await post("same-text", "one@buyers.example", 0);
    await post("same-text", "One@Buyers.example", 10);
    await post("same-text", "two@buyers.example", 20);
    await post("same-text", "three@buyers.example", 30);
    await post("other-text", "one@buyers.example", 30);
    // Asked together, as when posts arrive at once: each question gets its own answer.
    const answers = await Promise.all([
      store.countRecent("same-text", "ONE@buyers.example", at(0)),
      store.countRecent("same-text", "one@buyers.example", at(15)),
      store.countRecent("same-text", "new@buyers.example", at(0)),
      store.countRecent("other-text", "one@buyers.example", at(0)),
      store.countRecent("unseen-text", "one@buyers.example", at(0)),
    ]);
    expect(answers).toEqual([
      { sameSender: 2, otherSenders: 2 },
      { sameSender: 0, otherSenders: 2 },
      { sameSender: 0, otherSenders: 3 },
      { sameSender: 1, otherSenders: 0 },
      { sameSender: 0, otherSenders: 0 },
    ]);
  });

  it("requeues failed messages with a fresh retry window", async () => {
    const { store } = await fresh();
    const a = await store.insertSubmission(enquiry({ createdAt: new Date(0) }));
    const b = await store.insertSubmission(enquiry({ createdAt: new Date(0) }));
    await store.markFailed(a, "550 refused");
    await store.markFailed(b, "550 refused");
    expect(await store.queueStats()).toMatchObject({ queued: 0, failed: 2 });
    const now = new Date();
    expect(await store.requeue([b, 999], now)).toEqual([b]);
    expect(await store.requeue("failed", now)).toEqual([a]);
    expect(await store.requeue("failed", now)).toEqual([]);
    expect(await store.get(a)).toMatchObject({ status: "queued", deliveries: [{ failedAt: null }] });
    const jobs = await store.claimDue(now, 10, 1000);
    expect(jobs.map((j) => [j.id, j.attempts, j.windowStart.getTime()])).toEqual([
      [a, 1, now.getTime()],
      [b, 1, now.getTime()],
    ]);
  });

  it("gives each due row to one of several stores sharing the data (several server instances)", async () => {
    const { store, again } = await fresh();
    const stores = [store, await again(), await again()];
    const total = 150;
    for (let i = 0; i < total; i++) await store.insertSubmission(enquiry({ payload: { n: i } }));
    const claimed: number[][] = stores.map(() => []);
    const now = new Date(Date.now() + 1000);
    await Promise.all(
      stores.map(async (s, i) => {
        for (let round = 0; round < total; round++) {
          const jobs = await s.claimDue(now, 4, 60_000);
          if (jobs.length === 0) return;
          claimed[i]!.push(...jobs.map((j) => j.id));
          // a worker sends what it claimed before it claims more: the other stores get their turn
          await new Promise((resolve) => setImmediate(resolve));
        }
      }),
    );
    const all = claimed.flat();
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
    expect(claimed.filter((ids) => ids.length > 0).length).toBeGreaterThan(1);
    // every claim counted once
    expect((await store.list()).every((r) => r.deliveries[0]!.attempts === 1)).toBe(true);
  });

  it("keeps several deliveries of any kind per submission: claims by kind, status from all of them, requeue by submission", async () => {
    const { store } = await fresh();
    const t0 = new Date("2026-03-01T00:00:00Z");
    const id = await store.insertSubmission(
      enquiry({
        createdAt: t0,
        deliveries: [{ kind: "sales-mail" }, { kind: "webhook", target: "https://crm.example/hook", payload: { event: "enquiry", n: 1 } }],
      }),
    );
    const plain = await store.insertSubmission(enquiry({ createdAt: t0 }));
    const later = new Date(t0.getTime() + 1000);
    // a worker without a webhook sender leaves those rows alone, and sees nothing due for them
    const mail = await store.claimDue(later, 10, 60_000, { kinds: ["sales-mail"] });
    expect(mail.map((j) => [j.kind, j.submission!.id])).toEqual([
      ["sales-mail", id],
      ["sales-mail", plain],
    ]);
    expect(await store.nextDueAt({ kinds: ["sales-mail"], exclude: mail.map((j) => j.id) })).toBeUndefined();
    expect(await store.claimDue(later, 10, 60_000, { kinds: [] })).toEqual([]);
    const [hook] = await store.claimDue(later, 10, 60_000, { kinds: ["webhook"] });
    expect(hook).toMatchObject({ kind: "webhook", target: "https://crm.example/hook", payload: { event: "enquiry", n: 1 }, submission: { id } });
    // sent only once every delivery went; failed as soon as one failed for good
    await store.markSent(mail[0]!.id, "<m@x>");
    expect((await store.get(id))!.status).toBe("queued");
    await store.markFailed(hook!.id, "refused: 410 Gone", later);
    const row: SubmissionRow = (await store.get(id))!;
    expect(row.status).toBe("failed");
    expect(row.deliveries.map((d) => [d.kind, d.outcome, d.lastError])).toEqual([
      ["sales-mail", "<m@x>", null],
      ["webhook", null, "refused: 410 Gone"],
    ]);
    expect((await store.queueStats()).byKind).toEqual({
      "sales-mail": { queued: 1, oldestQueuedAt: t0, failed: 0 },
      webhook: { queued: 0, oldestQueuedAt: undefined, failed: 1 },
    });
    expect(await store.list({ status: "failed" })).toHaveLength(1);
    // requeue names submissions; only the failed delivery is made again
    expect(await store.requeue([id], later)).toEqual([id]);
    expect((await store.get(id))!.status).toBe("queued");
    expect((await store.claimDue(later, 10, 60_000)).map((j) => j.kind)).toEqual(["webhook"]);
  });

  it("refuses a database from a newer version of the code", async () => {
    const { store, again, query } = await fresh();
    await store.close();
    await query(backend.newerSchemaSql);
    await expect(again()).rejects.toThrow(/newer than this code knows/);
  });

  if (backend.name === "sqlite") {
    describe("SQLite file", () => {
      const dir = tempDir();
      afterAll(() => dir.remove());

      it("uses WAL, synchronous=NORMAL and private files", async () => {
        const config = { dataDir: join(dir.path, "a"), databaseUrl: undefined };
        const store = await EnquiryStore.open(config);
        const dialect = openSqlite(config.dataDir);
        try {
          const pragma = async (name: string) => Object.values((await sql.raw(`PRAGMA ${name}`).execute(dialect.db)).rows[0] as object)[0] as unknown;
          expect(await pragma("journal_mode")).toBe("wal");
          expect(await pragma("synchronous")).toBe(1); // NORMAL
          await store.insertSubmission(enquiry());
          const mode = (f: string) => (statSync(join(dir.path, "a", f)).mode & 0o777).toString(8);
          expect([mode("."), mode("site.db"), mode("site.db-wal"), mode("site.db-shm")]).toEqual(["700", "600", "600", "600"]);
        } finally {
          await dialect.db.destroy();
          await store.close();
        }
      });
    });
  }

  if (backend.name === "postgres") {
    it("skips rows another instance has locked instead of waiting for them (FOR UPDATE SKIP LOCKED)", async () => {
      const { store, data } = await fresh();
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push(await store.insertSubmission(enquiry()));
      const other = new pg.Client({ connectionString: data.env.DATABASE_URL });
      await other.connect();
      try {
        // another instance in the middle of its claim: the first three rows locked, not committed
        await other.query("BEGIN");
        await other.query("SELECT id FROM deliveries ORDER BY id LIMIT 3 FOR UPDATE");
        const started = Date.now();
        const jobs = await store.claimDue(new Date(Date.now() + 1000), 10, 60_000);
        expect(jobs.map((j) => j.id)).toEqual(ids.slice(3));
        expect(Date.now() - started).toBeLessThan(2000);
        await other.query("ROLLBACK");
        expect((await store.claimDue(new Date(Date.now() + 1000), 10, 60_000)).map((j) => j.id)).toEqual(ids.slice(0, 3));
      } finally {
        await other.end();
      }
    });

    it("migrates once when several instances start together", async () => {
      const { store, data } = await fresh();
      await store.close();
      await data.query(
        "DROP TABLE deliveries, submissions, digests, weekly_summaries, spam_hits, used_tokens, schema_version, kysely_migration, kysely_migration_lock, " +
          "analytics_salts, analytics_seen, analytics_pages, analytics_sources, analytics_vitals",
      );
      const stores = await Promise.all([data.open(), data.open(), data.open()]);
      opened.push(...stores);
      for (const s of stores) expect((await s.migrations()).at(-1)).toBe(LATEST_MIGRATION);
      expect(await data.query("SELECT name FROM kysely_migration ORDER BY name")).toEqual(MIGRATION_NAMES.map((name) => ({ name })));
    });

    it("turns an unreachable server into StorageError, and never shows the password", async () => {
      const url = `postgres://site:s3cret-pw@127.0.0.1:${await freePort()}/enquiries`;
      const error = await EnquiryStore.open({ dataDir: "", databaseUrl: url }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageError);
      expect((error as Error).message).toMatch(/^PostgreSQL at postgres:\/\/site:\*\*\*@127\.0\.0\.1:\d+\/enquiries cannot be used: .*ECONNREFUSED/);
      expect((error as Error).message).not.toContain("s3cret");
    });
  }
});
