/**
 * The two enquiry stores as test backends, so one suite runs on both: `forEachBackend(body)` wraps
 * `body` in a describe block per store (PostgreSQL: a throwaway cluster for the block, see
 * postgres.ts), and each test asks its backend for a fresh, empty store.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import type { Env } from "../../src/server/config.ts";
import { LATEST_MIGRATION, MIGRATION_NAMES } from "../../src/server/database/migrate.ts";
import { EnquiryStore } from "../../src/server/store/index.ts";
import { tempDir } from "./helpers.ts";
import { pgSkipReason, startPgCluster } from "./postgres.ts";
import type { PgCluster } from "./postgres.ts";

/** One empty store's worth of data: how to reach it from an app, a server process, or directly. */
export interface FreshStore {
  /** For startApp or a server process: DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL); the other is blanked. */
  env: Env & { DATA_DIR?: string; DATABASE_URL: string };
  /** Opens (and migrates) the store; each call is another handle on the same data, like another instance. */
  open(): Promise<EnquiryStore>;
  /** Raw SQL on the same data, for what the interface does not show. */
  query(sql: string): Promise<unknown[]>;
  /** Runs a script of several statements on the same data (creating the SQLite file if need be). */
  exec(script: string): Promise<void>;
}

export interface Backend {
  name: "sqlite" | "postgres";
  /** SQL that marks the schema as one from a newer version of the code. */
  newerSchemaSql: string;
  fresh(): Promise<FreshStore>;
  /** The PostgreSQL cluster of this block (undefined for SQLite). */
  cluster(): PgCluster | undefined;
  setup(): Promise<void>;
  teardown(): Promise<void>;
}

/** The schema's version: the last migration applied. */
export { LATEST_MIGRATION, MIGRATION_NAMES };

const NEWER_SCHEMA_SQL = `INSERT INTO kysely_migration (name, timestamp) VALUES ('999-from-the-future', '2099-01-01T00:00:00.000Z')`;

function sqliteBackend(): Backend {
  const dirs: Array<{ remove(): void }> = [];
  return {
    name: "sqlite",
    newerSchemaSql: NEWER_SCHEMA_SQL,
    async fresh() {
      const dir = tempDir("lariox-store-");
      dirs.push(dir);
      const dataDir = join(dir.path, "data");
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: "" },
        open: () => EnquiryStore.open({ dataDir, databaseUrl: undefined }),
        async query(sql) {
          const db = new Database(join(dataDir, "site.db"));
          try {
            const statement = db.prepare(sql);
            return statement.reader ? statement.all() : (statement.run(), []);
          } finally {
            db.close();
          }
        },
        async exec(script) {
          mkdirSync(dataDir, { recursive: true, mode: 0o700 });
          const db = new Database(join(dataDir, "site.db"));
          try {
            db.exec(script);
          } finally {
            db.close();
          }
        },
      };
    },
    cluster: () => undefined,
    async setup() {},
    async teardown() {
      for (const dir of dirs.splice(0)) dir.remove();
    },
  };
}

function postgresBackend(): Backend {
  let cluster: PgCluster | undefined;
  return {
    name: "postgres",
    newerSchemaSql: NEWER_SCHEMA_SQL,
    async fresh() {
      if (!cluster) throw new Error("the PostgreSQL cluster did not start (see the error of beforeAll)");
      const url = await cluster.createDatabase();
      return {
        env: { DATABASE_URL: url },
        open: () => EnquiryStore.open({ dataDir: "", databaseUrl: url }),
        async query(sql) {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            return (await client.query(sql)).rows;
          } finally {
            await client.end();
          }
        },
        async exec(script) {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            await client.query(script);
          } finally {
            await client.end();
          }
        },
      };
    },
    cluster: () => cluster,
    async setup() {
      cluster = await startPgCluster();
    },
    async teardown() {
      cluster?.stop();
      cluster = undefined;
    },
  };
}

/** Runs `body` once per store, each in a describe block named after it. */
export function forEachBackend(body: (backend: Backend) => void): void {
  for (const backend of [sqliteBackend(), postgresBackend()]) {
    const skip = backend.name === "postgres" ? pgSkipReason : undefined;
    describe.skipIf(skip !== undefined)(skip ? `${backend.name} (skipped: ${skip})` : backend.name, () => {
      beforeAll(() => backend.setup(), 120_000);
      afterAll(() => backend.teardown());
      body(backend);
    });
  }
}
