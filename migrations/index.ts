/**
 * The enquiry store's schema, as Kysely migrations written once for both databases ({time}, {json}
 * and {id} are Database.types), applied by migrate.ts beside this file.
 *
 * To change the schema, add a migration at the end (never edit a released one), then the column
 * to `Tables` in src/server/store/tables.ts. SQLite cannot drop a constraint: such a migration
 * rebuilds the table the way SQLite's manual describes ("Making Other Kinds Of Table Schema
 * Changes"), as 003 does.
 *
 * Databases made before the Migrator kept their version in `PRAGMA user_version` (SQLite, 1 or 2)
 * or a `schema_version` row (PostgreSQL, 1) and had one outbox row a submission: "001" turns that
 * outbox into deliveries. Afterwards that bookkeeping says LEGACY_RETIRED, which old code refuses.
 */
import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { Database } from "../src/server/database/index.ts";
import type { Tables } from "../src/server/store/tables.ts";

type Db = Kysely<Tables>;
export type Step = (database: Database, db: Db, legacy: number) => Promise<void>;

/** Runs each statement, with the database's column types put in. */
async function run(database: Database, db: Db, ...statements: string[]): Promise<void> {
  const { time, json, id } = database.types;
  for (const s of statements) await sql.raw(s.replaceAll("{time}", time).replaceAll("{json}", json).replaceAll("{id}", id)).execute(db);
}
const onSqlite = (database: Database, ...statements: string[]): string[] => (database.name === "sqlite" ? statements : []);
const onPostgres = (database: Database, ...statements: string[]): string[] => (database.name === "postgres" ? statements : []);

/** Makes `table` again as `create` (named `<table>_new`) with its rows, id sequence and indexes: SQLite's rebuild. */
function rebuild(table: string, columns: string, create: string, indexes: string[]): string[] {
  return [
    create,
    `INSERT INTO ${table}_new (${columns}) SELECT ${columns} FROM ${table} ORDER BY id`,
    `DELETE FROM sqlite_sequence WHERE name = '${table}_new'`,
    `INSERT INTO sqlite_sequence (name, seq) SELECT '${table}_new', seq FROM sqlite_sequence WHERE name = '${table}'`,
    `DROP TABLE ${table}`,
    `ALTER TABLE ${table}_new RENAME TO ${table}`,
    ...indexes,
  ];
}

const DELIVERIES_INDEXES = [
  `CREATE INDEX deliveries_due ON deliveries (next_attempt_at, id) WHERE sent_at IS NULL AND failed_at IS NULL`,
  `CREATE INDEX deliveries_submission ON deliveries (submission_id)`,
];

