/**
 * Server settings, read once from the environment. Every value has a default that works on a
 * fresh machine: no SMTP server needed (mail is written as .eml files under DATA_DIR/mail).
 *
 *   PORT              8080          listening port (0 = any free port)
 *   HOST              0.0.0.0       listening address
 *   DATA_DIR          ./data        SQLite database (site.db) and the .eml fallback mailbox
 *   DIST_DIR          ./dist        prerendered site to serve
 *   SMTP_URL          (unset)       e.g. smtp://user:pass@127.0.0.1:2525; unset = .eml files
 *   MAIL_TO           sales@example.com
 *   MAIL_FROM         "Lariox website" <website@example.com>
 *   TRUST_PROXY       false         true | false | hop count | comma-separated addresses/CIDRs
 *   RATE_LIMIT        5             form submissions per client IP per minute, 0 = off
 *   LOG_LEVEL         info          fatal | error | warn | info | debug | trace | silent
 *
 * Outbox tuning (mainly for tests; the defaults suit production):
 *   OUTBOX_POLL_MS         5000     how often due rows are looked for (inserts also wake the worker)
 *   OUTBOX_RETRY_BASE_MS   10000    retry delays are this times 1, 3, 12, 60, 180, 360, 720, ...
 *   OUTBOX_MAX_ATTEMPTS    8        a message is marked failed after this many attempts
 *   OUTBOX_LEASE_MS        120000   a claimed row is retried after this long if the process died mid-send
 *   OUTBOX_CONCURRENCY     4        messages sent at the same time
 *   MAIL_SEND_TIMEOUT_MS   60000    upper bound for one SMTP delivery
 */
import { resolve } from "node:path";

export interface OutboxConfig {
  pollMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  leaseMs: number;
  concurrency: number;
  sendTimeoutMs: number;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute path. */
  dataDir: string;
  /** Absolute path. */
  distDir: string;
  smtpUrl: string | undefined;
  mailTo: string;
  mailFrom: string;
  trustProxy: boolean | number | string;
  /** Submissions per client IP per minute; 0 turns the limit off. */
  rateLimit: number;
  logLevel: string;
  outbox: OutboxConfig;
}

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

function text(env: Env, key: string): string | undefined {
  const value = env[key]?.trim();
  return value === undefined || value === "" ? undefined : value;
}

function integer(env: Env, key: string, fallback: number, min: number, max: number): number {
  const raw = text(env, key);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${key} must be a whole number, got "${raw}".`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${key} must be between ${min} and ${max}, got ${value}.`);
  return value;
}

function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined) return false;
  const lower = raw.toLowerCase();
  if (lower === "true" || lower === "yes") return true;
  if (lower === "false" || lower === "no") return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

const LOG_LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const smtpUrl = text(env, "SMTP_URL");
  if (smtpUrl !== undefined && !/^smtps?:\/\//i.test(smtpUrl)) {
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${smtpUrl.replace(/\/\/[^@/]*@/, "//***@")}".`);
  }
  const logLevel = text(env, "LOG_LEVEL") ?? "info";
  if (!LOG_LEVELS.has(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${[...LOG_LEVELS].join(", ")}.`);
  return {
    port: integer(env, "PORT", 8080, 0, 65535),
    host: text(env, "HOST") ?? "0.0.0.0",
    dataDir: resolve(cwd, text(env, "DATA_DIR") ?? "data"),
    distDir: resolve(cwd, text(env, "DIST_DIR") ?? "dist"),
    smtpUrl,
    mailTo: text(env, "MAIL_TO") ?? "sales@example.com",
    mailFrom: text(env, "MAIL_FROM") ?? '"Lariox website" <website@example.com>',
    trustProxy: trustProxy(text(env, "TRUST_PROXY")),
    rateLimit: integer(env, "RATE_LIMIT", 5, 0, 1_000_000),
    logLevel,
    outbox: {
      pollMs: integer(env, "OUTBOX_POLL_MS", 5_000, 10, 3_600_000),
      retryBaseMs: integer(env, "OUTBOX_RETRY_BASE_MS", 10_000, 1, 3_600_000),
      maxAttempts: integer(env, "OUTBOX_MAX_ATTEMPTS", 8, 1, 100),
      leaseMs: integer(env, "OUTBOX_LEASE_MS", 120_000, 10, 86_400_000),
      concurrency: integer(env, "OUTBOX_CONCURRENCY", 4, 1, 64),
      sendTimeoutMs: integer(env, "MAIL_SEND_TIMEOUT_MS", 60_000, 100, 600_000),
    },
  };
}
