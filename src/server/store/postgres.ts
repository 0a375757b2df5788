/** The enquiry store on PostgreSQL (DATABASE_URL): several server instances, one database. */
import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { promisify } from "node:util";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { redactUrl } from "../env.ts";
import { newPrivateFile, type Database, type Tables } from "./database.ts";

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
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
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
    isStorageFailure: isUnavailable,
    lost: undefined,
    backupTo: (dest) => pgDump(url, dest),
    async forgetDeleted() {},
    async destroy() {
      await pool.end().catch(() => {});
    },
  };
}

/** `pg_dump --format=custom` (restore with pg_restore); the password goes in PGPASSWORD, not on a command line any user can read. */
async function pgDump(databaseUrl: string, dest: string): Promise<void> {
  newPrivateFile(dest); // pg_dump writes into the file as it finds it
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
