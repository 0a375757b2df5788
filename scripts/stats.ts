/**
 * What the site did for the company over a period (src/server/analytics/): page views and
 * visitors, the top pages, the sources and campaigns with their enquiries and conversion rate, the
 * landing pages, and the p75 Web Vitals of real visits per route with Google's good / needs
 * improvement / poor; beside each figure, the period as long just before. Read-only, safe while
 * the server runs; from PostgreSQL when DATABASE_URL is set, else ${DATA_DIR}/site.db; days in
 * DIGEST_TIME_ZONE.
 *
 *   npm run stats                              the last 28 days up to today
 *   npm run stats -- --since 2026-11-01        from that day up to today (today included)
 *   npm run stats -- --since 2026-11-01 --csv  every row, as CSV
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { ConfigError, loadConfig, type Env } from "../src/server/config.ts";
import { EnquiryStore, StorageError } from "../src/server/store/index.ts";
import { addDays, dayIn, periodBefore, periodReport } from "../src/server/analytics/report.ts";
import { reportCsv, reportText } from "../src/server/analytics/render.ts";

export interface StatsIo {
  env: Env;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Today's clock (tests). */
  now: Date;
}

const DEFAULT_DAYS = 28;

/** YYYY-MM-DD naming a day that exists: Date.parse takes 2026-02-30 for 2 March, so the day must come back unchanged. */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(0);
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.toISOString().slice(0, 10) === text;
}

export async function main(argv: string[] = process.argv.slice(2), io: Partial<StatsIo> = {}): Promise<number> {
  const { env = process.env, stdout = process.stdout, stderr = process.stderr, now = new Date() } = io;
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { since: { type: "string" }, csv: { type: "boolean", default: false } } }));
  } catch (error) {
    stderr.write(`${(error as Error).message}\nUsage: npm run stats -- [--since YYYY-MM-DD] [--csv]\n`);
    return 2;
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    stderr.write(`${error.message}\n`);
    return 2;
  }
  const today = dayIn(now, config.digest.timeZone);
  const since = values.since ?? addDays(today, 1 - DEFAULT_DAYS);
  if (!isCalendarDay(since) || since > today) {
    stderr.write(`--since takes a day up to today (${today}) as YYYY-MM-DD, got "${since}".\n`);
    return 2;
  }
  if (!config.databaseUrl && !existsSync(join(config.dataDir, "site.db"))) {
    stderr.write(`No database at ${join(config.dataDir, "site.db")}: nothing counted yet (or set DATA_DIR, or DATABASE_URL).\n`);
    return 1;
  }
  let store: EnquiryStore;
  try {
    store = await EnquiryStore.open(config, { readonly: true });
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
    stderr.write(`${error.message}\n`);
    return 1;
  }
  try {
    const period = { from: since, to: addDays(today, 1) };
    const [current, before] = await Promise.all([
      periodReport(store, period, config.digest.timeZone),
      periodReport(store, periodBefore(period), config.digest.timeZone),
    ]);
    stdout.write(values.csv ? reportCsv(current, before) : `${reportText(current, before)}\n`);
    return 0;
  } finally {
    await store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) process.exitCode = await main();
