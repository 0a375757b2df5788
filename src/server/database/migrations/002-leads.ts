/**
 * Leads sales can trust: quarantine and its reasons, the message fingerprint (repeats), the
 * visitor's address (receipts a day, erasure), where the visit came from, used ALTCHA nonces.
 */
import { run, type Step } from "./statements.ts";

export const up: Step = async (database, db) => {
  await run(
    database,
    db,
    `ALTER TABLE submissions ADD COLUMN state text DEFAULT 'accepted' NOT NULL CHECK (state IN ('accepted', 'quarantined'))`,
    ...["reasons {json}", "message_fingerprint text", "email text", "receipt_key text", "source {json}"].map((c) => `ALTER TABLE submissions ADD COLUMN ${c}`),
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
};
