/**
 * The migrations' steps that SQLite cannot take with ALTER TABLE: the table is made again and its
 * rows copied (migrations.ts calls these on SQLite only).
 */
import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { Tables } from "./database.ts";

/**
 * SQLite has no DROP CONSTRAINT: the table is made again without the CHECK and the rows copied,
 * the procedure of SQLite's manual ("Making Other Kinds Of Table Schema Changes"), with foreign
 * keys off around the transaction (Database.migrationTransaction). The id sequence is carried over,
 * so no id is ever given twice.
 */
export async function rebuildSubmissionsWithoutKindCheck(db: Kysely<Tables>): Promise<void> {
  const columns = "id, kind, payload, ip, user_agent, created_at, state, reasons, message_fingerprint, email, receipt_key, source";
  const steps = [
    `CREATE TABLE submissions_new (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, payload TEXT NOT NULL, ip TEXT, user_agent TEXT,
       created_at TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'accepted' CHECK (state IN ('accepted', 'quarantined')), reasons TEXT,
       message_fingerprint TEXT, email TEXT, receipt_key TEXT, source TEXT)`,
    `INSERT INTO submissions_new (${columns}) SELECT ${columns} FROM submissions ORDER BY id`,
    `DELETE FROM sqlite_sequence WHERE name = 'submissions_new'`,
    `INSERT INTO sqlite_sequence (name, seq) SELECT 'submissions_new', seq FROM sqlite_sequence WHERE name = 'submissions'`,
    `DROP TABLE submissions`,
    `ALTER TABLE submissions_new RENAME TO submissions`,
    `CREATE INDEX submissions_created ON submissions (created_at)`,
    `CREATE INDEX submissions_fingerprint ON submissions (message_fingerprint, created_at)`,
    `CREATE INDEX submissions_email ON submissions (email)`,
    `CREATE INDEX submissions_receipt_key ON submissions (receipt_key, created_at)`,
  ];
  for (const step of steps) await sql.raw(step).execute(db);
}

/** SQLite cannot drop a NOT NULL either: the deliveries table is made again, as above. */
export async function rebuildDeliveriesWithNullableSubmission(db: Kysely<Tables>): Promise<void> {
  const columns = "id, submission_id, kind, target, payload, attempts, next_attempt_at, window_start, last_error, sent_at, failed_at, outcome";
  const steps = [
    `CREATE TABLE deliveries_new (id INTEGER PRIMARY KEY AUTOINCREMENT, submission_id INTEGER REFERENCES submissions (id) ON DELETE CASCADE,
       kind TEXT NOT NULL, target TEXT, payload TEXT, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at TEXT NOT NULL,
       window_start TEXT NOT NULL, last_error TEXT, sent_at TEXT, failed_at TEXT, outcome TEXT)`,
    `INSERT INTO deliveries_new (${columns}) SELECT ${columns} FROM deliveries ORDER BY id`,
    `DELETE FROM sqlite_sequence WHERE name = 'deliveries_new'`,
    `INSERT INTO sqlite_sequence (name, seq) SELECT 'deliveries_new', seq FROM sqlite_sequence WHERE name = 'deliveries'`,
    `DROP TABLE deliveries`,
    `ALTER TABLE deliveries_new RENAME TO deliveries`,
    `CREATE INDEX deliveries_due ON deliveries (next_attempt_at, id) WHERE sent_at IS NULL AND failed_at IS NULL`,
    `CREATE INDEX deliveries_submission ON deliveries (submission_id)`,
  ];
  for (const step of steps) await sql.raw(step).execute(db);
}