export const MIGRATIONS: Record<string, Step> = {
  // Submissions, the deliveries each needs (the outbox), and daily honeypot counters.
  "001-enquiries": async (database, db, legacy) => {
    if (legacy === 0)
      await run(
        database,
        db,
        `CREATE TABLE submissions (id {id}, kind text NOT NULL CHECK (kind IN ('contact', 'quote')), payload {json} NOT NULL,
           ip text, user_agent text, created_at {time} NOT NULL)`,
        `CREATE INDEX submissions_created ON submissions (created_at)`,
        `CREATE TABLE spam_hits (day text NOT NULL, kind text NOT NULL, hits integer NOT NULL, last_at {time} NOT NULL,
           CONSTRAINT spam_hits_pkey PRIMARY KEY (day, kind))`,
      );
    else if (legacy === 1)
      await run(
        database,
        db,
        ...onSqlite(
          database,
          `CREATE TABLE spam_hits (day TEXT NOT NULL, kind TEXT NOT NULL, hits INTEGER NOT NULL, last_at TEXT NOT NULL, PRIMARY KEY (day, kind)) WITHOUT ROWID`,
          `INSERT INTO spam_hits (day, kind, hits, last_at)
             SELECT substr(created_at, 1, 10), kind, COUNT(*), MAX(created_at) FROM submissions WHERE status = 'spam' GROUP BY 1, 2`,
          `DELETE FROM submissions WHERE status = 'spam'`,
          `ALTER TABLE outbox ADD COLUMN window_start TEXT`,
          `CREATE INDEX submissions_created ON submissions (created_at)`,
        ),
      );
    await run(
      database,
      db,
      `CREATE TABLE deliveries (id {id}, submission_id integer NOT NULL REFERENCES submissions (id) ON DELETE CASCADE, kind text NOT NULL,
         target text, payload {json}, attempts integer NOT NULL DEFAULT 0, next_attempt_at {time} NOT NULL, window_start {time} NOT NULL,
         last_error text, sent_at {time}, failed_at {time}, outcome text)`,
      ...DELIVERIES_INDEXES,
    );
    if (legacy === 0) return;
    // The old outbox row of each submission is its sales mail; its status is read from it now.
    await run(
      database,
      db,
      `INSERT INTO deliveries (submission_id, kind, attempts, next_attempt_at, window_start, last_error, sent_at, failed_at, outcome)
         SELECT o.submission_id, 'sales-mail', o.attempts, o.next_attempt_at, COALESCE(o.window_start, s.created_at),
                o.last_error, o.sent_at, o.failed_at, o.message_id
           FROM outbox o JOIN submissions s ON s.id = o.submission_id ORDER BY o.submission_id`,
      `DROP TABLE outbox`,
      `DROP INDEX submissions_status`,
      `ALTER TABLE submissions DROP COLUMN status`,
      ...onPostgres(database, `ALTER TABLE spam_hits ALTER COLUMN day TYPE text USING to_char(day, 'YYYY-MM-DD')`),
    );
  },
  // Leads sales can trust: quarantine and its reasons, the message fingerprint (repeats), the
  // visitor's address (receipts a day, erasure), where the visit came from, used ALTCHA nonces.
  "002-leads": async (database, db) => {
    await run(
      database,
      db,
      `ALTER TABLE submissions ADD COLUMN state text DEFAULT 'accepted' NOT NULL CHECK (state IN ('accepted', 'quarantined'))`,
      ...["reasons {json}", "message_fingerprint text", "email text", "receipt_key text", "source {json}"].map(
        (c) => `ALTER TABLE submissions ADD COLUMN ${c}`,
      ),
      `CREATE INDEX submissions_fingerprint ON submissions (message_fingerprint, created_at)`,
      `CREATE INDEX submissions_email ON submissions (email)`,
      `CREATE INDEX submissions_receipt_key ON submissions (receipt_key, created_at)`,
      `CREATE TABLE altcha_nonces (nonce text PRIMARY KEY, expires_at {time} NOT NULL)`,
    );
    // Enquiries kept from before: their address, so an erasure finds them too.
    for (const row of await db.selectFrom("submissions").select(["id", "payload"]).execute()) {
      const payload = database.readJson(row.payload) as { email?: unknown } | null;
      const email = typeof payload?.email === "string" ? payload.email.trim().toLowerCase() : null;
      if (email) await db.updateTable("submissions").set({ email }).where("id", "=", row.id).execute();
    }
  },
  // The kinds a submission may have are the form folders (FORM_KINDS), not a list in the table.
  "003-form-kinds": async (database, db) => {
    const columns = "id, kind, payload, ip, user_agent, created_at, state, reasons, message_fingerprint, email, receipt_key, source";
    const create = `CREATE TABLE submissions_new (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, payload TEXT NOT NULL, ip TEXT,
      user_agent TEXT, created_at TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'accepted' CHECK (state IN ('accepted', 'quarantined')),
      reasons TEXT, message_fingerprint TEXT, email TEXT, receipt_key TEXT, source TEXT)`;
    const indexes = ["created (created_at)", "fingerprint (message_fingerprint, created_at)", "email (email)", "receipt_key (receipt_key, created_at)"];
    await run(
      database,
      db,
      ...onPostgres(database, `ALTER TABLE submissions DROP CONSTRAINT IF EXISTS submissions_kind_check`),
      ...onSqlite(
        database,
        ...rebuild(
          "submissions",
          columns,
          create,
          indexes.map((i) => `CREATE INDEX submissions_${i.replace(" ", " ON submissions ")}`),
        ),
      ),
    );
  },
  // A time token is single-use too, not only an ALTCHA nonce: one table for both.
  "004-single-use-tokens": (database, db) =>
    run(database, db, `ALTER TABLE altcha_nonces RENAME TO used_tokens`, `ALTER TABLE used_tokens RENAME COLUMN nonce TO token`),
  // Digests of held enquiries (`day` unique: one a day between instances); a digest's mail is a delivery of no one submission.
  "005-digests": async (database, db) => {
    const columns = "id, submission_id, kind, target, payload, attempts, next_attempt_at, window_start, last_error, sent_at, failed_at, outcome";
    const create = `CREATE TABLE deliveries_new (id INTEGER PRIMARY KEY AUTOINCREMENT, submission_id INTEGER REFERENCES submissions (id) ON DELETE CASCADE,
      kind TEXT NOT NULL, target TEXT, payload TEXT, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at TEXT NOT NULL,
      window_start TEXT NOT NULL, last_error TEXT, sent_at TEXT, failed_at TEXT, outcome TEXT)`;
    await run(
      database,
      db,
      `CREATE TABLE digests (id {id}, day text UNIQUE, created_at {time} NOT NULL)`,
      `ALTER TABLE submissions ADD COLUMN digest_id integer`,
      ...onPostgres(database, `ALTER TABLE deliveries ALTER COLUMN submission_id DROP NOT NULL`),
      ...onSqlite(database, ...rebuild("deliveries", columns, create, DELIVERIES_INDEXES)),
    );
  },
  // What a person decided about a held enquiry (the digest's Release and Spam links), and when.
  "006-review": (database, db) => run(database, db, `ALTER TABLE submissions ADD COLUMN review text`, `ALTER TABLE submissions ADD COLUMN reviewed_at {time}`),
  // The weekly summary to sales: one row a week, so instances send one between them.
  "007-weekly-summaries": (database, db) => run(database, db, `CREATE TABLE weekly_summaries (week text PRIMARY KEY, created_at {time} NOT NULL)`),
  // When a digest's mail went out: the held enquiries of a digest never sent (refused, failed) are listed again by the next.
  "008-digest-sent": (database, db) => run(database, db, `ALTER TABLE digests ADD COLUMN sent_at {time}`),
  // Page views, landings by source, Web Vitals histograms, a day at a time (src/server/analytics/): no
  // visitor's address or identifier, only the day's salt and the salted hashes of the day's visitors,
  // both deleted when the day is over.
  "009-analytics": (database, db) =>
    run(
      database,
      db,
      `CREATE TABLE analytics_salts (day text PRIMARY KEY, salt text NOT NULL)`,
      `CREATE TABLE analytics_seen (day text NOT NULL, visitor text NOT NULL, CONSTRAINT analytics_seen_pkey PRIMARY KEY (day, visitor))`,
      `CREATE TABLE analytics_pages (day text NOT NULL, path text NOT NULL, views integer NOT NULL, visitors integer NOT NULL,
         CONSTRAINT analytics_pages_pkey PRIMARY KEY (day, path))`,
      `CREATE TABLE analytics_sources (day text NOT NULL, landing text NOT NULL, source text NOT NULL, medium text NOT NULL,
         campaign text NOT NULL, visits integer NOT NULL, CONSTRAINT analytics_sources_pkey PRIMARY KEY (day, landing, source, medium, campaign))`,
      `CREATE TABLE analytics_vitals (day text NOT NULL, path text NOT NULL, metric text NOT NULL, bucket integer NOT NULL, samples integer NOT NULL,
         CONSTRAINT analytics_vitals_pkey PRIMARY KEY (day, path, metric, bucket))`,
    ),
};

/** What the retired version bookkeeping says once the Migrator keeps it: more than the old code knows. */
const LEGACY_RETIRED = 1000;

/** The version in the bookkeeping before the Migrator, 0 when there is none. */
export async function legacyVersion(database: Database, db: Db): Promise<number> {
  if (database.name === "sqlite") return (await sql<{ user_version: number }>`PRAGMA user_version`.execute(db)).rows[0]!.user_version;
  if ((await sql<{ t: string | null }>`SELECT to_regclass('schema_version') AS t`.execute(db)).rows[0]!.t === null) return 0;
  return (await sql<{ version: number }>`SELECT version FROM schema_version`.execute(db)).rows[0]?.version ?? 0;
}

export async function retireLegacyVersion(database: Database, db: Db): Promise<void> {
  if (database.name === "sqlite") return void (await sql`PRAGMA user_version = ${sql.lit(LEGACY_RETIRED)}`.execute(db));
  await run(database, db, `CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)`, `DELETE FROM schema_version`);
  await sql`INSERT INTO schema_version (version) VALUES (${LEGACY_RETIRED})`.execute(db);
}
