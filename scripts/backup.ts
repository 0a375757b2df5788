/**
 * npm run backup -- DEST [--data-dir DIR]
 *
 * SQLite (the default): writes a consistent copy of ${DATA_DIR}/site.db to DEST (a new file, or a
 * folder to put site-<time>.db in), safe while the server is serving: the copy is taken inside one
 * read transaction, so it holds every enquiry committed before it began and nothing half-written.
 * To restore: stop the server, remove ${DATA_DIR}/site.db-wal and site.db-shm if there (a crashed
 * server's journal belongs to the old file), copy the file to ${DATA_DIR}/site.db (mode 0600), start it again.
 *
 * PostgreSQL (DATABASE_URL set): runs `pg_dump --format=custom` to DEST (or site-<time>.dump in a
 * folder), one consistent snapshot while the servers keep writing; pg_dump must be on PATH, of the
 * server's major version or newer. To restore into an empty database:
 * `pg_restore --no-owner --dbname "$DATABASE_URL" DEST`, then start the servers.
 */
import { execFile } from "node:child_process";
import { chmodSync, closeSync, existsSync, openSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs, promisify } from "node:util";
import { pathToFileURL } from "node:url";
import BetterSqlite3 from "better-sqlite3";
import { ConfigError, loadConfig } from "../src/server/config.ts";
import { EnquiryStore, StorageError } from "../src/server/store/index.ts";

const USAGE = "Usage: npm run backup -- DEST [--data-dir DIR]   (DEST: a new file, or an existing folder; PostgreSQL when DATABASE_URL is set)";

export function backupFileName(at: Date, kind: "sqlite" | "postgres" = "sqlite"): string {
  return `site-${at.toISOString().replace(/[:.]/g, "-")}.${kind === "sqlite" ? "db" : "dump"}`;
}

/** Creates `dest` private (it holds visitors' details) and empty, refusing to overwrite a file; removed again if `copy` fails. */
async function intoNewPrivateFile(dest: string, copy: () => Promise<unknown>): Promise<void> {
  if (existsSync(dest)) throw new Error(`${dest} exists already; choose a new file name.`);
  closeSync(openSync(dest, "wx", 0o600));
  try {
    await copy();
    chmodSync(dest, 0o600);
  } catch (error) {
    rmSync(dest, { force: true });
    throw error;
  }
}

/** SQLite's online backup, from a connection of its own. */
async function copySqlite(file: string, dest: string): Promise<void> {
  const database = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    await database.backup(dest);
  } finally {
    database.close();
  }
}

/** `pg_dump --format=custom`; the password goes in PGPASSWORD, not on a command line any user can read. */
async function pgDump(databaseUrl: string, dest: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const args = ["--format=custom", "--no-owner", `--file=${dest}`, `--dbname=${url.href}`];
  try {
    const { stderr } = await promisify(execFile)("pg_dump", args, { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } });
    if (stderr.trim()) process.stderr.write(stderr);
  } catch (error) {
    const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: string };
    if (code === "ENOENT")
      throw new Error(
        `pg_dump is not on PATH. Install the PostgreSQL client tools of the server's major version (Debian: apt-get install postgresql-client), or run it yourself: pg_dump --format=custom --file=${dest} "$DATABASE_URL"`,
      );
    throw new Error(`pg_dump exited with ${code}: ${(stderr ?? "").trim().replaceAll(password || "\0", "***")}`);
  }
}

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

export async function main(argv: string[] = process.argv.slice(2)): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { "data-dir": { type: "string" } }, strict: true });
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
  const [target] = parsed.positionals;
  if (!target || parsed.positionals.length > 1) fail(USAGE, 2);
  let config;
  try {
    config = loadConfig({ ...process.env, ...(parsed.values["data-dir"] ? { DATA_DIR: parsed.values["data-dir"] } : {}) });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 2);
    throw error;
  }
  if (!config.databaseUrl && !existsSync(join(config.dataDir, "site.db")))
    fail(`No database at ${join(config.dataDir, "site.db")} (set DATA_DIR or --data-dir, or DATABASE_URL).`, 1);
  let store;
  try {
    store = await EnquiryStore.open(config, { readonly: true });
  } catch (error) {
    if (error instanceof StorageError) fail(`Backup failed: ${error.message}`, 1);
    throw error;
  }
  const dest = existsSync(target) && statSync(target).isDirectory() ? join(target, backupFileName(new Date(), store.kind)) : resolve(target);
  try {
    const started = performance.now();
    const { databaseUrl } = config;
    await intoNewPrivateFile(dest, () => (databaseUrl ? pgDump(databaseUrl, dest) : copySqlite(store.location, dest)));
    process.stdout.write(
      `Backed up ${store.location} to ${dest} (${Math.round(statSync(dest).size / 1024)} KB, ${Math.round(performance.now() - started)} ms).\n`,
    );
  } catch (error) {
    process.exitCode = 1;
    process.stderr.write(`Backup failed: ${(error as Error).message}\n`);
  } finally {
    await store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
