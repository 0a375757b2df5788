/**
 * Every server setting, declared once: its default, bounds or parser (setting-parsers.ts), and one
 * line for the README. readSettings reads them all from the environment, the one place that does:
 * config.ts composes the Config from its answer, and the modules with settings of their own
 * (lead-webhook.ts, spam/settings.ts) take their values from it.
 *
 * The README's table of settings is written from SETTINGS (scripts/settings-table.ts;
 * `npm run typecheck` fails while the README's copy is stale).
 */
import { ConfigError, httpUrl, oneOf, postgresUrl, secret, smtpUrl, timeZone, trustProxy, webhookSecret, type Parse } from "./setting-parsers.ts";

export { ConfigError, redactUrl } from "./setting-parsers.ts";

export type Env = Record<string, string | undefined>;

/** A day, for the settings and rules counted in days. */
export const DAY_MS = 86_400_000;

/** How long a digest's Release and Spam links work (review-link.ts signs them, the digest says so). */
export const REVIEW_LINK_DAYS = 14;

export interface Setting {
  /** The value when unset; none = unset means what `about` says. */
  default?: string | number;
  /** A whole number from min to max. */
  min?: number;
  max?: number;
  /** What the text must be, and the value it stands for; none = the text itself. */
  parse?: Parse<unknown>;
  /** An older name still read when this one is unset. */
  alias?: string;
  /** One line for the README's table. */
  about: string;
}

