/**
 * SQLite storage of form submissions and their outbox (better-sqlite3, WAL, synchronous=FULL).
 *
 * A submission and its outbox row are written in one transaction, and the HTTP answer is only
 * sent after that commit, so an answered submission survives a crash. The schema version lives in
 * `PRAGMA user_version`; add a new entry to `migrations` to change the schema later.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { FormKind } from "./validate.ts";

export type SubmissionStatus = "queued" | "sent" | "failed" | "spam";
export const SUBMISSION_STATUSES: readonly SubmissionStatus[] = ["queued", "sent", "failed", "spam"];

export interface NewSubmission {
  kind: FormKind;
  /** Stored as JSON: the validated (trimmed) form data, or the raw body of a spam submission. */
  payload: unknown;
  ip: string | undefined;
  userAgent: string | undefined;
  spam: boolean;
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

export interface StoreOptions {
  /** Open an existing database for reading only (the CLI): no migrations, no pragma changes. */
  readonly?: boolean;
}

export class Store {
  readonly file: string;
  readonly db: Database.Database;

  static open(dataDir: string, options: StoreOptions = {}): Store {
    if (!options.readonly) mkdirSync(dataDir, { recursive: true });
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
    } catch (error) {
      this.db.close();
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

  /** Stores a submission and, unless it is spam, its outbox row, in one transaction. Returns the id. */
  insertSubmission(s: NewSubmission): number {
    const createdAt = (s.createdAt ?? new Date()).toISOString();
    const insert = this.db.transaction(() => {
      const { lastInsertRowid } = this.stmt(
        `INSERT INTO submissions (kind, payload, ip, user_agent, created_at, status) VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(s.kind, JSON.stringify(s.payload), s.ip ?? null, s.userAgent ?? null, createdAt, s.spam ? "spam" : "queued");
      const id = Number(lastInsertRowid);
      if (!s.spam) {
        this.stmt(`INSERT INTO outbox (submission_id, attempts, next_attempt_at) VALUES (?, 0, ?)`).run(id, createdAt);
      }
      return id;
    });
    return insert.immediate();
  }

  /**
   * Claims up to `limit` due outbox rows: counts the attempt and moves next_attempt_at `leaseMs`
   * ahead, so a row whose sender dies mid-delivery comes due again (at-least-once delivery).
   */
  claimDue(now: Date, limit: number, leaseMs: number, exclude: readonly number[] = []): OutboxJob[] {
    const claim = this.db.transaction(() => {
      const rows = this.stmt(
        `SELECT s.*, o.attempts
           FROM outbox o JOIN submissions s ON s.id = o.submission_id
          WHERE o.sent_at IS NULL AND o.failed_at IS NULL AND o.next_attempt_at <= ?
            AND o.submission_id NOT IN (SELECT value FROM json_each(?))
          ORDER BY o.next_attempt_at, o.submission_id
          LIMIT ?`,
      ).all(now.toISOString(), JSON.stringify(exclude), limit) as Array<SubmissionRecord & { attempts: number }>;
      const lease = new Date(now.getTime() + leaseMs).toISOString();
      const update = this.stmt(`UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ? WHERE submission_id = ?`);
      return rows.map((r) => {
        update.run(lease, r.id);
        return { ...toSubmission(r), attempts: r.attempts + 1 };
      });
    });
    return claim.immediate();
  }

  markSent(id: number, messageId: string | undefined, at: Date = new Date()): void {
    this.db.transaction(() => {
      this.stmt(`UPDATE outbox SET sent_at = ?, message_id = ?, last_error = NULL WHERE submission_id = ?`).run(
        at.toISOString(),
        messageId ?? null,
        id,
      );
      this.stmt(`UPDATE submissions SET status = 'sent' WHERE id = ?`).run(id);
    }).immediate();
  }

  markRetry(id: number, error: string, nextAttemptAt: Date): void {
    this.stmt(`UPDATE outbox SET last_error = ?, next_attempt_at = ? WHERE submission_id = ? AND sent_at IS NULL`).run(
      error,
      nextAttemptAt.toISOString(),
      id,
    );
  }

  markFailed(id: number, error: string, at: Date = new Date()): void {
    this.db.transaction(() => {
      this.stmt(`UPDATE outbox SET last_error = ?, failed_at = ? WHERE submission_id = ? AND sent_at IS NULL`).run(
        error,
        at.toISOString(),
        id,
      );
      this.stmt(`UPDATE submissions SET status = 'failed' WHERE id = ? AND status = 'queued'`).run(id);
    }).immediate();
  }

  /** Earliest next_attempt_at of the rows still to send, ignoring `exclude` (rows being sent). */
  nextDueAt(exclude: readonly number[] = []): Date | undefined {
    const row = this.stmt(
      `SELECT MIN(next_attempt_at) AS due FROM outbox
        WHERE sent_at IS NULL AND failed_at IS NULL AND submission_id NOT IN (SELECT value FROM json_each(?))`,
    ).get(JSON.stringify(exclude)) as { due: string | null };
    return row.due === null ? undefined : new Date(row.due);
  }

  get(id: number): SubmissionListRow | undefined {
    return this.list({}, id)[0];
  }

  list(filter: ListFilter = {}, id?: number): SubmissionListRow[] {
    const where: string[] = [];
    const params: Array<string | number> = [];
    if (filter.kind) (where.push("s.kind = ?"), params.push(filter.kind));
    if (filter.status) (where.push("s.status = ?"), params.push(filter.status));
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

  close(): void {
    if (this.db.open) this.db.close();
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
