/**
 * SQLite storage of form submissions and their outbox (better-sqlite3, WAL, synchronous=FULL): the
 * default store, one file under DATA_DIR and nothing to set up. DATABASE_URL switches to
 * PostgreSQL instead (store-pg.ts); openStore() below picks one. The promises both keep are in
 * store-types.ts.
 *
 * The schema version lives in `PRAGMA user_version`; add a new entry to `migrations` to change the
 * schema later. better-sqlite3 is synchronous: each method does its work at once and returns a
 * settled promise, so a commit is on disk before the caller's `await` returns.
 *
 * The data folder is private to the server's user (0700, files 0600): it holds visitors' names,
 * addresses and messages.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Config } from "./config.ts";
import { PgStore } from "./store-pg.ts";
import { SpamTally, StorageError } from "./store-types.ts";
import type {
  EnquiryStore,
  ListFilter,
  NewSubmission,
  OutboxJob,
  PurgeResult,
  QueueStats,
  SpamCount,
  Submission,
  SubmissionListRow,
  SubmissionStatus,
} from "./store-types.ts";
import type { FormKind } from "./validate.ts";

export * from "./store-types.ts";

export interface StoreOptions {
  /** Open an existing database for reading only (the CLI): no migrations, no changes. */
  readonly?: boolean;
}

