import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";

/** The store of the server playwright.config.ts starts (E2E_DATA_DIR, by default .tmp/e2e-data). */
export const DATA_DIR = resolve(process.env.E2E_DATA_DIR ?? ".tmp/e2e-data");

/** The stored enquiry whose payload has `value` in `field`. */
export function storedWhere(field: string, value: string): { kind: string; status: string; payload: Record<string, string> } | undefined {
  const db = new Database(join(DATA_DIR, "site.db"), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare(`SELECT kind, status, payload FROM submissions WHERE json_extract(payload, '$.' || ?) = ?`).get(field, value) as
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
