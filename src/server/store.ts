/**
 * SQLite storage of form submissions and their outbox (better-sqlite3, WAL, synchronous=FULL).
 *
 * A submission and its outbox row are written in one transaction, and the HTTP answer is only
 * sent after that commit, so an answered submission survives a crash. The schema version lives in
 * `PRAGMA user_version`; add a new entry to `migrations` to change the schema later.
 *
 * The data folder is private to the server's user (0700, files 0600): it holds visitors' names,
 * addresses and messages.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { FormKind } from "./validate.ts";

export type SubmissionStatus = "queued" | "sent" | "failed";
export const SUBMISSION_STATUSES: readonly SubmissionStatus[] = ["queued", "sent", "failed"];

export interface NewSubmission {
  kind: FormKind;
  /** Stored as JSON: the validated (trimmed) form data. */
  payload: unknown;
  ip: string | undefined;
  userAgent: string | undefined;
  createdAt?: Date;
}

export interface Submission {
  id: number;
  kind: FormKind;
  payload: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  status: SubmissionStatus;
}

/** A claimed outbox row with its submission; `attempts` already counts the attempt being made. */
export interface OutboxJob extends Submission {
  attempts: number;
  /** When the current retry window began: the submission's arrival, or its last requeue. */
  windowStart: Date;
}

export interface SubmissionListRow extends Submission {
  attempts: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  sentAt: Date | null;
  failedAt: Date | null;
  messageId: string | null;
}

export interface ListFilter {
  kind?: FormKind | undefined;
  status?: SubmissionStatus | undefined;
  since?: Date | undefined;
}

export interface QueueStats {
  queued: number;
  oldestQueuedAt: Date | undefined;
  failed: number;
}

export interface PurgeResult {
  /** Delivered enquiries whose personal data was removed. */
  enquiries: number;
  /** Daily honeypot counters removed. */
  spamDays: number;
}

/** The store cannot take a write: disk full, file gone, folder not writable. Answered with 503. */
export class StorageError extends Error {
  override name = "StorageError";
}

/** Each entry moves the schema from version i to i + 1. Never edit an entry once released. */
const migrations: readonly string[] = [
  `
  CREATE TABLE submissions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        TEXT NOT NULL CHECK (kind IN ('contact', 'quote')),
    payload     TEXT NOT NULL CHECK (json_valid(payload)),
    ip          TEXT,
    user_agent  TEXT,
    created_at  TEXT NOT NULL,                 -- ISO 8601, UTC
    status      TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'failed', 'spam'))
  );
  CREATE INDEX submissions_status ON submissions (status);

  CREATE TABLE outbox (
    submission_id    INTEGER PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  TEXT NOT NULL,            -- ISO 8601, UTC; also the lease of a claimed row
    last_error       TEXT,
    sent_at          TEXT,
    failed_at        TEXT,
    message_id       TEXT
  );
  CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
  `,
  // Honeypot hits become one counter a day and form, instead of a row holding whatever was posted;
  // a requeued message gets a fresh retry window.
  `
  CREATE TABLE spam_hits (
    day      TEXT NOT NULL,                    -- YYYY-MM-DD, UTC
    kind     TEXT NOT NULL,
    hits     INTEGER NOT NULL,
    last_at  TEXT NOT NULL,
    PRIMARY KEY (day, kind)
  ) WITHOUT ROWID;
  INSERT INTO spam_hits (day, kind, hits, last_at)
    SELECT substr(created_at, 1, 10), kind, COUNT(*), MAX(created_at) FROM submissions WHERE status = 'spam'
     GROUP BY 1, 2;
  DELETE FROM submissions WHERE status = 'spam';
  ALTER TABLE outbox ADD COLUMN window_start TEXT;
  CREATE INDEX submissions_created ON submissions (created_at);
  `,
];

export const SCHEMA_VERSION = migrations.length;

interface SubmissionRecord {
  id: number;
  kind: FormKind;
  payload: string;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  status: SubmissionStatus;
}

interface ListRecord extends SubmissionRecord {
  attempts: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
  failed_at: string | null;
  message_id: string | null;
}

function parsePayload(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}

function toSubmission(r: SubmissionRecord): Submission {
  return {
    id: r.id,
    kind: r.kind,
    payload: parsePayload(r.payload),
    ip: r.ip,
    userAgent: r.user_agent,
    createdAt: new Date(r.created_at),
    status: r.status,
  };
}

const date = (value: string | null) => (value === null ? null : new Date(value));
const DAY_MS = 86_400_000;
const PRIVATE_FILE = 0o600;

