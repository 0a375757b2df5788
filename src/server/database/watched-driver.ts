/**
 * A Kysely driver that watches the storage under it, so that the store's queries stay plain Kysely:
 * - an error that means "cannot write or reach the database now" (`isFailure`) is thrown as
 *   StorageError, which the form answers with 503, not 500;
 * - a write's such failure (a commit's too) is kept in `lastWriteFailure`, for /healthz, until a
 *   later write changes a row: a write that changes nothing needs no disk, so it proves nothing;
 * - while `lost()` gives a reason (the SQLite file was deleted or replaced), no row is changed.
 * Kysely has no hook for a query's errors; every statement, the drivers' own begin, commit and
 * rollback too, runs through the connection this driver hands out.
 */
import type { AbortableOperationOptions, CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from "kysely";
import { StorageError } from "./index.ts";

const CHANGES_ROWS = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode", "MergeQueryNode"]);

export class WatchedDriver implements Driver {
  lastWriteFailure: { message: string; at: Date } | undefined;
  /** Each connection of the driver, and the one handed out for it: the driver releases only its own. */
  private readonly watched = new WeakMap<DatabaseConnection, DatabaseConnection>();
  private readonly own = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(
    private readonly driver: Driver,
    private readonly isFailure: (error: unknown) => boolean,
    private readonly lost: () => string | undefined = () => undefined,
  ) {}

  init = (options?: AbortableOperationOptions) => this.driver.init(options);
  beginTransaction = (connection: DatabaseConnection, settings: TransactionSettings) => this.driver.beginTransaction(connection, settings);
  commitTransaction = (connection: DatabaseConnection) => this.driver.commitTransaction(connection);
  rollbackTransaction = (connection: DatabaseConnection) => this.driver.rollbackTransaction(connection);
  releaseConnection = (connection: DatabaseConnection, options?: AbortableOperationOptions) =>
    this.driver.releaseConnection(this.own.get(connection) ?? connection, options);
  destroy = (options?: AbortableOperationOptions) => this.driver.destroy(options);

  async acquireConnection(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    const connection = await this.watch(false, () => this.driver.acquireConnection(options));
    let watched = this.watched.get(connection);
    if (!watched) {
      watched = { executeQuery: (query, options) => this.execute(connection, query, options), streamQuery: connection.streamQuery.bind(connection) };
      this.watched.set(connection, watched);
      this.own.set(watched, connection);
    }
    return watched;
  }

  private async execute<R>(connection: DatabaseConnection, query: CompiledQuery, options?: AbortableOperationOptions): Promise<QueryResult<R>> {
    const writes = query.query.kind !== "SelectQueryNode";
    const result = await this.watch(writes, async () => {
      const lost = CHANGES_ROWS.has(query.query.kind) ? this.lost() : undefined;
      if (lost) throw new StorageError(`${lost}; restart it to open the current file`);
      return connection.executeQuery<R>(query, options);
    });
    // SQLite answers a write with RETURNING by its rows alone.
    if (writes && (result.numAffectedRows ?? BigInt(result.rows.length)) > 0n) this.lastWriteFailure = undefined;
    return result;
  }

  private async watch<T>(writes: boolean, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const failure = error instanceof StorageError ? error : this.isFailure(error) ? storageError(error as Error & { code?: unknown }) : undefined;
      if (!failure) throw error;
      if (writes) this.lastWriteFailure = { message: failure.message, at: new Date() };
      throw failure;
    }
  }
}

/** `dialect` with `driver` in place of its own. */
export function drivenBy(dialect: Dialect, driver: Driver): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

function storageError({ message, code }: Error & { code?: unknown }): StorageError {
  return new StorageError(typeof code === "string" && !message.includes(code) ? `${message} (${code})` : message);
}
