/**
 * What the migrations (NNN-*.ts beside this file) share: their signature, and SQL written once for
 * both databases, with {time}, {json} and {id} standing for Database.types.
 */
import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { Database } from "../index.ts";
import type { Tables } from "../tables.ts";

export type Db = Kysely<Tables>;
/** A migration's `up`; `legacy` is the version a database made before the Migrator had (legacy.ts), else 0. */
export type Step = (database: Database, db: Db, legacy: number) => Promise<void>;

/** Runs each statement, with the database's column types put in. */
export async function run(database: Database, db: Db, ...statements: string[]): Promise<void> {
  const { time, json, id } = database.types;
  for (const s of statements) await sql.raw(s.replaceAll("{time}", time).replaceAll("{json}", json).replaceAll("{id}", id)).execute(db);
}
export const onSqlite = (database: Database, ...statements: string[]): string[] => (database.name === "sqlite" ? statements : []);
export const onPostgres = (database: Database, ...statements: string[]): string[] => (database.name === "postgres" ? statements : []);

/** Makes `table` again as `create` (named `<table>_new`) with its rows, id sequence and indexes: SQLite's rebuild. */
export function rebuild(table: string, columns: string, create: string, indexes: string[]): string[] {
  return [
    create,
    `INSERT INTO ${table}_new (${columns}) SELECT ${columns} FROM ${table} ORDER BY id`,
    `DELETE FROM sqlite_sequence WHERE name = '${table}_new'`,
    `INSERT INTO sqlite_sequence (name, seq) SELECT '${table}_new', seq FROM sqlite_sequence WHERE name = '${table}'`,
    `DROP TABLE ${table}`,
    `ALTER TABLE ${table}_new RENAME TO ${table}`,
    ...indexes,
  ];
}

/** The outbox's indexes: made by 001, and again by 005's rebuild of the table. */
export const DELIVERIES_INDEXES = [
  `CREATE INDEX deliveries_due ON deliveries (next_attempt_at, id) WHERE sent_at IS NULL AND failed_at IS NULL`,
  `CREATE INDEX deliveries_submission ON deliveries (submission_id)`,
];
