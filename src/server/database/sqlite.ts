/** The enquiries' database on SQLite: one file under DATA_DIR, private to the server's user (it holds visitors' details). */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, SqliteDialect, SqliteDriver, sql } from "kysely";
import type { DatabaseConnection } from "kysely";
import { StorageError, type Database, type OpenOptions } from "./index.ts";
import { WatchedDriver, drivenBy } from "./watched-driver.ts";
import type { Tables } from "./tables.ts";

/** The database holds visitors' details: readable by the server's user alone. */
const PRIVATE_FILE = 0o600;

/** How long a write waits for another process's. Every transaction begins with a write, so none upgrades a read lock (refused at once). */
const BUSY_TIMEOUT_MS = 5_000;

function isSqliteStorageFailure(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && /^(SQLITE_(BUSY|FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB|PERM)|E(ACCES|PERM|ROFS|NOSPC|NOTDIR|NOENT))/.test(code);
}

/** SQLite rolls back by itself on some errors (a full disk): rolling back again would hide the cause. */
class RollbackOnceDriver extends SqliteDriver {
  constructor(private readonly handle: BetterSqlite3.Database) {
    super({ database: handle });
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.handle.inTransaction) await super.rollbackTransaction(connection);
  }
}

export function openSqlite(dataDir: string, options: OpenOptions = {}): Database {
  const file = join(dataDir, "site.db");
  const readonly = options.readonly ?? false;
  if (!readonly) {
    try {
      if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      // The -wal and -shm files take the database file's mode.
      if (!existsSync(file)) closeSync(openSync(file, "a", PRIVATE_FILE));
      for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, PRIVATE_FILE);
    } catch (error) {
      if (!isSqliteStorageFailure(error)) throw error;
      throw new StorageError(`DATA_DIR ${dataDir} is not writable (${(error as NodeJS.ErrnoException).code}): set DATA_DIR to a folder this user can write.`);
    }
  }
  const database = new BetterSqlite3(file, { readonly, fileMustExist: readonly });
  let identity: { dev: number; ino: number } | undefined;
  try {
    database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    if (!readonly) {
      // Answers SQLITE_BUSY at once, busy_timeout or not, while another instance opens the file.
      untilNotBusy(() => database.pragma("journal_mode = WAL"));
      // WAL's documented setting: a commit survives the process being killed; a power cut may lose the last ones, never the file.
      database.pragma("synchronous = NORMAL");
      database.pragma("foreign_keys = ON");
      // Deleted enquiries (erasure, purge) are overwritten with zeros, not left in free pages.
      database.pragma("secure_delete = ON");
      const { dev, ino } = statSync(file);
      identity = { dev, ino };
    }
  } catch (error) {
    database.close();
    if (isSqliteStorageFailure(error)) throw new StorageError(`${file} cannot be opened for writing (${(error as { code?: string }).code}).`);
    throw error;
  }
  let lostReason: string | undefined;
  /** A deleted or replaced file would take writes into an unlinked inode, gone at the next start. */
  const lost = () => {
    if (lostReason || !identity) return lostReason;
    try {
      const { dev, ino } = statSync(file);
      if (dev !== identity.dev || ino !== identity.ino) lostReason = `${file} was replaced while the server ran`;
    } catch {
      lostReason = `${file} was deleted while the server ran`;
    }
    return lostReason;
  };
  const driver = new WatchedDriver(new RollbackOnceDriver(database), isSqliteStorageFailure, lost);
  const db = new Kysely<Tables>({ dialect: drivenBy(new SqliteDialect({ database }), driver) });
  return {
    name: "sqlite",
    location: file,
    db,
    types: { time: "text", json: "text", id: "integer PRIMARY KEY AUTOINCREMENT" },
    readJson: (value) => JSON.parse(value as string),
    lockDue: (query) => query,
    async migrationTransaction(work) {
      await db.connection().execute(async (one) => {
        await sql`PRAGMA foreign_keys = OFF`.execute(one);
        try {
          await sql`BEGIN IMMEDIATE`.execute(one);
          try {
            await work(one);
            const broken = await sql`PRAGMA foreign_key_check`.execute(one);
            if (broken.rows.length > 0) throw new Error(`the migration broke ${broken.rows.length} foreign keys`);
            await sql`COMMIT`.execute(one);
          } catch (error) {
            if (database.inTransaction) await sql`ROLLBACK`.execute(one);
            throw error;
          }
        } finally {
          await sql`PRAGMA foreign_keys = ON`.execute(one);
        }
      });
    },
    get lost() {
      return lost();
    },
    get lastWriteFailure() {
      return driver.lastWriteFailure;
    },
    async forgetDeleted() {
      // TRUNCATE waits for no reader (the running server): tried again until the busy timeout.
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

function untilNotBusy<T>(work: () => T): T {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      return work();
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20); // opening is synchronous
    }
  }
}
