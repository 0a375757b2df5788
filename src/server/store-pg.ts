/**
 * PostgreSQL storage of form submissions and their outbox, for several server instances sharing
 * one database (DATABASE_URL=postgres://…). Same tables and promises as the SQLite store
 * (store-types.ts); what differs:
 *
 * - Each write is one statement (data-modifying CTEs where two tables change), so it is its own
 *   transaction and committed before the promise resolves.
 * - claimDue locks the due rows with FOR UPDATE SKIP LOCKED and moves them a lease ahead in the
 *   same statement: instances polling at once get disjoint rows and never wait for each other, and
 *   a row claimed by an instance that dies comes due again for the others when its lease is over.
 * - Times come from the caller (the instances' clocks), as with SQLite; keep the hosts in NTP sync,
 *   well within OUTBOX_LEASE_MS.
 * - The schema version is the row in `schema_version`; migrations run under an advisory lock, so
 *   instances starting together migrate once.
 * - A database that cannot be reached or cannot take the write (connection refused or lost, disk
 *   full, shutting down) is a StorageError: the form answers 503 with Retry-After.
 */
import { spawn } from "node:child_process";
import { closeSync, existsSync, openSync, rmSync } from "node:fs";
import pg from "pg";
import { SpamTally, StorageError, redactUrl } from "./store-types.ts";
import type {
  EnquiryStore,
  ListFilter,
  NewSubmission,
  OutboxJob,
  PurgeResult,
  QueueStats,
  SpamCount,
  SubmissionListRow,
  SubmissionStatus,
} from "./store-types.ts";
import type { FormKind } from "./validate.ts";

/** Each entry moves the schema from version i to i + 1. Never edit an entry once released. */
const migrations: readonly string[] = [
  `
  CREATE TABLE submissions (
    id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind        text NOT NULL CHECK (kind IN ('contact', 'quote')),
    payload     json NOT NULL,               -- json, not jsonb: kept as written, field order included
    ip          text,
    user_agent  text,
    created_at  timestamptz NOT NULL,
    status      text NOT NULL CHECK (status IN ('queued', 'sent', 'failed'))
  );
  CREATE INDEX submissions_status ON submissions (status);
  CREATE INDEX submissions_created ON submissions (created_at);

  CREATE TABLE outbox (
    submission_id    integer PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
    attempts         integer NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL,     -- also the lease of a claimed row
    window_start     timestamptz NOT NULL,
    last_error       text,
    sent_at          timestamptz,
    failed_at        timestamptz,
    message_id       text
  );
  CREATE INDEX outbox_due ON outbox (next_attempt_at, submission_id) WHERE sent_at IS NULL AND failed_at IS NULL;

  CREATE TABLE spam_hits (
    day      date NOT NULL,
    kind     text NOT NULL,
    hits     integer NOT NULL,
    last_at  timestamptz NOT NULL,
    PRIMARY KEY (day, kind)
  );
  `,
];

export const PG_SCHEMA_VERSION = migrations.length;

/** Any constant: the key of the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 4_412_907_331;
const DAY_MS = 86_400_000;

interface Row {
  id: number;
  kind: FormKind;
  payload: unknown;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  status: SubmissionStatus;
}

interface ListRow extends Row {
  attempts: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  sent_at: Date | null;
  failed_at: Date | null;
  message_id: string | null;
}

function toSubmission(r: Row) {
  const p = r.payload;
  return {
    id: r.id,
    kind: r.kind,
    payload: p !== null && typeof p === "object" && !Array.isArray(p) ? (p as Record<string, unknown>) : { value: p },
    ip: r.ip,
    userAgent: r.user_agent,
    createdAt: r.created_at,
    status: r.status,
  };
}

/**
 * Errors that mean "the database cannot be used just now", not a bug: the network and libpq-level
 * failures, and the SQLSTATE classes for connection (08), resources such as a full disk (53),
 * shutdown (57P01-03), system I/O (58), a read-only standby (25006), and login or a missing
 * database (28, 3D000: a wrong DATABASE_URL).
 */
export function isUnavailable(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (
    typeof code === "string" &&
    /^(E(CONNREFUSED|CONNRESET|NOTFOUND|TIMEDOUT|HOSTUNREACH|NETUNREACH|PIPE|AI_AGAIN)|08|53|57P0[1-3]|58|25006|28|3D000)/.test(code)
  )
    return true;
  return (
    typeof message === "string" &&
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection error|Client was closed/i.test(message)
  );
}

