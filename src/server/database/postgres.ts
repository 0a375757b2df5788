/** The enquiries' database on PostgreSQL (DATABASE_URL): several server instances, one database. */
import { Kysely, PostgresDialect, PostgresDriver, sql } from "kysely";
import pg from "pg";
import { redactUrl } from "../env.ts";
import type { Database } from "./index.ts";
import { WatchedDriver, drivenBy } from "./watched-driver.ts";
import type { Tables } from "./tables.ts";

/** Any constant: the key of the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 4_412_907_331;

/**
 * "Cannot be used just now", not a bug: network failures and the SQLSTATEs for connection (08),
 * resources (53), shutdown (57P01-03), I/O (58), a read-only standby (25006), login or a missing database (28, 3D000).
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

export function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    // A form post holds a connection for its transaction (a few round trips): as many as posts come at once.
    max: 20,
    // A database that does not answer fails the request (503) instead of holding it open.
    connectionTimeoutMillis: 5_000,
    query_timeout: 15_000,
    application_name: "lariox-site",
  });
  // A pooled connection that drops while idle is replaced on the next query; without a listener
  // the pool's "error" event would end the process.
  pool.on("error", () => {});
  const driver = new WatchedDriver(new PostgresDriver({ pool }), isUnavailable);
  const db = new Kysely<Tables>({ dialect: drivenBy(new PostgresDialect({ pool }), driver) });
  return {
    name: "postgres",
    location: redactUrl(url),
    db,
    types: { time: "timestamptz", json: "json", id: "integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY" },
    readJson: (value) => value,
    lockDue: (query) => query.forUpdate().skipLocked(),
    async migrationTransaction(work) {
      await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
        await work(trx);
      });
    },
    lost: undefined,
    get lastWriteFailure() {
      return driver.lastWriteFailure;
    },
    async forgetDeleted() {},
    async destroy() {
      await pool.end().catch(() => {});
    },
  };
}
