/**
 * Lists form submissions from ${DATA_DIR}/site.db.
 *
 *   npm run submissions                          table of everything
 *   npm run submissions -- --status failed       only failed deliveries
 *   npm run submissions -- --kind quote --csv > quotes.csv
 *
 * Options: --kind contact|quote, --status queued|sent|failed|spam, --csv, --data-dir DIR
 * (default: $DATA_DIR or ./data). Read-only: safe while the server runs.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { SUBMISSION_STATUSES, Store } from "../src/server/store.ts";
import type { SubmissionListRow, SubmissionStatus } from "../src/server/store.ts";
import { FORM_KINDS } from "../src/server/validate.ts";
import type { FormKind } from "../src/server/validate.ts";

const USAGE = `Usage: npm run submissions -- [--kind contact|quote] [--status queued|sent|failed|spam] [--csv] [--data-dir DIR]

Lists stored form submissions (newest last). --csv writes RFC 4180 CSV to stdout; cells that a
spreadsheet would read as a formula (starting with = + - @) get a leading apostrophe.`;

export interface Row {
  id: number;
  receivedAt: Date;
  kind: FormKind;
  name: string;
  email: string;
  status: SubmissionStatus;
  attempts: number;
  lastError: string;
}

const text = (value: unknown): string => (typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value));

export function toRow(r: SubmissionListRow): Row {
  return {
    id: r.id,
    receivedAt: r.createdAt,
    kind: r.kind,
    name: text(r.payload.name),
    email: text(r.payload.email),
    status: r.status,
    attempts: r.attempts ?? 0,
    lastError: r.status === "sent" ? "" : (r.lastError ?? ""),
  };
}

/** One CSV cell: quoted when needed, formula-looking text defused. */
export function csvCell(value: string | number): string {
  let s = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: readonly Row[]): string {
  const header = ["id", "received_at", "kind", "name", "email", "status", "attempts", "last_error"];
  const lines = [header.join(",")];
  for (const r of rows) {
    lines.push(
      [r.id, r.receivedAt.toISOString(), r.kind, r.name, r.email, r.status, r.attempts, r.lastError].map(csvCell).join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

const timeFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

function oneLine(value: string, max: number): string {
  const flat = value.replace(/[\r\n\t]+/g, " ");
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : flat;
}

export function toTable(rows: readonly Row[]): string {
  const header = ["ID", "Received (IST)", "Kind", "Name", "Email", "Status", "Tries", "Last error"];
  const body = rows.map((r) => [
    String(r.id),
    timeFormat.format(r.receivedAt).replace(",", ""),
    r.kind,
    oneLine(r.name, 28),
    oneLine(r.email, 36),
    r.status,
    String(r.attempts),
    oneLine(r.lastError, 60),
  ]);
  const widths = header.map((h, i) => Math.max([...h].length, ...body.map((cells) => [...cells[i]!].length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 6 ? c.padStart(widths[i]!) : c + " ".repeat(widths[i]! - [...c].length)))
      .join("  ")
      .trimEnd();
  const counts = SUBMISSION_STATUSES.map((s) => [s, rows.filter((r) => r.status === s).length] as const).filter(([, n]) => n > 0);
  const summary = `${rows.length} submission${rows.length === 1 ? "" : "s"}${counts.length ? ` (${counts.map(([s, n]) => `${n} ${s}`).join(", ")})` : ""}`;
  return [format(header), format(widths.map((w) => "-".repeat(w))), ...body.map(format), "", summary].join("\n") + "\n";
}

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

export function main(argv: string[] = process.argv.slice(2)): void {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        kind: { type: "string" },
        status: { type: "string" },
        csv: { type: "boolean", default: false },
        "data-dir": { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const kind = values.kind;
  if (kind !== undefined && !FORM_KINDS.includes(kind as FormKind)) fail(`--kind must be one of ${FORM_KINDS.join(", ")}.`);
  const status = values.status;
  if (status !== undefined && !SUBMISSION_STATUSES.includes(status as SubmissionStatus)) {
    fail(`--status must be one of ${SUBMISSION_STATUSES.join(", ")}.`);
  }
  const dataDir = resolve(values["data-dir"] ?? process.env.DATA_DIR ?? "data");
  if (!existsSync(join(dataDir, "site.db"))) {
    process.stderr.write(`No database at ${join(dataDir, "site.db")}: nothing submitted yet (or set DATA_DIR / --data-dir).\n`);
    process.exit(1);
  }
  const store = Store.open(dataDir, { readonly: true });
  try {
    const rows = store.list({ kind: kind as FormKind | undefined, status: status as SubmissionStatus | undefined }).map(toRow);
    process.stdout.write(values.csv ? toCsv(rows) : toTable(rows));
  } finally {
    store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
