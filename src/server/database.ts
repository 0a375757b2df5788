/**
 * The two databases the enquiry store runs on, and every way they differ, in one place: the store
 * (store.ts) and the migrations (migrations.ts) are written once with Kysely over either, and ask
 * a Dialect what they cannot write once. Each of its members says how the two differ there;
 * below it, how each database is opened.
 *
 * The SQLite file and its folder are private to the server's user (0700, files 0600): they hold
 * visitors' names, addresses and messages.
 */
import { execFile } from "node:child_process";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { CompiledQuery, Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, SqliteDriver, sql } from "kysely";
import type { ColumnDefinitionBuilder, ColumnType, DatabaseConnection, Generated, SqliteDatabase } from "kysely";
import pg from "pg";
import { redactUrl } from "./env.ts";

/** A time: written as an ISO 8601 string, read as a Date (PostgreSQL) or that string (SQLite). */
type Time = ColumnType<Date | string, string, string>;
/** JSON: written as JSON text, read parsed (PostgreSQL) or as that text (SQLite): see Dialect.readJson. */
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
  };
  /** One row a delivery: the outbox. `kind` names its sender (senders/), as a job's name in pg-boss. */
  deliveries: {
    id: Generated<number>;
    submission_id: number;
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
  /** ALTCHA challenges already answered, until they expire: one post per challenge across instances. */
  altcha_nonces: { nonce: string; expires_at: Time };
}

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

export interface Dialect {
  readonly name: "sqlite" | "postgres";
  /** Where the enquiries are kept, for logs and messages; never holds a password. */
  readonly location: string;
  readonly db: Kysely<Tables>;
  /** Column types: timestamptz and json on PostgreSQL; ISO 8601 text (UTC) and JSON text on SQLite. */
  readonly types: { time: "text" | "timestamptz"; json: "text" | "json" };
  /** A generated integer key: AUTOINCREMENT (ids never reused) or an identity column. */
  identity(column: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
  /**
   * PostgreSQL: each statement is a round trip to a server, and atomic by itself. So the store
   * spends as few as it can: a one-statement write runs as it is (no BEGIN and COMMIT, many at
   * once); a batch of enquiries (nonces, submissions, deliveries) and a claim with its submissions
   * are one statement each (INSERT and UPDATE inside WITH); reads asked at once share one.
   * SQLite runs in-process, where a statement costs little: every write goes into the store's
   * shared write transaction (so another process writing meanwhile makes it wait, not fail), and
   * a claim's submissions are read next.
   */
  readonly roundTrips: boolean;
  /** A JSON column's value, as the driver returns it, parsed. */
  readJson(value: unknown): unknown;
  /** The row lock a claim takes (PostgreSQL), or none (SQLite: the write transaction is the lock). */
  readonly claimLock: "FOR UPDATE SKIP LOCKED" | "";
  /** Serialises migrations across instances for the rest of the transaction `db`: an advisory lock, or SQLite's write transaction. */
  lockForMigration(db: Kysely<Tables>): Promise<void>;
  /**
   * Drops the CHECK constraint of `table.column`, within the migration's transaction `db`. SQLite
   * has no DROP CONSTRAINT: the table's stored definition is edited in place, the procedure its
   * manual gives for removing a CHECK (no row changes, so it needs no copy of the table).
   */
  dropColumnCheck(db: Kysely<Tables>, table: string, column: string): Promise<void>;
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

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export function openDialect(config: StoreLocation, options: OpenOptions = {}): Dialect {
  return config.databaseUrl ? postgres(config.databaseUrl) : sqlite(config.dataDir, options);
}

const PRIVATE_FILE = 0o600;

/** Creates `dest` private and empty, refusing to overwrite a file. */
function newPrivateFile(dest: string): void {
  if (existsSync(dest)) throw new Error(`${dest} exists already; choose a new file name.`);
  closeSync(openSync(dest, "wx", PRIVATE_FILE));
}

// ---------------------------------------------------------------------------------------- SQLite

const BUSY_TIMEOUT_MS = 5_000;

/**
 * Every transaction begins as a write transaction, so two of them never deadlock upgrading a read
 * lock. While another process writes, the begin is retried after a pause that lets the event loop
 * run (the connection's busy timeout is 0 once open): SQLite's own busy wait would block it, and
 * with it a transaction of this process that is waiting for its next statement.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #database: Database.Database;
  constructor(database: Database.Database) {
    super({ database: withStatementCache(database) });
    this.#database = database;
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const deadline = Date.now() + BUSY_TIMEOUT_MS;
    for (let pause = 1; ; pause = Math.min(pause * 2, 50)) {
      try {
        await connection.executeQuery(CompiledQuery.raw("begin immediate"));
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
  /** SQLite rolls back by itself on some errors (a full disk): rolling back again would hide the cause. */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#database.inTransaction) await super.rollbackTransaction(connection);
  }
}

