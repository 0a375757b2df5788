/**
 * npm run backup -- DEST [--data-dir DIR]
 *
 * Writes a consistent copy of ${DATA_DIR}/site.db to DEST (a new file, or a folder to put
 * site-<time>.db in), safe while the server is serving: the copy is taken inside one read
 * transaction, so it holds every enquiry committed before it began and nothing half-written.
 * To restore: stop the server, copy the file to ${DATA_DIR}/site.db (mode 0600), start it again.
 */
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { Store } from "../src/server/store.ts";

const USAGE = "Usage: npm run backup -- DEST [--data-dir DIR]   (DEST: a new .db file, or an existing folder)";

export function backupFileName(at: Date): string {
  return `site-${at.toISOString().replace(/[:.]/g, "-")}.db`;
}

export function main(argv: string[] = process.argv.slice(2)): void {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { "data-dir": { type: "string" } }, strict: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  const [target] = parsed.positionals;
  if (!target || parsed.positionals.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const dataDir = resolve(parsed.values["data-dir"] ?? process.env.DATA_DIR ?? "data");
  if (!existsSync(join(dataDir, "site.db"))) {
    process.stderr.write(`No database at ${join(dataDir, "site.db")} (set DATA_DIR or --data-dir).\n`);
    process.exit(1);
  }
  const dest = existsSync(target) && statSync(target).isDirectory() ? join(target, backupFileName(new Date())) : resolve(target);
  const store = Store.open(dataDir, { readonly: true });
  try {
    const started = performance.now();
    store.backupTo(dest);
    process.stdout.write(`Backed up ${join(dataDir, "site.db")} to ${dest} (${Math.round(statSync(dest).size / 1024)} KB, ${Math.round(performance.now() - started)} ms).\n`);
  } catch (error) {
    process.stderr.write(`Backup failed: ${(error as Error).message}\n`);
    process.exit(1);
  } finally {
    store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
