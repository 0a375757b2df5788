/**
 * A connection to the enquiries' database, for the store's queries (store/) and the migrations, and
 * the one place the two databases differ (sqlite.ts, postgres.ts). Both drivers are watched
 * (watched-driver.ts): a query the storage cannot take rejects with StorageError.
 */
import type { Kysely, SelectQueryBuilder } from "kysely";
import type { Tables } from "./tables.ts";

/** The database cannot take a write: disk full, file gone, database unreachable. Answered with 503. */
export class StorageError extends Error {
  override name = "StorageError";
}

/** The DATA_DIR and DATABASE_URL settings (env.ts). */
export type StoreLocation = { dataDir: string; databaseUrl?: string | undefined };
/** `readonly`: an existing database, read only and not migrated (the CLI). */
export type OpenOptions = { readonly?: boolean };

export type DueRows = SelectQueryBuilder<Tables, "deliveries", { id: number }>;

export interface Database {
  readonly name: "sqlite" | "postgres";
  /** For logs and messages; never holds a password. */
  readonly location: string;
  readonly db: Kysely<Tables>;
  /** Column types: ISO 8601 text and JSON text on SQLite. */
  readonly types: { time: "text" | "timestamptz"; json: "text" | "json"; id: string };
  readJson(value: unknown): unknown;
  /** PostgreSQL locks the rows FOR UPDATE SKIP LOCKED; SQLite's one UPDATE is a write transaction by itself. */
  lockDue(query: DueRows): DueRows;
  /** Holds the database alone: an advisory lock, or a write transaction with foreign keys off (SQLite's table rebuild). */
  migrationTransaction(work: (db: Kysely<Tables>) => Promise<void>): Promise<void>;
  /** Why writes are refused until a restart (the SQLite file was deleted or replaced). */
  readonly lost: string | undefined;
  /** The last write the database could not take, until a later write changed a row (watched-driver.ts). */
  readonly lastWriteFailure: { message: string; at: Date } | undefined;
  /** After an erasure, SQLite's -wal still holds the deleted rows: it is checkpointed and emptied. */
  forgetDeleted(): Promise<void>;
  destroy(): Promise<void>;
}