export const SETTINGS = {
  NODE_ENV: {
    about: "`production`: refuse to start until mail can reach someone (SMTP_URL or MAIL_DELIVERY=files, and MAIL_TO and MAIL_FROM that are not samples)",
  },
  PORT: { default: 8080, min: 0, max: 65535, about: "listening port (0 = any free port)" },
  HOST: { default: "0.0.0.0", about: "listening address" },
  DATA_DIR: { default: "./data", about: "the SQLite store (site.db), the form secret and, without SMTP, the .eml files; keep it private to the server's user" },
  DATABASE_URL: {
    parse: postgresUrl,
    about: "postgres://user:pass@host:5432/db (or postgresql://): keep enquiries in PostgreSQL instead of DATA_DIR/site.db, for several instances",
  },
  DIST_DIR: { default: "./dist", about: "the built site to serve" },
  SMTP_URL: { parse: smtpUrl, about: "smtp:// or smtps:// URL of the mail server, e.g. smtp://user:pass@127.0.0.1:2525" },
  MAIL_DELIVERY: {
    parse: oneOf("smtp", "files"),
    about: "`smtp` (the default with SMTP_URL or in production) or `files`: .eml files under DATA_DIR/mail, read by no one unless someone looks",
  },
  MAIL_TO: { default: "sales@example.com", about: "where enquiries are mailed" },
  MAIL_FROM: { default: '"Lariox website" <website@example.com>', about: "the mails' sender" },
  SITE_URL: {
    parse: httpUrl,
    about: "the site's address as visitors reach it (https://…), for the digest's Release and Spam links; unset = site.yaml's siteUrl from the build",
  },
  DIGEST_TO: { about: "where the daily digest of held enquiries is mailed; unset = MAIL_TO" },
  DIGEST_HOUR: {
    default: 9,
    min: 0,
    max: 23,
    about: "the hour (in SITE_TIME_ZONE) from which the day's digest is sent, when enquiries were held since the last one",
  },
  SUMMARY_WEEKDAY: {
    default: 1,
    min: 1,
    max: 7,
    about: "the day of the weekly summary to DIGEST_TO or MAIL_TO (1 = Monday … 7 = Sunday), in SITE_TIME_ZONE",
  },
  SUMMARY_HOUR: {
    default: 9,
    min: 0,
    max: 23,
    about: "the hour of that day from which the weekly summary is sent; it covers the 7 whole days before that day",
  },
  SITE_TIME_ZONE: {
    default: "Asia/Kolkata",
    parse: timeZone,
    alias: "DIGEST_TIME_ZONE",
    about:
      "the IANA time zone of the business's day: a reference's year, the spam counts' days, DIGEST_HOUR, the digest's and weekly summary's days, and every date a mail or the CLI shows (DIGEST_TIME_ZONE, its former name, is read when it is unset)",
  },
  TRUST_PROXY: {
    parse: trustProxy,
    about:
      "how many proxies stand in front (1 behind one nginx), or their addresses/CIDRs, comma-separated; `true` is refused, since any client could then forge its address",
  },
  RATE_LIMIT: { default: 5, min: 0, max: 1_000_000, about: "form posts per client a minute (IPv6 by /64) that pass the form's checks; 0 = off" },
  RATE_LIMIT_HOURLY: { default: 0, min: 0, max: 100_000_000, about: "form posts an hour from everyone together that pass the form's checks; 0 = off" },
  RATE_LIMIT_KEYS: { default: 20_000, min: 100, max: 10_000_000, about: "clients the rate limiter remembers (the least recently seen go first)" },
  RETENTION_DAYS: { default: 365, min: 1, max: 36_500, about: "days after which the personal data of delivered enquiries (and .eml files) is removed" },
  ALERT_WEBHOOK_URL: { parse: httpUrl, about: "http(s) URL that gets a JSON POST `{text}` once per delivery or storage incident" },
  HEALTH_MAX_QUEUE_AGE_MIN: { default: 60, min: 1, max: 100_000, about: "minutes a delivery may wait before /healthz answers 503" },
  HEALTH_TOKEN: {
    parse: secret(16, "openssl rand -hex 16"),
    about: "16 characters or more: /healthz shows its details (errors, mail, store) with `Authorization: Bearer <HEALTH_TOKEN>`; unset = to no one",
  },
  LOG_LEVEL: {
    default: "info",
    parse: oneOf("fatal", "error", "warn", "info", "debug", "trace", "silent"),
    about: "fatal, error, warn, info, debug, trace or silent",
  },
  GITHUB_OAUTH_CLIENT_ID: { about: "the company's GitHub OAuth app, with its secret: editors sign in to /admin through /api/auth (oauth.ts); both or neither" },
  GITHUB_OAUTH_CLIENT_SECRET: { about: "the OAuth app's client secret" },
  GITHUB_OAUTH_AUTHORIZE_URL: {
    default: "https://github.com/login/oauth/authorize",
    parse: httpUrl,
    about: "where editors approve the sign-in (another for GitHub Enterprise)",
  },
  GITHUB_OAUTH_TOKEN_URL: {
    default: "https://github.com/login/oauth/access_token",
    parse: httpUrl,
    about: "where the sign-in's code is exchanged (another for GitHub Enterprise)",
  },
  GITHUB_OAUTH_CALLBACK_URL: {
    parse: httpUrl,
    about: "where GitHub sends editors back; unset = /api/auth/callback at SITE_URL (else site.yaml's siteUrl), never the request's Host; none = no sign-in",
  },
  LEAD_WEBHOOK_URL: {
    parse: httpUrl,
    about: "each accepted enquiry is also POSTed there, signed the Standard Webhooks way (lead-webhook.ts); with LEAD_WEBHOOK_SECRET",
  },
  LEAD_WEBHOOK_SECRET: { parse: webhookSecret, about: "`whsec_` + 24 to 64 random bytes in base64, the webhook's signing key" },
  FORM_SECRET: {
    parse: secret(32, "openssl rand -hex 32"),
    about:
      "32 characters or more: signs the forms' time tokens and proof-of-work challenges; unset = a random one kept in DATA_DIR/form-secret; several instances must share one",
  },
  SPAM_MIN_SECONDS: { default: 3, min: 0, max: 600, about: "a post sooner than this after its form was shown is held for review (never dropped)" },
  ALTCHA_COST: { default: 1_000, min: 1, max: 10_000_000, about: "PBKDF2 iterations per proof-of-work attempt" },
  ALTCHA_MAX_NUMBER: { default: 4_000, min: 4, max: 10_000_000, about: "proof-of-work attempts a browser may need at most (from a quarter of it)" },
  HELD_PER_CLIENT_DAILY: {
    default: 10,
    min: 0,
    max: 1_000_000,
    about: "posts held for review (no token, too fast…) a client may make in 24 hours (IPv6 by /64); more get a 429 with their form shown again; 0 = no limit",
  },
  HELD_DAILY: {
    default: 200,
    min: 0,
    max: 100_000_000,
    about: "posts held for review from everyone together in 24 hours, counted in the store; more get a 429; 0 = no limit",
  },
  DIGEST_MAX_LISTED: {
    default: 50,
    min: 1,
    max: 100,
    about:
      "held enquiries a digest lists in full (the fewest doubts, then the newest, first), fewer when its mail would pass 768 KB; the rest are counted and come in the next digest, sent right after",
  },
  SPAM_BLOCKLIST_FILE: { about: "the spam blocklist (format: spam/blocklist.ts); unset = spam/default-blocklist.txt" },
  OUTBOX_RETRY_DAYS: { default: 7, min: 1, max: 365, about: "days after which a delivery still not made is failed" },
  OUTBOX_POLL_MS: {
    default: 5_000,
    min: 10,
    max: 3_600_000,
    about: "how often due deliveries are looked for (new enquiries also wake the worker); mainly for tests",
  },
  OUTBOX_RETRY_BASE_MS: { default: 10_000, min: 1, max: 3_600_000, about: "retries wait this times 1, 3, 12, 60, 180, 360, 720, …; mainly for tests" },
  OUTBOX_RETRY_MAX_MS: { default: 7_200_000, min: 1, max: 86_400_000, about: "… up to this, then retry every this long; mainly for tests" },
  OUTBOX_LEASE_MS: { default: 120_000, min: 10, max: 86_400_000, about: "a delivery claimed by a process that died is tried again after this long" },
  OUTBOX_CONCURRENCY: { default: 4, min: 1, max: 64, about: "deliveries sent at the same time" },
  MAIL_SEND_TIMEOUT_MS: { default: 60_000, min: 100, max: 600_000, about: "upper bound for one SMTP delivery" },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;
type Whole = { [K in SettingName]: (typeof SETTINGS)[K] extends { min: number } ? K : never }[SettingName];

/** The value a setting stands for: a number, its parser's value, or its text; undefined when unset and without a default. */
type ValueOf<S> = S extends { min: number }
  ? number
  : S extends { parse: Parse<infer T> }
    ? S extends { default: unknown }
      ? T
      : T | undefined
    : S extends { default: string }
      ? string
      : string | undefined;

/** Every setting's value, read once (readSettings). */
export type Settings = { readonly [K in SettingName]: ValueOf<(typeof SETTINGS)[K]> };

/** A setting's value, trimmed; undefined when unset or blank. */
export function text(env: Env, key: SettingName): string | undefined {
  const alias = (SETTINGS[key] as Setting).alias;
  const value = (env[key]?.trim() || (alias && env[alias]?.trim())) ?? undefined;
  return value === undefined || value === "" ? undefined : value;
}

/** A whole-number setting, within its bounds; its default when unset. */
export function integer(env: Env, key: Whole): number {
  const { default: fallback, min, max } = SETTINGS[key];
  const raw = text(env, key);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${key} must be a whole number, got "${raw}".`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${key} must be between ${min} and ${max}, got ${value}.`);
  return value;
}

/** Every setting, read from `env` by its declaration; the first one that is wrong is refused. */
export function readSettings(env: Env): Settings {
  const values: Record<string, unknown> = {};
  for (const [key, setting] of Object.entries(SETTINGS) as Array<[SettingName, Setting]>) {
    if (setting.min !== undefined) {
      values[key] = integer(env, key as Whole);
      continue;
    }
    const raw = text(env, key) ?? (typeof setting.default === "string" ? setting.default : undefined);
    values[key] = raw === undefined || !setting.parse ? raw : setting.parse(raw, env[key]?.trim() || !setting.alias ? key : setting.alias);
  }
  return values as Settings;
}
