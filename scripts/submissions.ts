/**
 * Lists, exports, requeues and purges form submissions: in PostgreSQL when DATABASE_URL is set,
 * else in ${DATA_DIR}/site.db.
 *
 *   npm run submissions                             table of everything
 *   npm run submissions -- --status failed          only failed deliveries
 *   npm run submissions -- --kind quote --since 2026-01-01 --csv > quotes.csv
 *   npm run submissions -- --requeue failed         make every failed delivery again (or those of submission 12: --requeue 12)
 *   npm run submissions -- --purge                  remove delivered enquiries (and .eml files) older than RETENTION_DAYS
 *   npm run submissions -- --spam                   the quarantine: enquiries held as doubtful, with the reasons
 *   npm run submissions -- --release 12             send quarantined enquiry 12 on (queues its deliveries)
 *   npm run submissions -- --erase a@example.com    remove one person's enquiries, their pending deliveries and .eml files (digests naming them included)
 *   npm run submissions -- --digest                 mail sales the digest of enquiries held since the last one, now
 *
 * Listing is read-only and safe while the server runs; --requeue, --release, --erase, --digest and --purge
 * write, and are safe too (the running server's outbox picks queued deliveries up within
 * OUTBOX_POLL_MS). Run it with the server's environment: --release queues the webhook only when
 * LEAD_WEBHOOK_URL is set, and the receipt only when DIST_DIR holds a build with sales' details.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { ConfigError, loadConfig } from "../src/server/config.ts";
import { DEFAULT_TIME_ZONE, formatMinute, zoneName } from "../src/server/site-time.ts";
import type { Config, Env } from "../src/server/config.ts";
import { releaseHeld } from "../src/server/enquiries/lead-deliveries.ts";
import { eraseMailFiles, purgeMailFiles, sourceLines } from "../src/server/outbox/mail.ts";
import { leadKinds } from "../src/server/outbox/senders/index.ts";
import { readBuiltSite } from "../src/handover/built-site.ts";
import { EnquiryStore, QUARANTINE_DAYS, SUBMISSION_STATUSES, StorageError } from "../src/server/store/index.ts";
import type { SubmissionRow, SubmissionStatus } from "../src/server/store/index.ts";
import { FIELD_TYPES } from "../src/forms/field-types.ts";
import { FORM_KINDS, SOURCE_FIELDS, emailOf, fieldsOf, formSchemas } from "../src/server/enquiries/validate.ts";
import type { FormField, FormKind, FormSchema } from "../src/server/enquiries/validate.ts";

const USAGE = `Usage: npm run submissions -- [--kind ${FORM_KINDS.join("|")}] [--status queued|sent|failed|quarantined] [--since YYYY-MM-DD]
                              [--csv] [--spam] [--release ID] [--erase EMAIL] [--requeue ID|failed] [--purge] [--digest] [--data-dir DIR]

Lists stored form submissions (newest last), from PostgreSQL when DATABASE_URL is set, else from
DATA_DIR/site.db (--data-dir overrides DATA_DIR). --csv writes RFC 4180 CSV to stdout with every field of
the form (of both forms without --kind); cells that a spreadsheet would read as a formula (starting
with = + - @) get a leading apostrophe. --requeue makes failed deliveries again; --purge removes
delivered enquiries and .eml files (MAIL_DELIVERY=files) older than RETENTION_DAYS (365), quarantined ones older than ${QUARANTINE_DAYS} days and honeypot
counters older than 7 days. --spam lists the quarantine (enquiries the spam checks doubted: stored, not
delivered) with the reasons; --release ID sends one on; --erase EMAIL removes every enquiry from that
address, its deliveries not yet made and its .eml files, leaving no copy in the database's files. --digest
queues the digest of the enquiries held since the last digest (to DIGEST_TO or MAIL_TO), which the running
server sends as it does every day at DIGEST_HOUR. Without --spam or --status, quarantined enquiries are not listed.`;

const text = (value: unknown): string => (typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value));

/**
 * Characters a terminal or spreadsheet would act on rather than show (controls, text-direction
 * overrides, zero-width and line separators), written as \u{…} so an enquiry cannot recolour the
 * operator's terminal or forge table rows. `keep` names what stays (line breaks in a CSV cell).
 */