/** SQLite's DDL is transactional: migrations run inside the write transaction. */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** Statements kept prepared: the store's queries, and its multi-row inserts of up to MAX_WRITES rows. */
const STATEMENT_CACHE = 300;

/**
 * The database as Kysely's SQLite driver sees it, each statement prepared once: preparing costs as
 * much as running the store's small queries. A Map in insertion order is the whole
 * least-recently-used bound, so no library for it.
 */
function withStatementCache(database: Database.Database): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  const prepare = (source: string): Database.Statement => {
    const statement = statements.get(source) ?? database.prepare(source);
    statements.delete(source);
    statements.set(source, statement);
    if (statements.size > STATEMENT_CACHE) statements.delete(statements.keys().next().value!);
    return statement;
  };
  return { prepare, close: () => database.close() };
}

/** Kysely's SQLite dialect with write transactions, transactional DDL and prepared statements kept. */
class WriteTransactionSqliteDialect extends SqliteDialect {
  readonly #database: Database.Database;
  constructor(database: Database.Database) {
    super({ database });
    this.#database = database;
  }
  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.#database);
  }
  override createAdapter(): SqliteAdapter {
    return new TransactionalSqliteAdapter();
  }
}

/** The SQLite or file-system error codes that mean "cannot write here (now)", not a bug. */
function isSqliteStorageFailure(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && /^(SQLITE_(BUSY|FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB|PERM)|E(ACCES|PERM|ROFS|NOSPC|NOTDIR|NOENT))/.test(code);
}

