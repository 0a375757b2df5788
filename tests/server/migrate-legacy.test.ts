// @vitest-environment node
/**
 * Databases made before Kysely's Migrator, with the last release's own DDL (fixtures/legacy-schema.ts)
 * and enquiries in every state, are opened by this code: every row reads back the same, every
 * delivery goes on where it was, and the old code would now refuse the database.
 */
import { readdirSync } from "node:fs";
import { afterEach, expect, it } from "vitest";
import type { EnquiryStore, SubmissionRow } from "../../src/server/store/index.ts";
import { MIGRATION_NAMES, forEachBackend } from "./backends.ts";
import type { Backend } from "./backends.ts";
import { POSTGRES_V1, POSTGRES_VERSION, SQLITE_V1, SQLITE_V2, SQLITE_VERSION } from "./fixtures/legacy-schema.ts";

interface LegacyEnquiry {
  kind: "contact" | "quote";
  payload: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  status: "queued" | "sent" | "failed";
  attempts: number;
  nextAttemptAt: string;
  /** null: a row from SQLite version 1, before requeues had their own window. */
  windowStart: string | null;
  lastError: string | null;
  sentAt: string | null;
  failedAt: string | null;
  messageId: string | null;
}

const base = { ip: "203.0.113.9", userAgent: "Mozilla/5.0", attempts: 0, lastError: null, sentAt: null, failedAt: null, messageId: null };
const at = (minutes: number) => new Date(Date.UTC(2026, 9, 1, 8, minutes)).toISOString();

/** One enquiry in each state the old outbox knew. */
const ENQUIRIES: Record<string, LegacyEnquiry> = {
  waiting: {
    ...base,
    kind: "contact",
    payload: { name: "Asha", email: "a@example.com" },
    createdAt: at(0),
    status: "queued",
    nextAttemptAt: at(0),
    windowStart: at(0),
  },
  retrying: {
    ...base,
    kind: "quote",
    payload: { zeta: "ધ્રુવ પટેલ", alpha: 'Zoë "Z" Ñúñez\nline two', nested: [1, { b: true }], empty: "" },
    ip: null,
    userAgent: null,
    createdAt: at(1),
    status: "queued",
    attempts: 3,
    nextAttemptAt: at(30),
    windowStart: at(1),
    lastError: "451 4.3.0 Mailbox busy (server said: try later)",
  },
  claimed: { ...base, kind: "contact", payload: { name: "Ravi's" }, createdAt: at(2), status: "queued", attempts: 1, nextAttemptAt: at(4), windowStart: at(2) },
  sent: {
    ...base,
    kind: "quote",
    payload: { name: "Meera", company: "Gujarat Polymers" },
    createdAt: at(3),
    status: "sent",
    attempts: 2,
    nextAttemptAt: at(5),
    windowStart: at(3),
    sentAt: at(5),
    messageId: "<submission-4.1790000000000@lariox.example>",
  },
  failed: {
    ...base,
    kind: "contact",
    payload: { name: "Eve" },
    createdAt: at(4),
    status: "failed",
    attempts: 1,
    nextAttemptAt: at(6),
    windowStart: at(4),
    lastError: "refused: 550 5.1.1 unknown user",
    failedAt: at(6),
  },
  requeued: { ...base, kind: "quote", payload: { name: "Kiran" }, createdAt: at(5), status: "queued", nextAttemptAt: at(50), windowStart: at(50) },
};

