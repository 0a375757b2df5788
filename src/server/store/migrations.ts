/**
 * The schema, as Kysely migrations written once for both databases (column types from database.ts),
 * applied by Kysely's Migrator inside one transaction that holds the database alone
 * (Database.migrationTransaction), so instances starting together migrate once and a crash
 * mid-migration leaves the old schema whole.
 *
 * To change the schema, add a migration to `migrations` and its name to `MIGRATION_NAMES` (in order; never
 * edit one once released), e.g. a column:
 *
 *   "002-submission-reference": {
 *     up: (db) => db.schema.alterTable("submissions").addColumn("reference", "text").execute(),
 *   },
 *
 * then add the column to `Tables` in database.ts and read or write it in enquiries.ts or deliveries.ts.
 *
 * Databases made before the Migrator kept their version in `PRAGMA user_version` (SQLite, 1 or 2)
 * or a `schema_version` row (PostgreSQL, 1), and had one outbox row a submission. For them "001"
 * turns that outbox into deliveries (nothing lost) instead of creating the tables. Afterwards the
 * old bookkeeping says LEGACY_RETIRED, which the old code refuses as "newer than this code knows".
 */
import { sql } from "kysely";
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import type { Migration } from "kysely/migration";
import type { Database, Tables } from "./database.ts";
import { rebuildDeliveriesWithNullableSubmission, rebuildSubmissionsWithoutKindCheck } from "./sqlite-rebuilds.ts";

/** In the order they apply; `migrations` below gives each its steps. */
export const MIGRATION_NAMES = [
  "001-enquiries",
  "002-leads",
  "003-form-kinds",
  "004-single-use-tokens",
  "005-digests",
  "006-review",
  "007-weekly-summaries",
] as const;
export const LATEST_MIGRATION = MIGRATION_NAMES.at(-1)!;

/** SQLite's step from version 1 to 2 before the Migrator, kept verbatim for databases still at 1. */
const SQLITE_LEGACY_1_TO_2 = [
  `CREATE TABLE spam_hits (day TEXT NOT NULL, kind TEXT NOT NULL, hits INTEGER NOT NULL, last_at TEXT NOT NULL, PRIMARY KEY (day, kind)) WITHOUT ROWID`,
  `INSERT INTO spam_hits (day, kind, hits, last_at)
     SELECT substr(created_at, 1, 10), kind, COUNT(*), MAX(created_at) FROM submissions WHERE status = 'spam' GROUP BY 1, 2`,
  `DELETE FROM submissions WHERE status = 'spam'`,
  `ALTER TABLE outbox ADD COLUMN window_start TEXT`,
  `CREATE INDEX submissions_created ON submissions (created_at)`,
];