/** The store the configuration names: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export async function openStore(config: Pick<Config, "dataDir" | "databaseUrl">, options: StoreOptions = {}): Promise<EnquiryStore> {
  return config.databaseUrl ? PgStore.open(config.databaseUrl, options) : SqliteStore.open(config.dataDir, options);
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

export class SqliteStore implements EnquiryStore {
  readonly kind = "sqlite";
  readonly file: string;
  readonly db: Database.Database;
  /** Inode of the file as opened: a file deleted or replaced under the server is told apart. */
  private readonly identity: { dev: number; ino: number } | undefined;
  /** Set once the file was found deleted or replaced: every later write is refused. */
  private lostReason: string | undefined;
  private readonly spam = new SpamTally();

  static open(dataDir: string, options: StoreOptions = {}): SqliteStore {
    if (options.readonly) return new SqliteStore(join(dataDir, "site.db"), options);
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
    return new SqliteStore(join(dataDir, "site.db"), options);
  }

  constructor(file: string, options: StoreOptions = {}) {
    this.file = file;
    this.db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
    this.db.pragma("busy_timeout = 5000");
    if (options.readonly) {
      const version = this.version();
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

  get location(): string {
    return this.file;
  }

  private version(): number {
    return this.db.pragma("user_version", { simple: true }) as number;
  }

  async schemaVersion(): Promise<number> {
    return this.version();
  }

  private migrate(): void {
    const current = this.version();
    if (current > SCHEMA_VERSION) {
      throw new Error(`${this.file} has schema version ${current}, newer than this code knows (${SCHEMA_VERSION}).`);
    }
    for (let version = current; version < SCHEMA_VERSION; version++) {
      this.db
        .transaction(() => {
          this.db.exec(migrations[version]!);
          this.db.pragma(`user_version = ${version + 1}`);
        })
        .immediate();
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

  async insertSubmission(s: NewSubmission): Promise<number> {
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

  recordSpam(kind: FormKind, at: Date = new Date()): void {
    this.spam.add(kind, at);
  }

  async flushSpam(): Promise<void> {
    await this.spam.flush((entries) =>
      this.write(() =>
        this.db
          .transaction(() => {
            const upsert = this.stmt(
              `INSERT INTO spam_hits (day, kind, hits, last_at) VALUES (?, ?, ?, ?)
               ON CONFLICT (day, kind) DO UPDATE SET hits = hits + excluded.hits, last_at = excluded.last_at`,
            );
            for (const e of entries) upsert.run(e.day, e.kind, e.hits, e.lastAt.toISOString());
          })
          .immediate(),
      ),
    );
  }

  async spamCounts(): Promise<SpamCount[]> {
    await this.flushSpam();
    return this.stmt(`SELECT day, kind, hits FROM spam_hits ORDER BY day, kind`).all() as SpamCount[];
  }

  async claimDue(now: Date, limit: number, leaseMs: number, exclude: readonly number[] = []): Promise<OutboxJob[]> {
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

  async markSent(id: number, messageId: string | undefined, at: Date = new Date()): Promise<void> {
    this.write(() =>
      this.db
        .transaction(() => {
          this.stmt(`UPDATE outbox SET sent_at = ?, message_id = ?, last_error = NULL WHERE submission_id = ?`).run(at.toISOString(), messageId ?? null, id);
          this.stmt(`UPDATE submissions SET status = 'sent' WHERE id = ?`).run(id);
        })
        .immediate(),
    );
  }

  async markRetry(id: number, error: string, nextAttemptAt: Date): Promise<void> {
    this.write(() =>
      this.stmt(`UPDATE outbox SET last_error = ?, next_attempt_at = ? WHERE submission_id = ? AND sent_at IS NULL`).run(
        error,
        nextAttemptAt.toISOString(),
        id,
      ),
    );
  }

  async markFailed(id: number, error: string, at: Date = new Date()): Promise<void> {
    this.write(() =>
      this.db
        .transaction(() => {
          this.stmt(`UPDATE outbox SET last_error = ?, failed_at = ? WHERE submission_id = ? AND sent_at IS NULL`).run(error, at.toISOString(), id);
          this.stmt(`UPDATE submissions SET status = 'failed' WHERE id = ? AND status = 'queued'`).run(id);
        })
        .immediate(),
    );
  }

  async requeue(which: "failed" | readonly number[], now: Date = new Date()): Promise<number[]> {
    return this.write(() =>
      this.db
        .transaction(() => {
          const failed = (
            this.stmt(`SELECT submission_id AS id FROM outbox WHERE failed_at IS NOT NULL AND sent_at IS NULL ORDER BY submission_id`).all() as Array<{
              id: number;
            }>
          ).map((r) => r.id);
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

  async purge(now: Date, retentionDays: number, spamDays = 7): Promise<PurgeResult> {
    await this.flushSpam();
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

  async nextDueAt(exclude: readonly number[] = []): Promise<Date | undefined> {
    const row = this.stmt(
      `SELECT MIN(next_attempt_at) AS due FROM outbox
        WHERE sent_at IS NULL AND failed_at IS NULL AND submission_id NOT IN (SELECT value FROM json_each(?))`,
    ).get(JSON.stringify(exclude)) as { due: string | null };
    return row.due === null ? undefined : new Date(row.due);
  }

  async queueStats(): Promise<QueueStats> {
    const row = this.stmt(
      `SELECT COUNT(*) FILTER (WHERE o.failed_at IS NULL) AS queued,
              MIN(s.created_at) FILTER (WHERE o.failed_at IS NULL) AS oldest,
              COUNT(*) FILTER (WHERE o.failed_at IS NOT NULL) AS failed
         FROM outbox o JOIN submissions s ON s.id = o.submission_id
        WHERE o.sent_at IS NULL`,
    ).get() as { queued: number; oldest: string | null; failed: number };
    return { queued: row.queued, oldestQueuedAt: row.oldest === null ? undefined : new Date(row.oldest), failed: row.failed };
  }

  async get(id: number): Promise<SubmissionListRow | undefined> {
    return this.select({}, id)[0];
  }

  async list(filter: ListFilter = {}): Promise<SubmissionListRow[]> {
    return this.select(filter);
  }

  private select(filter: ListFilter, id?: number): SubmissionListRow[] {
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
  async backupTo(dest: string): Promise<void> {
    if (existsSync(dest)) throw new Error(`${dest} exists already; choose a new file name.`);
    closeSync(openSync(dest, "wx", PRIVATE_FILE));
    this.db.prepare("VACUUM INTO ?").run(dest);
    chmodSync(dest, PRIVATE_FILE);
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    try {
      if (!this.db.readonly) await this.flushSpam();
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
