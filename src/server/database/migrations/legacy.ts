/**
 * Databases made before the Migrator kept their version in `PRAGMA user_version` (SQLite, 1 or 2)
 * or a `schema_version` row (PostgreSQL, 1) and had one outbox row a submission: "001" turns that
 * outbox into deliveries. Afterwards that bookkeeping says LEGACY_RETIRED, which old code refuses.
 */
import { sql } from "kysely";
import type { Database } from "../index.ts";
import { run, type Db } from "./statements.ts";

/** What the retired version bookkeeping says once the Migrator keeps it: more than the old code knows. */
const LEGACY_RETIRED = 1000;

/** The version in the bookkeeping before the Migrator, 0 when there is none. */
export async function legacyVersion(database: Database, db: Db): Promise<number> {
  if (database.name === "sqlite") return (await sql<{ user_version: number }>`PRAGMA user_version`.execute(db)).rows[0]!.user_version;
  if ((await sql<{ t: string | null }>`SELECT to_regclass('schema_version') AS t`.execute(db)).rows[0]!.t === null) return 0;
  return (await sql<{ version: number }>`SELECT version FROM schema_version`.execute(db)).rows[0]?.version ?? 0;
}

export async function retireLegacyVersion(database: Database, db: Db): Promise<void> {
  if (database.name === "sqlite") return void (await sql`PRAGMA user_version = ${sql.lit(LEGACY_RETIRED)}`.execute(db));
  await run(database, db, `CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)`, `DELETE FROM schema_version`);
  await sql`INSERT INTO schema_version (version) VALUES (${LEGACY_RETIRED})`.execute(db);
}