function migrations(database: Database, legacyVersion: number): Record<(typeof MIGRATION_NAMES)[number], Migration> {
  const { time, json } = database.types;
  return {
    // Submissions, the deliveries each needs (the outbox: a kind naming its sender, a target, a
    // payload, retry state and lease), and daily honeypot counters.
    "001-enquiries": {
      async up(db: Kysely<Tables>) {
        if (legacyVersion === 0) {
          await db.schema
            .createTable("submissions")
            .addColumn("id", "integer", database.identity)
            .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('contact', 'quote')`))
            .addColumn("payload", json, (c) => c.notNull())
            .addColumn("ip", "text")
            .addColumn("user_agent", "text")
            .addColumn("created_at", time, (c) => c.notNull())
            .execute();
          await db.schema.createIndex("submissions_created").on("submissions").column("created_at").execute();
          await db.schema
            .createTable("spam_hits")
            .addColumn("day", "text", (c) => c.notNull())
            .addColumn("kind", "text", (c) => c.notNull())
            .addColumn("hits", "integer", (c) => c.notNull())
            .addColumn("last_at", time, (c) => c.notNull())
            .addPrimaryKeyConstraint("spam_hits_pkey", ["day", "kind"])
            .execute();
        } else if (database.name === "sqlite" && legacyVersion === 1) {
          for (const step of SQLITE_LEGACY_1_TO_2) await sql.raw(step).execute(db);
        }
        await db.schema
          .createTable("deliveries")
          .addColumn("id", "integer", database.identity)
          .addColumn("submission_id", "integer", (c) => c.notNull().references("submissions.id").onDelete("cascade"))
          .addColumn("kind", "text", (c) => c.notNull())
          .addColumn("target", "text")
          .addColumn("payload", json)
          .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("next_attempt_at", time, (c) => c.notNull())
          .addColumn("window_start", time, (c) => c.notNull())
          .addColumn("last_error", "text")
          .addColumn("sent_at", time)
          .addColumn("failed_at", time)
          .addColumn("outcome", "text")
          .execute();
        await db.schema
          .createIndex("deliveries_due")
          .on("deliveries")
          .columns(["next_attempt_at", "id"])
          .where(sql<boolean>`sent_at IS NULL AND failed_at IS NULL`)
          .execute();
        await db.schema.createIndex("deliveries_submission").on("deliveries").column("submission_id").execute();
        if (legacyVersion === 0) return;
        // The old outbox row of each submission is its sales mail; its status is read from it now.
        await sql`INSERT INTO deliveries (submission_id, kind, attempts, next_attempt_at, window_start, last_error, sent_at, failed_at, outcome)
                  SELECT o.submission_id, 'sales-mail', o.attempts, o.next_attempt_at, COALESCE(o.window_start, s.created_at),
                         o.last_error, o.sent_at, o.failed_at, o.message_id
                    FROM outbox o JOIN submissions s ON s.id = o.submission_id
                   ORDER BY o.submission_id`.execute(db);
        await db.schema.dropTable("outbox").execute();
        await db.schema.dropIndex("submissions_status").execute();
        await db.schema.alterTable("submissions").dropColumn("status").execute();
        if (database.name === "postgres") await sql`ALTER TABLE spam_hits ALTER COLUMN day TYPE text USING to_char(day, 'YYYY-MM-DD')`.execute(db);
      },
    },
    // Leads sales can trust: the quarantine and its reasons, the message fingerprint (repeats), the
    // visitor's address (receipts a day, erasure), where the visit came from, and used ALTCHA nonces.
    "002-leads": {
      async up(db: Kysely<Tables>) {
        await db.schema
          .alterTable("submissions")
          .addColumn("state", "text", (c) =>
            c
              .notNull()
              .defaultTo("accepted")
              .check(sql`state IN ('accepted', 'quarantined')`),
          )
          .execute();
        for (const [column, type] of [
          ["reasons", json],
          ["message_fingerprint", "text"],
          ["email", "text"],
          ["receipt_key", "text"],
          ["source", json],
        ] as const)
          await db.schema.alterTable("submissions").addColumn(column, type).execute();
        await db.schema.createIndex("submissions_fingerprint").on("submissions").columns(["message_fingerprint", "created_at"]).execute();
        await db.schema.createIndex("submissions_email").on("submissions").column("email").execute();
        await db.schema.createIndex("submissions_receipt_key").on("submissions").columns(["receipt_key", "created_at"]).execute();
        await db.schema
          .createTable("altcha_nonces")
          .addColumn("nonce", "text", (c) => c.primaryKey())
          .addColumn("expires_at", time, (c) => c.notNull())
          .execute();
        // Enquiries kept from before: their address, so --erase finds them too.
        const rows = await db.selectFrom("submissions").select(["id", "payload"]).execute();
        for (const row of rows) {
          const payload = database.readJson(row.payload) as { email?: unknown } | null;
          const email = typeof payload?.email === "string" ? payload.email.trim().toLowerCase() : null;
          if (email) await db.updateTable("submissions").set({ email }).where("id", "=", row.id).execute();
        }
      },
    },
    // The forms are folders (src/blocks/form/forms/): the kinds a submission may have are their
    // names, which the store checks (FORM_KINDS), not a list written into the table once.
    "003-form-kinds": {
      up: (db: Kysely<Tables>) =>
        database.name === "postgres"
          ? sql`ALTER TABLE submissions DROP CONSTRAINT IF EXISTS submissions_kind_check`.execute(db).then(() => undefined)
          : rebuildSubmissionsWithoutKindCheck(db),
    },
    // A time token is single-use too, not only an ALTCHA nonce: one table for both.
    "004-single-use-tokens": {
      async up(db: Kysely<Tables>) {
        await db.schema.alterTable("altcha_nonces").renameTo("used_tokens").execute();
        await db.schema.alterTable("used_tokens").renameColumn("nonce", "token").execute();
      },
    },
    // The digest of held enquiries: one row a digest (`day` unique, so instances sharing a database
    // send one a day), the enquiries it listed, and its mail as a delivery of no one submission.
    "005-digests": {
      async up(db: Kysely<Tables>) {
        await db.schema
          .createTable("digests")
          .addColumn("id", "integer", database.identity)
          .addColumn("day", "text", (c) => c.unique())
          .addColumn("created_at", time, (c) => c.notNull())
          .execute();
        await db.schema.alterTable("submissions").addColumn("digest_id", "integer").execute();
        if (database.name === "postgres") await sql`ALTER TABLE deliveries ALTER COLUMN submission_id DROP NOT NULL`.execute(db);
        else await rebuildDeliveriesWithNullableSubmission(db);
      },
    },
    // What a person decided about a held enquiry (the digest's Release and Spam links), and when.
    "006-review": {
      async up(db: Kysely<Tables>) {
        await db.schema.alterTable("submissions").addColumn("review", "text").execute();
        await db.schema.alterTable("submissions").addColumn("reviewed_at", time).execute();
      },
    },
    // The weekly summary to sales: one row a week (its start), so instances send one between them.
    "007-weekly-summaries": {
      up: (db: Kysely<Tables>) =>
        db.schema
          .createTable("weekly_summaries")
          .addColumn("week", "text", (c) => c.primaryKey())
          .addColumn("created_at", time, (c) => c.notNull())
          .execute(),
    },
  };
}

/** What the retired version bookkeeping says once the Migrator keeps it: more than the old code knows. */
const LEGACY_RETIRED = 1000;

/** The version in the bookkeeping before the Migrator, 0 when there is none. */
async function legacyVersion(database: Database, db: Kysely<Tables>): Promise<number> {
  if (database.name === "sqlite") return (await sql<{ user_version: number }>`PRAGMA user_version`.execute(db)).rows[0]!.user_version;
  const table = await sql<{ t: string | null }>`SELECT to_regclass('schema_version') AS t`.execute(db);
  if (table.rows[0]!.t === null) return 0;
  return (await sql<{ version: number }>`SELECT version FROM schema_version`.execute(db)).rows[0]?.version ?? 0;
}

/** Sets that bookkeeping to LEGACY_RETIRED, which the old code refuses as newer than it knows. */
async function retireLegacyVersion(database: Database, db: Kysely<Tables>): Promise<void> {
  if (database.name === "sqlite") {
    await sql`PRAGMA user_version = ${sql.lit(LEGACY_RETIRED)}`.execute(db);
    return;
  }
  await sql`CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)`.execute(db);
  await sql`DELETE FROM schema_version`.execute(db);
  await sql`INSERT INTO schema_version (version) VALUES (${LEGACY_RETIRED})`.execute(db);
}

async function applied(db: Kysely<Tables>): Promise<string[] | undefined> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === "kysely_migration")) return undefined;
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return rows.map((r) => r.name);
}

function refuseNewer(database: Database, names: readonly string[]): void {
  const unknown = names.find((name) => !(MIGRATION_NAMES as readonly string[]).includes(name));
  if (unknown) throw new Error(`${database.location} has migration ${unknown}, newer than this code knows (${LATEST_MIGRATION}).`);
}

/** Brings the schema up to date, once however many instances start together. */
export async function migrate(database: Database): Promise<void> {
  await database.migrationTransaction(async (trx) => {
    const done = await applied(trx);
    if (done) refuseNewer(database, done);
    const legacy = done ? 0 : await legacyVersion(database, trx);
    const migrator = new Migrator({ db: trx, provider: { getMigrations: async () => migrations(database, legacy) } });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
    await retireLegacyVersion(database, trx);
  });
}

/** The migrations applied, in order; read-only. */
export async function appliedMigrations(database: Database): Promise<string[]> {
  return (await applied(database.db)) ?? [];
}

/** For read-only use (the CLI): refuses a database that is not exactly at this code's schema. */
export async function checkMigrated(database: Database): Promise<void> {
  const done = await appliedMigrations(database);
  refuseNewer(database, done);
  if (done.length !== MIGRATION_NAMES.length) {
    throw new Error(`${database.location} is not migrated to ${LATEST_MIGRATION} yet; start the server once to migrate it.`);
  }
}
