/**
 * Applies the schema's migrations (migrations/) with Kysely's Migrator, in one transaction that
 * holds the database alone: instances starting together migrate once, and a crash mid-migration
 * leaves the old schema.
 */
import { sql, type Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { MIGRATIONS } from "./migrations/index.ts";
import { legacyVersion, retireLegacyVersion } from "./migrations/legacy.ts";
import type { Database } from "./index.ts";
import type { Tables } from "./tables.ts";

export const MIGRATION_NAMES = Object.keys(MIGRATIONS);
export const LATEST_MIGRATION = MIGRATION_NAMES.at(-1)!;

async function applied(db: Kysely<Tables>): Promise<string[] | undefined> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === "kysely_migration")) return undefined;
  return (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)).rows.map((r) => r.name);
}

function refuseNewer(database: Database, names: readonly string[]): void {
  const unknown = names.find((name) => !MIGRATION_NAMES.includes(name));
  if (unknown) throw new Error(`${database.location} has migration ${unknown}, newer than this code knows (${LATEST_MIGRATION}).`);
}

/** Brings the schema up to date, once however many instances start together. */
export async function migrate(database: Database): Promise<void> {
  await database.migrationTransaction(async (trx) => {
    const done = await applied(trx);
    if (done) refuseNewer(database, done);
    const legacy = done ? 0 : await legacyVersion(database, trx);
    const migrations = Object.fromEntries(Object.entries(MIGRATIONS).map(([name, { up }]) => [name, { up: (db: Kysely<Tables>) => up(database, db, legacy) }]));
    const { error } = await new Migrator({ db: trx, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    if (error) throw error;
    await retireLegacyVersion(database, trx);
  });
}

/** The migrations applied, in order; read-only. */
export async function appliedMigrations(database: Database): Promise<string[]> {
  return (await applied(database.db)) ?? [];
}

/** For read-only use (the CLI): refuses a database that is not exactly at this code's schema. */
export async function checkMigrated(database: Database): Promise<void> {
  const done = await appliedMigrations(database);
  refuseNewer(database, done);
  if (done.length !== MIGRATION_NAMES.length)
    throw new Error(`${database.location} is not migrated to ${LATEST_MIGRATION} yet; start the server once to migrate it.`);
}
