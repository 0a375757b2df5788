/** The kinds a submission may have are the form folders (FORM_KINDS), not a list in the table. */
import { run, onSqlite, onPostgres, rebuild, type Step } from "./statements.ts";

export const up: Step = async (database, db) => {
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
};