export interface PgStoreOptions {
  /** Check the schema version and read; never migrate (the CLI's listing). */
  readonly?: boolean;
}

export class PgStore implements EnquiryStore {
  readonly kind = "postgres";
  readonly location: string;
  /** The SQLite store's "file gone" has no counterpart here: an unreachable database fails each write instead. */
  readonly lost = undefined;
  private readonly url: string;
  private readonly pool: pg.Pool;
  private readonly spam = new SpamTally();
  private closed = false;

  /** Connects, checks the schema version and migrates it (unless read-only). */
  static async open(url: string, options: PgStoreOptions = {}): Promise<PgStore> {
    const store = new PgStore(url);
    try {
      await store.run(async () => {
        const client = await store.pool.connect();
        try {
          await store.migrate(client, options.readonly ?? false);
        } finally {
          client.release();
        }
      });
    } catch (error) {
      await store.pool.end().catch(() => {});
      if (error instanceof StorageError) throw new StorageError(`PostgreSQL at ${store.location} cannot be used: ${error.message}`);
      throw error;
    }
    return store;
  }

  private constructor(url: string) {
    this.url = url;
    this.location = redactUrl(url);
    this.pool = new pg.Pool({
      connectionString: url,
      max: 10,
      // A database that does not answer fails the request (503) instead of holding it open.
      connectionTimeoutMillis: 5_000,
      query_timeout: 15_000,
      application_name: "lariox-site",
    });
    // A pooled connection that drops while idle is replaced on the next query; without a listener
    // the pool's "error" event would end the process.
    this.pool.on("error", () => {});
  }

  private async migrate(client: pg.PoolClient, readonly: boolean): Promise<void> {
    const read = async () => {
      const { rows } = await client.query<{ present: boolean }>("SELECT to_regclass('schema_version') IS NOT NULL AS present");
      if (!rows[0]!.present) return 0;
      return (await client.query<{ version: number }>("SELECT version FROM schema_version")).rows[0]?.version ?? 0;
    };
    if (readonly) {
      const version = await read();
      if (version !== PG_SCHEMA_VERSION)
        throw new Error(`${this.location} has schema version ${version}, this code expects ${PG_SCHEMA_VERSION}; start the server once to migrate it.`);
      return;
    }
    await client.query("BEGIN");
    try {
      await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      await client.query("CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)");
      const current = await read();
      if (current > PG_SCHEMA_VERSION) throw new Error(`${this.location} has schema version ${current}, newer than this code knows (${PG_SCHEMA_VERSION}).`);
      for (let version = current; version < PG_SCHEMA_VERSION; version++) await client.query(migrations[version]!);
      if (current < PG_SCHEMA_VERSION) {
        await client.query("DELETE FROM schema_version");
        await client.query("INSERT INTO schema_version (version) VALUES ($1)", [PG_SCHEMA_VERSION]);
      }
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    }
  }

