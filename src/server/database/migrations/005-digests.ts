/**
 * Digests of held enquiries (`day` unique: one a day between instances); a digest's mail is a
 * delivery of no one submission.
 */
import { run, onSqlite, onPostgres, rebuild, DELIVERIES_INDEXES, type Step } from "./statements.ts";

export const up: Step = async (database, db) => {
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
};