export function escapeUnprintable(value: string, keep: RegExp = /(?!)/): string {
  return value.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => (keep.test(c) ? c : `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}`));
}

/** One CSV cell: non-printables escaped, formula-looking text defused, quoted when needed. */
export function csvCell(value: string | number): string {
  let s = typeof value === "string" ? escapeUnprintable(value.replace(/\r\n?/g, "\n"), /\n/) : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The status to show: "written to file" for an enquiry whose mail only went to an .eml file
 * (MAIL_DELIVERY=files), which no one was sent.
 */
export const shownStatus = (r: SubmissionRow): string =>
  r.status === "sent" && r.deliveries.some((d) => d.outcome?.startsWith("written to file")) ? "written to file" : r.status;

/** Attempts over all the submission's deliveries. */
const attempts = (r: SubmissionRow): number => r.deliveries.reduce((sum, d) => sum + d.attempts, 0);

/** Why the deliveries not yet made are waiting or failed, each named by its kind. */
const errors = (r: SubmissionRow): string =>
  r.deliveries
    .filter((d) => d.sentAt === null && d.lastError !== null)
    .map((d) => `${d.kind}: ${d.lastError}`)
    .join("; ");

/** Why the spam checks held it, one sentence a finding. */
function reasonsOf(r: SubmissionRow): string {
  if (!Array.isArray(r.reasons)) return "";
  return r.reasons.map((f) => (f && typeof f === "object" && "reason" in f ? String((f as { reason: unknown }).reason) : text(f))).join(" ");
}

/** Where the visit came from, short: the referring site or the utm_source, else the landing page. */
function cameFrom(r: SubmissionRow): string {
  const { referrer, utmSource, utmCampaign, landingPage } = r.source;
  const from = utmSource ? `utm:${utmSource}${utmCampaign ? `/${utmCampaign}` : ""}` : referrer ? referrer.replace(/^https?:\/\//, "") : "";
  return [from, landingPage].filter(Boolean).join(" → ") || "-";
}

/** The form fields of `kinds`, in schema order, each once, with its kind (field-types.ts writes its value). */
function fieldColumns(kinds: readonly FormKind[], schemas: Readonly<Record<string, FormSchema>>): FormField[] {
  const all = kinds.flatMap((k) => fieldsOf(schemas[k]!));
  return all.filter((f, i) => all.findIndex((g) => g.name === f.name) === i);
}

export function toCsv(
  rows: readonly SubmissionRow[],
  kinds: readonly FormKind[] = FORM_KINDS,
  schemas: Readonly<Record<string, FormSchema>> = formSchemas,
): string {
  const fields = fieldColumns(kinds, schemas);
  const header = [
    "id",
    "reference",
    "received_at",
    "kind",
    ...fields.map((f) => f.name),
    ...SOURCE_FIELDS,
    "status",
    "attempts",
    "last_error",
    "ip",
    "spam_reasons",
  ];
  const lines = [header.join(",")];
  for (const r of rows) {
    const cells = [
      ...[r.id, r.reference, r.createdAt.toISOString(), r.kind],
      ...fields.map((f) => FIELD_TYPES[f.type].text(r.payload[f.name])),
      ...SOURCE_FIELDS.map((f) => text(r.source[f])),
      ...[shownStatus(r), attempts(r), errors(r), r.ip ?? "", reasonsOf(r)],
    ];
    lines.push(cells.map(csvCell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

function oneLine(value: string, max: number): string {
  const chars = [...escapeUnprintable(value.replace(/[\r\n\t]+/g, " "))];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : chars.join("");
}

/** What sums the enquiry up: its form's summary fields (the schema's "x-form" names them), those given, joined. */
function summaryOf(r: SubmissionRow, schema: FormSchema | undefined): string {
  if (!schema) return "";
  return schema["x-form"].summary
    .map((name) => FIELD_TYPES[fieldsOf(schema).find((f) => f.name === name)!.type].text(r.payload[name]))
    .filter((value) => value.trim() !== "")
    .join(" · ");
}

/** The listing's table, its times in `timeZone` (SITE_TIME_ZONE). */
export function toTable(
  rows: readonly SubmissionRow[],
  schemas: Readonly<Record<string, FormSchema>> = formSchemas,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  // None for a kind whose form folder is gone since.
  const schemaOf = (r: SubmissionRow): FormSchema | undefined => (schemas as Partial<Record<string, FormSchema>>)[r.kind];
  const header = ["ID", "Reference", `Received (${zoneName(timeZone)})`, "Kind", "Name", "Email", "Summary", "Came from", "Status", "Tries", "Last error"];
  const body = rows.map((r) => [
    String(r.id),
    r.reference,
    formatMinute(r.createdAt, timeZone),
    r.kind,
    oneLine(text(r.payload.name), 28),
    oneLine(schemaOf(r) ? emailOf(schemaOf(r)!, r.payload) : "", 36),
    oneLine(summaryOf(r, schemaOf(r)), 40),
    oneLine(cameFrom(r), 40),
    shownStatus(r),
    String(attempts(r)),
    oneLine(r.status === "quarantined" ? reasonsOf(r) : errors(r), 60),
  ]);
  const widths = header.map((h, i) => Math.max([...h].length, ...body.map((cells) => [...cells[i]!].length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 9 ? c.padStart(widths[i]!) : c + " ".repeat(widths[i]! - [...c].length)))
      .join("  ")
      .trimEnd();
  const counts = [...SUBMISSION_STATUSES, "written to file"].map((s) => [s, rows.filter((r) => shownStatus(r) === s).length] as const).filter(([, n]) => n > 0);
  const summary = `${rows.length} submission${rows.length === 1 ? "" : "s"}${counts.length ? ` (${counts.map(([s, n]) => `${n} ${s}`).join(", ")})` : ""}`;
  return [format(header), format(widths.map((w) => "-".repeat(w))), ...body.map(format), "", summary].join("\n") + "\n";
}

/** A command line refused: main prints the message with the usage and returns 2. */
class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

function parseSince(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const since = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(since.getTime())) fail(`--since must be a date like 2026-01-31, got "${value}".`);
  return since;
}

interface Writer {
  write(text: string): unknown;
}

/** What main reads and writes besides its arguments: tests pass their own and run it in-process, as a process per case takes seconds. */
export interface Io {
  env: Env;
  stdout: Writer;
  stderr: Writer;
}

/** Runs the command; resolves to its exit code: 2 for a refused command line, 1 for no database or nothing to requeue or release. */
export async function main(argv: string[] = process.argv.slice(2), io: Partial<Io> = {}): Promise<number> {
  const { env = process.env, stdout = process.stdout, stderr = process.stderr } = io;
  try {
    return await run(argv, { env, stdout, stderr });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    stderr.write(`${error.message}\n\n${USAGE}\n`);
    return 2;
  }
}

async function run(argv: string[], { env, stdout, stderr }: Io): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        kind: { type: "string" },
        status: { type: "string" },
        since: { type: "string" },
        csv: { type: "boolean", default: false },
        requeue: { type: "string" },
        purge: { type: "boolean", default: false },
        digest: { type: "boolean", default: false },
        spam: { type: "boolean", default: false },
        release: { type: "string" },
        erase: { type: "string" },
        "data-dir": { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    stdout.write(`${USAGE}\n`);
    return 0;
  }
  const kind = values.kind;
  if (kind !== undefined && !FORM_KINDS.includes(kind as FormKind)) fail(`--kind must be one of ${FORM_KINDS.join(", ")}.`);
  const status = values.status;
  if (status !== undefined && !SUBMISSION_STATUSES.includes(status as SubmissionStatus)) {
    fail(`--status must be one of ${SUBMISSION_STATUSES.join(", ")}.`);
  }
  const since = parseSince(values.since);
  const requeue = values.requeue;
  if (requeue !== undefined && requeue !== "failed" && !/^\d+$/.test(requeue)) fail(`--requeue takes a submission id or "failed", got "${requeue}".`);
  const release = values.release;
  if (release !== undefined && !/^\d+$/.test(release)) fail(`--release takes the id of a quarantined submission, got "${release}".`);
  const erase = values.erase?.trim();
  if (erase !== undefined && !/^[^\s@]+@[^\s@]+$/.test(erase)) fail(`--erase takes an e-mail address, got "${erase}".`);
  if (values.spam && status !== undefined && status !== "quarantined") fail("--spam lists the quarantine; leave out --status.");
  let config: Config;
  try {
    config = loadConfig({ ...env, ...(values["data-dir"] ? { DATA_DIR: values["data-dir"] } : {}) });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (!config.databaseUrl && !existsSync(join(config.dataDir, "site.db"))) {
    stderr.write(`No database at ${join(config.dataDir, "site.db")}: nothing submitted yet (or set DATA_DIR / --data-dir, or DATABASE_URL).\n`);
    return 1;
  }
  const writes = requeue !== undefined || values.purge || release !== undefined || erase !== undefined || values.digest;
  let store: EnquiryStore;
  try {
    store = await EnquiryStore.open(config, { readonly: !writes });
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
    stderr.write(`${error.message}\n`);
    return 1;
  }

  if (writes) {
    let code = 0;
    try {
      if (requeue !== undefined) {
        const ids = await store.requeue(requeue === "failed" ? "failed" : [Number(requeue)]);
        if (requeue !== "failed" && ids.length === 0) {
          stderr.write(`Submission ${requeue} is not a failed one; nothing requeued.\n`);
          code = 1;
        } else
          stdout.write(
            `Requeued the failed deliveries of ${ids.length} submission${ids.length === 1 ? "" : "s"}${ids.length ? ` (${ids.join(", ")})` : ""}; the running server makes them shortly.\n`,
          );
      }
      if (release !== undefined) {
        const row = await store.get(Number(release));
        const deliveries = row && (await releaseHeld(store, leadKinds({ config, sales: readBuiltSite(config.distDir).sales }), row.id, new Date()));
        if (!row || !deliveries) {
          stderr.write(`Submission ${release} is not in the quarantine, or was reviewed already (see --spam); nothing released.\n`);
          code = 1;
        } else
          stdout.write(
            `Released ${row.reference} (submission ${row.id}): queued ${deliveries.map((d) => d.kind).join(", ")}; the running server makes them shortly.\n`,
          );
      }
      if (erase !== undefined) {
        // Their enquiries' mails, and the digests that listed them (a digest's file is removed whole).
        const theirs = [...(await store.list({ email: erase })), ...(await store.digests({ email: erase })).map((d) => ({ ...d, kind: "digest" }))];
        const removed = await store.erase(erase);
        const files = await eraseMailFiles(config.dataDir, theirs);
        stdout.write(
          `Erased ${removed.enquiries} enquir${removed.enquiries === 1 ? "y" : "ies"} from ${erase}, ${removed.pendingDeliveries} deliver${removed.pendingDeliveries === 1 ? "y" : "ies"} not yet made and ${files} .eml file${files === 1 ? "" : "s"}.\n`,
        );
      }
      if (values.digest) {
        const made = await store.createDigest(null, new Date());
        stdout.write(
          made && made.held > 0
            ? `Queued digest ${made.id} of ${made.held} held enquir${made.held === 1 ? "y" : "ies"} to ${config.digest.to}; the running server sends it shortly.\n`
            : "No enquiry was held since the last digest; no digest queued.\n",
        );
      }
      if (values.purge) {
        const now = new Date();
        const removed = await store.purge(now, config.retentionDays);
        const files = await purgeMailFiles(config.dataDir, now, config.retentionDays);
        stdout.write(
          `Removed ${removed.enquiries} delivered enquiries and ${files} .eml files older than ${config.retentionDays} days, ${removed.quarantined} quarantined ones older than ${QUARANTINE_DAYS} days and ${removed.spamDays} daily spam counters.\n`,
        );
      }
    } finally {
      await store.close();
    }
    return code;
  }

  try {
    const listed = (values.spam ? "quarantined" : status) as SubmissionStatus | undefined;
    const rows = (await store.list({ kind: kind as FormKind | undefined, status: listed, since })).filter(
      (r) => listed !== undefined || r.status !== "quarantined",
    );
    stdout.write(values.csv ? toCsv(rows, kind ? [kind as FormKind] : FORM_KINDS) : toTable(rows, formSchemas, config.timeZone));
    return 0;
  } finally {
    await store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) process.exitCode = await main();
