/**
 * The tables of the enquiry store, and the few things the store (enquiries.ts, deliveries.ts) and
 * the migrations cannot write once for both databases (Database: sqlite.ts, postgres.ts).
 */
import { closeSync, existsSync, openSync } from "node:fs";
import type { ColumnDefinitionBuilder, ColumnType, Generated, Kysely, SelectQueryBuilder } from "kysely";

/** A time: written as an ISO 8601 string, read as a Date (PostgreSQL) or that string (SQLite). */
type Time = ColumnType<Date | string, string, string>;
/** JSON: written as JSON text, read parsed (PostgreSQL) or as that text (SQLite): see Database.readJson. */
type Json = ColumnType<unknown, string, string>;

export interface Tables {
  submissions: {
    id: Generated<number>;
    kind: string;
    payload: Json;
    ip: string | null;
    user_agent: string | null;
    created_at: Time;
    /** "accepted", or "quarantined": held for a person to look at (spam/verdict.ts), not delivered. */
    state: ColumnType<string, string | undefined, string>;
    /** Why it was quarantined: the verdict's findings, JSON. */
    reasons: ColumnType<unknown, string | null | undefined, string | null>;
    /** spam/repeat.ts's fingerprint of the message, for "the same text from other addresses". */
    message_fingerprint: string | null;
    /** The visitor's address in lower case (to erase one person's enquiries), and receipt.ts's key for it. */
    email: string | null;
    receipt_key: string | null;
    /** Where the visit came from (validate.ts SOURCE_FIELDS), JSON. */
    source: ColumnType<unknown, string | null | undefined, string | null>;
    /** The digest that listed it while held (digests.ts); null until one did. */
    digest_id: ColumnType<number | null, number | null | undefined, number | null>;
    /** "released" or "spam": what a person decided about it while held (null: nobody yet), and when. */
    review: ColumnType<string | null, string | null | undefined, string | null>;
    reviewed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  };
  /** The digests of held enquiries: `day` (in DIGEST_TIME_ZONE) for the daily one, null for one asked for. */
  digests: { id: Generated<number>; day: string | null; created_at: Time };
  /** The weekly summaries made: `week` is the day (YYYY-MM-DD) the summary was due. */
  weekly_summaries: { week: string; created_at: Time };
  /** One row a delivery: the outbox. `kind` names its sender (senders/), as a job's name in pg-boss. */
  deliveries: {
    id: Generated<number>;
    /** Null for a delivery about no one submission (the digest). */
    submission_id: number | null;
    kind: string;
    target: string | null;
    payload: ColumnType<unknown, string | null, string | null>;
    attempts: Generated<number>;
    /** When the row is due; also the lease of a claimed row. */
    next_attempt_at: Time;
    /** When the current retry window began: the submission's arrival, or its last requeue. */
    window_start: Time;
    last_error: string | null;
    sent_at: Time | null;
    failed_at: Time | null;
    /** What the far end answered: a mail's Message-ID, a webhook's status. */
    outcome: string | null;
  };
  spam_hits: { day: string; kind: string; hits: number; last_at: Time };
  /** Time tokens and ALTCHA nonces that carried an enquiry, until they expire: one enquiry each across instances. */
  used_tokens: { token: string; expires_at: Time };
}

/** The ids of due deliveries a claim selects. */
export type DueRows = SelectQueryBuilder<Tables, "deliveries", { id: number }>;

/** The store cannot take a write: disk full, file gone, database unreachable. Answered with 503. */
export class StorageError extends Error {
  override name = "StorageError";
}

/** Where the enquiries are kept: the DATA_DIR and DATABASE_URL settings (env.ts). */
export type StoreLocation = { dataDir: string; databaseUrl?: string | undefined };

export interface OpenOptions {
  /** Open an existing database for reading only (the CLI): no migrations, no changes. */
  readonly?: boolean;
}

/**
 * The one place the two databases differ for the store. Every query is written once against `db`;
 * what a database forces is named here: the column types, how a due delivery is claimed, how a
 * migration holds the database alone, and how an online backup is taken.
 */
export interface Database {
  readonly name: "sqlite" | "postgres";
  /** Where the enquiries are kept, for logs and messages; never holds a password. */
  readonly location: string;
  readonly db: Kysely<Tables>;
  /** Column types: timestamptz and json on PostgreSQL; ISO 8601 text (UTC) and JSON text on SQLite. */
  readonly types: { time: "text" | "timestamptz"; json: "text" | "json" };
  /** A generated integer key: AUTOINCREMENT (ids never reused) or an identity column. */
  identity(column: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
  /** A JSON column's value, as the driver returns it, parsed. */
  readJson(value: unknown): unknown;
  /**
   * The due rows a claim takes: on PostgreSQL locked FOR UPDATE SKIP LOCKED, so instances claiming
   * at once get disjoint rows; on SQLite the claim's one UPDATE is a write transaction by itself.
   */
  lockDue(query: DueRows): DueRows;
  /**
   * Runs a migration holding the database alone: PostgreSQL's transactional DDL under an advisory
   * lock; SQLite's write transaction, with foreign keys off around it, as its manual's procedure
   * for rebuilding a table asks (checked with foreign_key_check before the commit).
   */
  migrationTransaction(work: (db: Kysely<Tables>) => Promise<void>): Promise<void>;
  /** True when `error` means "cannot write or reach the database now", not a bug. */
  isStorageFailure(error: unknown): boolean;
  /** Why writes are refused until a restart (the SQLite file was deleted or replaced), or undefined. */
  readonly lost: string | undefined;
  /** A consistent copy while the server writes: better-sqlite3's online backup, or pg_dump. */
  backupTo(dest: string): Promise<void>;
  /**
   * After an erasure: SQLite's log (-wal) still holds the pages as they were before the delete, so
   * it is copied into the database file and emptied. (Every writing connection overwrites deleted
   * rows with zeros: secure_delete.) PostgreSQL's files are its server's: nothing to do here.
   */
  forgetDeleted(): Promise<void>;
  destroy(): Promise<void>;
}

export const PRIVATE_FILE = 0o600;

/** Creates `dest` private and empty, refusing to overwrite a file. */
export function newPrivateFile(dest: string): void {
  if (existsSync(dest)) throw new Error(`${dest} exists already; choose a new file name.`);
  closeSync(openSync(dest, "wx", PRIVATE_FILE));
}