/** The SQLite or file-system error codes that mean "cannot write here", not a bug. */
function isStorageFailure(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && /^(SQLITE_(FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB|PERM)|E(ACCES|PERM|ROFS|NOSPC|NOTDIR|NOENT))/.test(code);
}

export interface StoreOptions {
  /** Open an existing database for reading only (the CLI): no migrations, no pragma changes. */
  readonly?: boolean;
}

export class Store {
  readonly file: string;
  readonly db: Database.Database;
  /** Inode of the file as opened: a file deleted or replaced under the server is told apart. */
  private readonly identity: { dev: number; ino: number } | undefined;
  /** Set once the file was found deleted or replaced: every later write is refused. */
  private lostReason: string | undefined;

  static open(dataDir: string, options: StoreOptions = {}): Store {
    if (options.readonly) return new Store(join(dataDir, "site.db"), options);
    try {
      if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      const file = join(dataDir, "site.db");
      // SQLite gives the -wal and -shm files the database file's mode, so creating it private is enough.
      if (!existsSync(file)) closeSync(openSync(file, "a", PRIVATE_FILE));
      for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, PRIVATE_FILE);
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      throw new StorageError(`DATA_DIR ${dataDir} is not writable (${(error as NodeJS.ErrnoException).code}): set DATA_DIR to a folder this user can write.`);
    }
    return new Store(join(dataDir, "site.db"), options);
  }

  constructor(file: string, options: StoreOptions = {}) {
    this.file = file;
    this.db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
    this.db.pragma("busy_timeout = 5000");
    if (options.readonly) {
      const version = this.schemaVersion();
      if (version !== SCHEMA_VERSION) {
        this.db.close();
        throw new Error(`${file} has schema version ${version}, this code expects ${SCHEMA_VERSION}; start the server once to migrate it.`);
      }
      return;
    }
    try {
      this.db.pragma("journal_mode = WAL");
      // Durability over speed: every commit is fsynced before the visitor hears "sent".
      this.db.pragma("synchronous = FULL");
      this.db.pragma("foreign_keys = ON");
      this.migrate();
      const { dev, ino } = statSync(file);
      this.identity = { dev, ino };
    } catch (error) {
      this.db.close();
      if (isStorageFailure(error)) throw new StorageError(`${file} cannot be opened for writing (${(error as { code?: string }).code}).`);
      throw error;
    }
  }

  schemaVersion(): number {
    return this.db.pragma("user_version", { simple: true }) as number;
  }

  private migrate(): void {
    const current = this.schemaVersion();
    if (current > SCHEMA_VERSION) {
      throw new Error(`${this.file} has schema version ${current}, newer than this code knows (${SCHEMA_VERSION}).`);
    }
    for (let version = current; version < SCHEMA_VERSION; version++) {
      this.db.transaction(() => {
        this.db.exec(migrations[version]!);
        this.db.pragma(`user_version = ${version + 1}`);
      }).immediate();
    }
  }

  /** Why writes are refused, or undefined while the file is the one opened. */
  get lost(): string | undefined {
    if (this.lostReason || !this.identity) return this.lostReason;
    try {
      const { dev, ino } = statSync(this.file);
      if (dev !== this.identity.dev || ino !== this.identity.ino) this.lostReason = `${this.file} was replaced while the server ran`;
    } catch {
      this.lostReason = `${this.file} was deleted while the server ran`;
    }
    return this.lostReason;
  }

  /**
   * Runs a write, turning "cannot write" into StorageError. A deleted or replaced file would take
   * the write into an unlinked inode that is gone at the next start, so it is refused instead.
   */
  private write<T>(work: () => T): T {
    const lost = this.lost;
    if (lost) throw new StorageError(`${lost}; restart it to open the current file`);
    try {
      return work();
    } catch (error) {
      if (isStorageFailure(error)) throw new StorageError(`${(error as Error).message} (${(error as { code?: string }).code})`);
      throw error;
    }
  }

  /** Stores a submission and its outbox row in one transaction. Returns the id. */
  insertSubmission(s: NewSubmission): number {
    const createdAt = (s.createdAt ?? new Date()).toISOString();
    return this.write(() =>
      this.db
        .transaction(() => {
          const { lastInsertRowid } = this.stmt(
            `INSERT INTO submissions (kind, payload, ip, user_agent, created_at, status) VALUES (?, ?, ?, ?, ?, 'queued')`,
          ).run(s.kind, JSON.stringify(s.payload), s.ip ?? null, s.userAgent ?? null, createdAt);
          const id = Number(lastInsertRowid);
          this.stmt(`INSERT INTO outbox (submission_id, attempts, next_attempt_at, window_start) VALUES (?, 0, ?, ?)`).run(id, createdAt, createdAt);
          return id;
        })
        .immediate(),
    );
  }

  /** Honeypot hits not yet written, by day and form. */
  private readonly pendingSpam = new Map<string, { day: string; kind: FormKind; hits: number; lastAt: string }>();

  /**
   * Counts a honeypot hit: one row a day and form, whatever the bot sent. Counted in memory and
   * written by flushSpam(), so a flood of bot posts costs no disk sync each; a crash loses at
   * most the count since the last flush, never an enquiry.
   */
  recordSpam(kind: FormKind, at: Date = new Date()): void {
    const lastAt = at.toISOString();
    const day = lastAt.slice(0, 10);
    const entry = this.pendingSpam.get(`${day} ${kind}`) ?? { day, kind, hits: 0, lastAt };
    entry.hits += 1;
    entry.lastAt = lastAt;
    this.pendingSpam.set(`${day} ${kind}`, entry);
  }

  flushSpam(): void {
    if (this.pendingSpam.size === 0) return;
    const entries = [...this.pendingSpam.values()];
    this.write(() =>
      this.db
        .transaction(() => {
          const upsert = this.stmt(
            `INSERT INTO spam_hits (day, kind, hits, last_at) VALUES (?, ?, ?, ?)
             ON CONFLICT (day, kind) DO UPDATE SET hits = hits + excluded.hits, last_at = excluded.last_at`,
          );
          for (const e of entries) upsert.run(e.day, e.kind, e.hits, e.lastAt);
        })
        .immediate(),
    );
    this.pendingSpam.clear();
  }

  spamCounts(): Array<{ day: string; kind: FormKind; hits: number }> {
    this.flushSpam();
    return this.stmt(`SELECT day, kind, hits FROM spam_hits ORDER BY day, kind`).all() as Array<{ day: string; kind: FormKind; hits: number }>;
  }

  /**
   * Claims up to `limit` due outbox rows: counts the attempt and moves next_attempt_at `leaseMs`
   * ahead, so a row whose sender dies mid-delivery comes due again (at-least-once delivery).
   */
  claimDue(now: Date, limit: number, leaseMs: number, exclude: readonly number[] = []): OutboxJob[] {
    return this.write(() =>
      this.db
        .transaction(() => {
          const rows = this.stmt(
            `SELECT s.*, o.attempts, COALESCE(o.window_start, s.created_at) AS window_start
               FROM outbox o JOIN submissions s ON s.id = o.submission_id
              WHERE o.sent_at IS NULL AND o.failed_at IS NULL AND o.next_attempt_at <= ?
                AND o.submission_id NOT IN (SELECT value FROM json_each(?))
              ORDER BY o.next_attempt_at, o.submission_id
              LIMIT ?`,
          ).all(now.toISOString(), JSON.stringify(exclude), limit) as Array<SubmissionRecord & { attempts: number; window_start: string }>;
          const lease = new Date(now.getTime() + leaseMs).toISOString();
          const update = this.stmt(`UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ? WHERE submission_id = ?`);
          return rows.map((r) => {
            update.run(lease, r.id);
            return { ...toSubmission(r), attempts: r.attempts + 1, windowStart: new Date(r.window_start) };
          });
        })
        .immediate(),
    );
  }

  markSent(id: number, messageId: string | undefined, at: Date = new Date()): void {
    this.write(() =>
      this.db
        .transaction(() => {
          this.stmt(`UPDATE outbox SET sent_at = ?, message_id = ?, last_error = NULL WHERE submission_id = ?`).run(at.toISOString(), messageId ?? null, id);
          this.stmt(`UPDATE submissions SET status = 'sent' WHERE id = ?`).run(id);
        })
        .immediate(),
    );
  }

  markRetry(id: number, error: string, nextAttemptAt: Date): void {
    this.write(() =>
      this.stmt(`UPDATE outbox SET last_error = ?, next_attempt_at = ? WHERE submission_id = ? AND sent_at IS NULL`).run(error, nextAttemptAt.toISOString(), id),
    );
  }

  markFailed(id: number, error: string, at: Date = new Date()): void {
    this.write(() =>
      this.db
        .transaction(() => {
          this.stmt(`UPDATE outbox SET last_error = ?, failed_at = ? WHERE submission_id = ? AND sent_at IS NULL`).run(error, at.toISOString(), id);
          this.stmt(`UPDATE submissions SET status = 'failed' WHERE id = ? AND status = 'queued'`).run(id);
        })
        .immediate(),
    );
  }

  /**
   * Sends failed messages again (all of them, or the given ids), each with a fresh retry window.
   * Returns the ids requeued; ids that are not failed are left alone.
   */
  requeue(which: "failed" | readonly number[], now: Date = new Date()): number[] {
    return this.write(() =>
      this.db
        .transaction(() => {
          const failed = (this.stmt(`SELECT submission_id AS id FROM outbox WHERE failed_at IS NOT NULL AND sent_at IS NULL ORDER BY submission_id`).all() as Array<{ id: number }>).map((r) => r.id);
          const ids = which === "failed" ? failed : failed.filter((id) => which.includes(id));
          const at = now.toISOString();
          for (const id of ids) {
            this.stmt(`UPDATE outbox SET failed_at = NULL, attempts = 0, next_attempt_at = ?, window_start = ? WHERE submission_id = ?`).run(at, at, id);
            this.stmt(`UPDATE submissions SET status = 'queued' WHERE id = ?`).run(id);
          }
          return ids;
        })
        .immediate(),
    );
  }

  /**
   * Removes delivered enquiries received more than `retentionDays` ago (the outbox row goes with
   * them) and honeypot counters older than `spamDays`.
   */
  purge(now: Date, retentionDays: number, spamDays = 7): PurgeResult {
    this.flushSpam();
    const before = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
    return this.write(() =>
      this.db
        .transaction(() => ({
          enquiries: this.stmt(`DELETE FROM submissions WHERE status = 'sent' AND created_at < ?`).run(before(retentionDays)).changes,
          spamDays: this.stmt(`DELETE FROM spam_hits WHERE day < ?`).run(before(spamDays).slice(0, 10)).changes,
        }))
        .immediate(),
    );
  }

  /** Earliest next_attempt_at of the rows still to send, ignoring `exclude` (rows being sent). */
  nextDueAt(exclude: readonly number[] = []): Date | undefined {
    const row = this.stmt(
      `SELECT MIN(next_attempt_at) AS due FROM outbox
        WHERE sent_at IS NULL AND failed_at IS NULL AND submission_id NOT IN (SELECT value FROM json_each(?))`,
    ).get(JSON.stringify(exclude)) as { due: string | null };
    return row.due === null ? undefined : new Date(row.due);
  }

  queueStats(): QueueStats {
    const row = this.stmt(
      `SELECT COUNT(*) FILTER (WHERE o.failed_at IS NULL) AS queued,
              MIN(s.created_at) FILTER (WHERE o.failed_at IS NULL) AS oldest,
              COUNT(*) FILTER (WHERE o.failed_at IS NOT NULL) AS failed
         FROM outbox o JOIN submissions s ON s.id = o.submission_id
        WHERE o.sent_at IS NULL`,
    ).get() as { queued: number; oldest: string | null; failed: number };
    return { queued: row.queued, oldestQueuedAt: row.oldest === null ? undefined : new Date(row.oldest), failed: row.failed };
  }

  get(id: number): SubmissionListRow | undefined {
    return this.list({}, id)[0];
  }

  list(filter: ListFilter = {}, id?: number): SubmissionListRow[] {
    const where: string[] = [];
    const params: Array<string | number> = [];
    if (filter.kind) (where.push("s.kind = ?"), params.push(filter.kind));
    if (filter.status) (where.push("s.status = ?"), params.push(filter.status));
    if (filter.since) (where.push("s.created_at >= ?"), params.push(filter.since.toISOString()));
    if (id !== undefined) (where.push("s.id = ?"), params.push(id));
    const rows = this.db
      .prepare(
        `SELECT s.*, o.attempts, o.last_error, o.next_attempt_at, o.sent_at, o.failed_at, o.message_id
           FROM submissions s LEFT JOIN outbox o ON o.submission_id = s.id
          ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
          ORDER BY s.id`,
      )
      .all(...params) as ListRecord[];
    return rows.map((r) => ({
      ...toSubmission(r),
      attempts: r.attempts,
      lastError: r.last_error,
      nextAttemptAt: date(r.next_attempt_at),
      sentAt: date(r.sent_at),
      failedAt: date(r.failed_at),
      messageId: r.message_id,
    }));
  }

  /**
   * A consistent copy of the database at `dest`, taken inside one read transaction, so it is
   * safe while the server keeps writing (VACUUM INTO: the copy is also compacted).
   */
  backupTo(dest: string): void {
    if (existsSync(dest)) throw new Error(`${dest} exists already; choose a new file name.`);
    closeSync(openSync(dest, "wx", PRIVATE_FILE));
    this.db.prepare("VACUUM INTO ?").run(dest);
    chmodSync(dest, PRIVATE_FILE);
  }

  close(): void {
    if (!this.db.open) return;
    try {
      this.flushSpam();
    } finally {
      this.db.close();
    }
  }

  private readonly statements = new Map<string, Database.Statement>();

  private stmt(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
