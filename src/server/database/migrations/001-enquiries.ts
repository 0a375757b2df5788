/** Submissions, the deliveries each needs (the outbox), and daily honeypot counters. */
import { run, onSqlite, onPostgres, DELIVERIES_INDEXES, type Step } from "./statements.ts";

export const up: Step = async (database, db, legacy) => {
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
};