  /** Runs database work, turning "cannot reach or write the database" into StorageError. */
  private async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) throw new Error("the PostgreSQL store is closed");
    try {
      return await work();
    } catch (error) {
      if (isUnavailable(error)) {
        const code = (error as { code?: unknown }).code;
        throw new StorageError(`${(error as Error).message}${typeof code === "string" ? ` (${code})` : ""}`);
      }
      throw error;
    }
  }

  private async query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
    return this.run(async () => (await this.pool.query<R>(sql, params)).rows);
  }

  async schemaVersion(): Promise<number> {
    const [row] = await this.query<{ version: number }>("SELECT version FROM schema_version");
    return row?.version ?? 0;
  }

  async insertSubmission(s: NewSubmission): Promise<number> {
    const [row] = await this.query<{ id: number }>(
      `WITH s AS (
         INSERT INTO submissions (kind, payload, ip, user_agent, created_at, status)
         VALUES ($1, $2, $3, $4, $5, 'queued') RETURNING id, created_at
       )
       INSERT INTO outbox (submission_id, attempts, next_attempt_at, window_start)
       SELECT id, 0, created_at, created_at FROM s RETURNING submission_id AS id`,
      [s.kind, JSON.stringify(s.payload), s.ip ?? null, s.userAgent ?? null, s.createdAt ?? new Date()],
    );
    return row!.id;
  }

  recordSpam(kind: FormKind, at: Date = new Date()): void {
    this.spam.add(kind, at);
  }

  async flushSpam(): Promise<void> {
    await this.spam.flush(async (entries) => {
      await this.query(
        `INSERT INTO spam_hits (day, kind, hits, last_at)
         SELECT * FROM unnest($1::date[], $2::text[], $3::int[], $4::timestamptz[])
         ON CONFLICT (day, kind) DO UPDATE SET hits = spam_hits.hits + excluded.hits, last_at = GREATEST(spam_hits.last_at, excluded.last_at)`,
        [entries.map((e) => e.day), entries.map((e) => e.kind), entries.map((e) => e.hits), entries.map((e) => e.lastAt)],
      );
    });
  }

  async spamCounts(): Promise<SpamCount[]> {
    await this.flushSpam();
    return this.query<SpamCount>(`SELECT to_char(day, 'YYYY-MM-DD') AS day, kind, hits FROM spam_hits ORDER BY day, kind`);
  }

  async claimDue(now: Date, limit: number, leaseMs: number, exclude: readonly number[] = []): Promise<OutboxJob[]> {
    // The CTE picks and locks the due rows, skipping those another instance is claiming right now;
    // the UPDATE moves them a lease ahead before the lock is released at commit.
    const rows = await this.query<Row & { attempts: number; window_start: Date; due: Date }>(
      `WITH due AS (
         SELECT submission_id, next_attempt_at FROM outbox
          WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $1 AND submission_id <> ALL($2::int[])
          ORDER BY next_attempt_at, submission_id
          LIMIT $3
          FOR UPDATE SKIP LOCKED
       )
       UPDATE outbox o SET attempts = o.attempts + 1, next_attempt_at = $4
         FROM due JOIN submissions s ON s.id = due.submission_id
        WHERE o.submission_id = due.submission_id
       RETURNING s.*, o.attempts, o.window_start, due.next_attempt_at AS due`,
      [now, exclude, limit, new Date(now.getTime() + leaseMs)],
    );
    rows.sort((a, b) => a.due.getTime() - b.due.getTime() || a.id - b.id);
    return rows.map((r) => ({ ...toSubmission(r), attempts: r.attempts, windowStart: r.window_start }));
  }

  async markSent(id: number, messageId: string | undefined, at: Date = new Date()): Promise<void> {
    await this.query(
      `WITH o AS (UPDATE outbox SET sent_at = $2, message_id = $3, last_error = NULL WHERE submission_id = $1)
       UPDATE submissions SET status = 'sent' WHERE id = $1`,
      [id, at, messageId ?? null],
    );
  }

  async markRetry(id: number, error: string, nextAttemptAt: Date): Promise<void> {
    await this.query(`UPDATE outbox SET last_error = $2, next_attempt_at = $3 WHERE submission_id = $1 AND sent_at IS NULL`, [id, error, nextAttemptAt]);
  }

  async markFailed(id: number, error: string, at: Date = new Date()): Promise<void> {
    await this.query(
      `WITH o AS (UPDATE outbox SET last_error = $2, failed_at = $3 WHERE submission_id = $1 AND sent_at IS NULL)
       UPDATE submissions SET status = 'failed' WHERE id = $1 AND status = 'queued'`,
      [id, error, at],
    );
  }

  async requeue(which: "failed" | readonly number[], now: Date = new Date()): Promise<number[]> {
    const rows = await this.query<{ id: number }>(
      `WITH o AS (
         UPDATE outbox SET failed_at = NULL, attempts = 0, next_attempt_at = $1, window_start = $1
          WHERE failed_at IS NOT NULL AND sent_at IS NULL AND ($2::int[] IS NULL OR submission_id = ANY($2::int[]))
         RETURNING submission_id
       )
       UPDATE submissions s SET status = 'queued' FROM o WHERE s.id = o.submission_id RETURNING s.id`,
      [now, which === "failed" ? null : which],
    );
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  async purge(now: Date, retentionDays: number, spamDays = 7): Promise<PurgeResult> {
    await this.flushSpam();
    const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const [row] = await this.query<PurgeResult>(
      `WITH e AS (DELETE FROM submissions WHERE status = 'sent' AND created_at < $1 RETURNING 1),
            d AS (DELETE FROM spam_hits WHERE day < $2::date RETURNING 1)
       SELECT (SELECT COUNT(*) FROM e)::int AS enquiries, (SELECT COUNT(*) FROM d)::int AS "spamDays"`,
      [before(retentionDays), before(spamDays).toISOString().slice(0, 10)],
    );
    return row!;
  }

  async nextDueAt(exclude: readonly number[] = []): Promise<Date | undefined> {
    const [row] = await this.query<{ due: Date | null }>(
      `SELECT MIN(next_attempt_at) AS due FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL AND submission_id <> ALL($1::int[])`,
      [exclude],
    );
    return row?.due ?? undefined;
  }

  async queueStats(): Promise<QueueStats> {
    const [row] = await this.query<{ queued: number; oldest: Date | null; failed: number }>(
      `SELECT (COUNT(*) FILTER (WHERE o.failed_at IS NULL))::int AS queued,
              MIN(s.created_at) FILTER (WHERE o.failed_at IS NULL) AS oldest,
              (COUNT(*) FILTER (WHERE o.failed_at IS NOT NULL))::int AS failed
         FROM outbox o JOIN submissions s ON s.id = o.submission_id
        WHERE o.sent_at IS NULL`,
    );
    return { queued: row!.queued, oldestQueuedAt: row!.oldest ?? undefined, failed: row!.failed };
  }

  async get(id: number): Promise<SubmissionListRow | undefined> {
    return (await this.select({}, id))[0];
  }

  async list(filter: ListFilter = {}): Promise<SubmissionListRow[]> {
    return this.select(filter);
  }

  private async select(filter: ListFilter, id?: number): Promise<SubmissionListRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => (params.push(value), where.push(sql.replace("?", `$${params.length}`)));
    if (filter.kind) add("s.kind = ?", filter.kind);
    if (filter.status) add("s.status = ?", filter.status);
    if (filter.since) add("s.created_at >= ?", filter.since);
    if (id !== undefined) add("s.id = ?", id);
    const rows = await this.query<ListRow>(
      `SELECT s.*, o.attempts, o.last_error, o.next_attempt_at, o.sent_at, o.failed_at, o.message_id
         FROM submissions s LEFT JOIN outbox o ON o.submission_id = s.id
        ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
        ORDER BY s.id`,
      params,
    );
    return rows.map((r) => ({
      ...toSubmission(r),
      attempts: r.attempts,
      lastError: r.last_error,
      nextAttemptAt: r.next_attempt_at,
      sentAt: r.sent_at,
      failedAt: r.failed_at,
      messageId: r.message_id,
    }));
  }

  /**
   * `pg_dump --format=custom` of the database to `dest` (restore with pg_restore), one consistent
   * snapshot while the servers keep writing. The password goes to pg_dump in PGPASSWORD, not on
   * its command line, where any user could read it.
   */
  async backupTo(dest: string): Promise<void> {
    if (existsSync(dest)) throw new Error(`${dest} exists already; choose a new file name.`);
    // Private like the database; pg_dump writes into the file as it finds it.
    closeSync(openSync(dest, "wx", 0o600));
    const url = new URL(this.url);
    const password = decodeURIComponent(url.password);
    url.password = "";
    const args = ["--format=custom", "--no-owner", `--file=${dest}`, `--dbname=${url.href}`];
    const dumped = new Promise<string>((resolve, reject) => {
      const child = spawn("pg_dump", args, {
        env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let text = "";
      child.stderr.on("data", (c: Buffer) => (text += c.toString()));
      child.on("error", (error: NodeJS.ErrnoException) =>
        reject(
          error.code === "ENOENT"
            ? new Error(
                `pg_dump is not on PATH. Install the PostgreSQL client tools of the server's major version (Debian: apt-get install postgresql-client), or run it yourself: pg_dump --format=custom --file=${dest} "$DATABASE_URL"`,
              )
            : error,
        ),
      );
      child.on("close", (code) =>
        code === 0 ? resolve(text) : reject(new Error(`pg_dump exited with ${code}: ${text.trim().replaceAll(password || "\0", "***")}`)),
      );
    });
    try {
      const warnings = await dumped;
      if (warnings.trim()) process.stderr.write(warnings);
    } catch (error) {
      rmSync(dest, { force: true });
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.flushSpam();
    } finally {
      this.closed = true;
      await this.pool.end();
    }
  }
}