const sqlText = (value: string | number | null) => (value === null ? "NULL" : typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`);

/** The rows as the old code wrote them, with a purged enquiry's id left unused between them. */
function rowsSql(withWindow: boolean): string {
  const statements = Object.values(ENQUIRIES).flatMap((e, i) => {
    const columns = [
      "submission_id",
      "attempts",
      "next_attempt_at",
      "last_error",
      "sent_at",
      "failed_at",
      "message_id",
      ...(withWindow ? ["window_start"] : []),
    ];
    const values = [e.attempts, e.nextAttemptAt, e.lastError, e.sentAt, e.failedAt, e.messageId, ...(withWindow ? [e.windowStart] : [])];
    return [
      `INSERT INTO submissions (kind, payload, ip, user_agent, created_at, status)
       VALUES (${[e.kind, JSON.stringify(e.payload), e.ip, e.userAgent, e.createdAt, e.status].map(sqlText).join(", ")})`,
      `INSERT INTO outbox (${columns.join(", ")}) VALUES ((SELECT MAX(id) FROM submissions), ${values.map(sqlText).join(", ")})`,
      ...(i === 0
        ? [`INSERT INTO submissions (kind, payload, created_at, status) VALUES ('contact', '{}', '${at(0)}', 'sent')`, `DELETE FROM submissions WHERE id = 2`]
        : []),
    ];
  });
  return `${statements.join(";\n")};`;
}

const SPAM_SQL = `INSERT INTO spam_hits (day, kind, hits, last_at) VALUES ('2026-09-30', 'contact', 41, '${at(0)}'), ('2026-10-01', 'quote', 2, '${at(9)}');`;

/** What each enquiry reads back as, whatever the database. */
function expected(): Array<Omit<SubmissionRow, "id">> {
  return Object.values(ENQUIRIES).map((e) => ({
    kind: e.kind,
    payload: e.payload,
    ip: e.ip,
    userAgent: e.userAgent,
    createdAt: new Date(e.createdAt),
    status: e.status,
    reference: expect.stringMatching(/^LA-\d{4}-\d{6}$/) as string,
    reasons: null,
    review: null,
    source: {},
    deliveries: [
      {
        id: expect.any(Number) as number,
        kind: "sales-mail",
        target: null,
        attempts: e.attempts,
        lastError: e.lastError,
        nextAttemptAt: new Date(e.nextAttemptAt),
        sentAt: e.sentAt === null ? null : new Date(e.sentAt),
        failedAt: e.failedAt === null ? null : new Date(e.failedAt),
        outcome: e.messageId,
      },
    ],
  }));
}

forEachBackend((backend: Backend) => {
  let opened: EnquiryStore[] = [];
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });

  const legacies: Array<{ name: string; script: string; window: boolean; spam: boolean; versionSql: string }> =
    backend.name === "sqlite"
      ? [
          { name: "version 2", script: SQLITE_V1 + SQLITE_V2, window: true, spam: true, versionSql: SQLITE_VERSION(2) },
          { name: "version 1", script: SQLITE_V1, window: false, spam: false, versionSql: SQLITE_VERSION(1) },
        ]
      : [{ name: "version 1", script: POSTGRES_V1, window: true, spam: true, versionSql: POSTGRES_VERSION(1) }];

  for (const legacy of legacies) {
    it(`migrates a database of the old ${legacy.name} with enquiries in every state, and every row reads back the same`, async () => {
      const data = await backend.fresh();
      const spamRow =
        legacy.spam || backend.name !== "sqlite"
          ? ""
          : `INSERT INTO submissions (kind, payload, created_at, status) VALUES ('quote', '{"website":"x"}', '${at(7)}', 'spam');`;
      await data.exec(`${legacy.script}; ${rowsSql(legacy.window)} ${spamRow} ${legacy.spam ? SPAM_SQL : ""} ${legacy.versionSql};`);
      const before = (await data.query("SELECT id FROM submissions WHERE status <> 'spam' ORDER BY id")) as Array<{ id: number }>;

      const store = await data.open();
      opened.push(store);
      expect(await store.migrations()).toEqual(MIGRATION_NAMES);
      const rows = await store.list();
      expect(rows.map((r) => r.id)).toEqual(before.map((r) => r.id));
      expect(rows.map(({ id: _, ...rest }) => rest)).toEqual(expected());
      // field order included
      rows.forEach((row, i) => expect(Object.keys(row.payload)).toEqual(Object.keys(Object.values(ENQUIRIES)[i]!.payload)));
      expect(await store.spamCounts()).toEqual(
        legacy.spam
          ? [
              { day: "2026-09-30", kind: "contact", hits: 41 },
              { day: "2026-10-01", kind: "quote", hits: 2 },
            ]
          : [{ day: "2026-10-01", kind: "quote", hits: 1 }],
      );
      // Every delivery goes on where it was: what was due is due, with its retry window.
      const jobs = await store.claimDue(new Date(at(40)), 10, 60_000);
      const byName = (name: string) => jobs.find((j) => j.submission!.createdAt.toISOString() === ENQUIRIES[name]!.createdAt);
      expect(jobs.map((j) => j.submission!.payload.name ?? "retrying")).toEqual(["Asha", "retrying", "Ravi's"]);
      expect(byName("waiting")).toMatchObject({ attempts: 1, windowStart: new Date(at(0)) });
      expect(byName("retrying")).toMatchObject({ attempts: 4, windowStart: new Date(at(1)) });
      // The old code reads its bookkeeping as newer than it knows, and refuses to touch the database.
      const version = (await data.query(backend.name === "sqlite" ? "PRAGMA user_version" : "SELECT version FROM schema_version")) as Array<
        Record<string, number>
      >;
      expect(Object.values(version[0]!)[0]).toBeGreaterThan(2);
      // A new enquiry takes an id after every old one, and a second start migrates nothing.
      const id = await store.insertSubmission({ kind: "contact", payload: { name: "New" }, ip: undefined, userAgent: undefined });
      expect(id).toBeGreaterThan(before.at(-1)!.id);
      const again = await data.open();
      opened.push(again);
      expect(await again.list()).toHaveLength(rows.length + 1);
      // The table no longer holds a list of form kinds: a form added as a folder is stored.
      await data.exec(`INSERT INTO submissions (kind, payload, created_at) VALUES ('survey', '{}', '${at(60)}')`);
      expect((await again.list({ kind: "survey" as never })).map((r) => r.kind)).toEqual(["survey"]);
    });
  }
});

// Databases record each migration by name: a released one keeps its name, and each file in
// migrations/ is applied, under its own name, in the order of the names.
it("lists every migration file under its file's name, the released ones as databases recorded them", () => {
  const folder = new URL("../../src/server/database/migrations/", import.meta.url);
  const files = readdirSync(folder).filter((file) => /^\d{3}-.+\.ts$/.test(file));
  expect(MIGRATION_NAMES).toEqual(files.map((file) => file.slice(0, -".ts".length)).sort());
  expect(MIGRATION_NAMES.slice(0, 9)).toEqual([
    "001-enquiries",
    "002-leads",
    "003-form-kinds",
    "004-single-use-tokens",
    "005-digests",
    "006-review",
    "007-weekly-summaries",
    "008-digest-sent",
    "009-analytics",
  ]);
});
