import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";

/** The store of the server playwright.config.ts starts (E2E_DATA_DIR, by default .tmp/e2e-data). */
export const DATA_DIR = resolve(process.env.E2E_DATA_DIR ?? ".tmp/e2e-data");

/** The stored enquiry whose payload has `value` in `field`. */
export function storedWhere(field: string, value: string): { kind: string; status: string; payload: Record<string, string> } | undefined {
  const db = new Database(join(DATA_DIR, "site.db"), { readonly: true, fileMustExist: true });
  try {
    // The status as the store reads it: held by the spam verdict, else from its deliveries (src/server/store/enquiries.ts).
    const status = `CASE WHEN s.state = 'quarantined' THEN 'quarantined'
      WHEN EXISTS (SELECT 1 FROM deliveries d WHERE d.submission_id = s.id AND d.sent_at IS NULL AND d.failed_at IS NOT NULL) THEN 'failed'
      WHEN EXISTS (SELECT 1 FROM deliveries d WHERE d.submission_id = s.id AND d.sent_at IS NULL) THEN 'queued' ELSE 'sent' END`;
    const row = db.prepare(`SELECT kind, ${status} AS status, payload FROM submissions s WHERE json_extract(payload, '$.' || ?) = ?`).get(field, value) as
      { kind: string; status: string; payload: string } | undefined;
    return row && { ...row, payload: JSON.parse(row.payload) as Record<string, string> };
  } finally {
    db.close();
  }
}

/** Whether a mail holding `marker` was written: without SMTP_URL the server writes each as an .eml file. */
export function mailedWith(marker: string): boolean {
  const mailDir = join(DATA_DIR, "mail");
  try {
    return readdirSync(mailDir)
      .filter((f) => f.endsWith(".eml"))
      .some((f) => readFileSync(join(mailDir, f), "utf8").includes(marker));
  } catch {
    return false;
  }
}