function sqlite(dataDir: string, options: OpenOptions): Dialect {
  const file = join(dataDir, "site.db");
  const readonly = options.readonly ?? false;
  if (!readonly) {
    try {
      if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      // SQLite gives the -wal and -shm files the database file's mode, so creating it private is enough.
      if (!existsSync(file)) closeSync(openSync(file, "a", PRIVATE_FILE));
      for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, PRIVATE_FILE);
    } catch (error) {
      if (!isSqliteStorageFailure(error)) throw error;
      throw new StorageError(`DATA_DIR ${dataDir} is not writable (${(error as NodeJS.ErrnoException).code}): set DATA_DIR to a folder this user can write.`);
    }
  }
  const database = new Database(file, { readonly, fileMustExist: readonly });
  let identity: { dev: number; ino: number } | undefined;
  try {
    database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    if (!readonly) {
      database.pragma("journal_mode = WAL");
      // Durability over speed: every commit is fsynced before the visitor hears "sent".
      database.pragma("synchronous = FULL");
      database.pragma("foreign_keys = ON");
      // A deleted enquiry (an erasure, the retention purge) is overwritten with zeros, not left in free space.
      database.pragma("secure_delete = ON");
      // Every write is a transaction whose begin waits without blocking (ImmediateSqliteDriver).
      database.pragma("busy_timeout = 0");
      const { dev, ino } = statSync(file);
      identity = { dev, ino };
    }
  } catch (error) {
    database.close();
    if (isSqliteStorageFailure(error)) throw new StorageError(`${file} cannot be opened for writing (${(error as { code?: string }).code}).`);
    throw error;
  }
  let lostReason: string | undefined;
  return {
    name: "sqlite",
    location: file,
    db: new Kysely<Tables>({ dialect: new WriteTransactionSqliteDialect(database) }),
    types: { time: "text", json: "text" },
    identity: (column) => column.primaryKey().autoIncrement(),
    roundTrips: false,
    readJson: (value) => JSON.parse(value as string),
    claimLock: "",
    async lockForMigration() {},
    async dropColumnCheck(db, table, column) {
      const { rows } = await sql<{ sql: string }>`SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ${table}`.execute(db);
      // As Kysely and the code before it wrote them: `kind TEXT NOT NULL CHECK (kind IN ('contact', 'quote'))`.
      const check = new RegExp(`\\s+check\\s*\\(\\s*"?${column}"?\\s+in\\s*\\([^)]*\\)\\s*\\)`, "i");
      const definition = rows[0]?.sql;
      if (!definition || !check.test(definition)) return;
      const version = (await sql<{ schema_version: number }>`PRAGMA schema_version`.execute(db)).rows[0]!.schema_version;
      database.unsafeMode(true);
      try {
        await sql`PRAGMA writable_schema = ON`.execute(db);
        await sql`UPDATE sqlite_schema SET sql = ${definition.replace(check, "")} WHERE type = 'table' AND name = ${table}`.execute(db);
        await sql`PRAGMA schema_version = ${sql.lit(version + 1)}`.execute(db);
        await sql`PRAGMA writable_schema = OFF`.execute(db);
      } finally {
        database.unsafeMode(false);
      }
    },
    isStorageFailure: isSqliteStorageFailure,
    /** A deleted or replaced file would take writes into an unlinked inode, gone at the next start. */
    get lost() {
      if (lostReason || !identity) return lostReason;
      try {
        const { dev, ino } = statSync(file);
        if (dev !== identity.dev || ino !== identity.ino) lostReason = `${file} was replaced while the server ran`;
      } catch {
        lostReason = `${file} was deleted while the server ran`;
      }
      return lostReason;
    },
    /** SQLite's online backup: page by page, a consistent copy while the server keeps writing. */
    async backupTo(dest) {
      newPrivateFile(dest);
      try {
        await database.backup(dest);
        chmodSync(dest, PRIVATE_FILE);
      } catch (error) {
        rmSync(dest, { force: true });
        throw error;
      }
    },
    async forgetDeleted() {
      // TRUNCATE waits for no reader: while another process reads (the running server), it is tried again.
      const deadline = Date.now() + BUSY_TIMEOUT_MS;
      while ((database.pragma("wal_checkpoint(TRUNCATE)") as Array<{ busy: number }>)[0]!.busy !== 0) {
        if (Date.now() > deadline) throw new StorageError(`${file}-wal is in use: run the erasure again to empty it`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async destroy() {
      if (database.open) database.close();
    },
  };
}

// ------------------------------------------------------------------------------------ PostgreSQL

/** Any constant: the key of the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 4_412_907_331;

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
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection error|Client was closed|pool after calling end/i.test(message)
  );
}

function postgres(url: string): Dialect {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A database that does not answer fails the request (503) instead of holding it open.
    connectionTimeoutMillis: 5_000,
    query_timeout: 15_000,
    application_name: "lariox-site",
  });
  // A pooled connection that drops while idle is replaced on the next query; without a listener
  // the pool's "error" event would end the process.
  pool.on("error", () => {});
  return {
    name: "postgres",
    location: redactUrl(url),
    db: new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) }),
    types: { time: "timestamptz", json: "json" },
    identity: (column) => column.primaryKey().generatedAlwaysAsIdentity(),
    roundTrips: true,
    readJson: (value) => value,
    claimLock: "FOR UPDATE SKIP LOCKED",
    async lockForMigration(db) {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(db);
    },
    async dropColumnCheck(db, table, column) {
      // The name PostgreSQL gives a column's unnamed CHECK.
      await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT IF EXISTS ${sql.id(`${table}_${column}_check`)}`.execute(db);
    },
    isStorageFailure: isUnavailable,
    lost: undefined,
    backupTo: (dest) => pgDump(url, dest),
    async forgetDeleted() {},
    async destroy() {
      await pool.end().catch(() => {});
    },
  };
}

/**
 * `pg_dump --format=custom` of the database to `dest` (restore with pg_restore), one consistent
 * snapshot while the servers keep writing. The password goes to pg_dump in PGPASSWORD, not on
 * its command line, where any user could read it.
 */
async function pgDump(databaseUrl: string, dest: string): Promise<void> {
  newPrivateFile(dest); // private like the database; pg_dump writes into the file as it finds it
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const args = ["--format=custom", "--no-owner", `--file=${dest}`, `--dbname=${url.href}`];
  try {
    const { stderr } = await promisify(execFile)("pg_dump", args, { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } });
    if (stderr.trim()) process.stderr.write(stderr);
  } catch (error) {
    rmSync(dest, { force: true });
    const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: string };
    if (code === "ENOENT")
      throw new Error(
        `pg_dump is not on PATH. Install the PostgreSQL client tools of the server's major version (Debian: apt-get install postgresql-client), or run it yourself: pg_dump --format=custom --file=${dest} "$DATABASE_URL"`,
      );
    throw new Error(`pg_dump exited with ${code}: ${(stderr ?? "").trim().replaceAll(password || "\0", "***")}`);
  }
}
