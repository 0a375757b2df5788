/**
 * Server settings, read once from the environment. Every value has a default that works on a
 * fresh machine: no SMTP server needed (mail is written as .eml files under DATA_DIR/mail). With
 * NODE_ENV=production (the systemd unit sets it) the server refuses to start until mail can reach
 * someone: SMTP_URL (or MAIL_DELIVERY=files, said out loud), and MAIL_TO and MAIL_FROM that are
 * not sample addresses.
 *
 *   PORT                 8080          listening port (0 = any free port)
 *   HOST                 0.0.0.0       listening address
 *   DATA_DIR             ./data        SQLite database (site.db) and the .eml fallback mailbox
 *   DATABASE_URL         (unset)       postgres://user:pass@host:5432/db: keep enquiries in PostgreSQL
 *                                      instead of DATA_DIR/site.db (several instances, one database)
 *   DIST_DIR             ./dist        prerendered site to serve
 *   SMTP_URL             (unset)       e.g. smtp://user:pass@127.0.0.1:2525; unset = .eml files
 *   MAIL_DELIVERY        smtp with SMTP_URL, else files   files = .eml files under DATA_DIR/mail, read
 *                                      by nobody unless someone looks (required to mean it in production)
 *   MAIL_TO              sales@example.com
 *   MAIL_FROM            "Lariox website" <website@example.com>
 *   TRUST_PROXY          (unset)       how many proxies stand in front (1 behind one nginx), or the
 *                                      proxies' addresses/CIDRs, comma-separated
 *   RATE_LIMIT           5             form submissions per client a minute (IPv6 by /64), 0 = off
 *   RATE_LIMIT_HOURLY    0             form submissions a hour from everyone together, 0 = off
 *   RATE_LIMIT_KEYS      20000         clients the limiter remembers (least recently seen go first)
 *   RETENTION_DAYS       365           personal data of delivered enquiries is removed after this
 *   ALERT_WEBHOOK_URL    (unset)       JSON POST `{text}` once per delivery or storage incident
 *   HEALTH_MAX_QUEUE_AGE_MIN 60        /healthz answers 503 once a message has waited this long
 *   HEALTH_TOKEN         (unset)       /healthz shows everyone its status and counts; its details (errors,
 *                                      SMTP host, paths) only with `Authorization: Bearer <HEALTH_TOKEN>`
 *                                      (16 characters or more); unset = to no one
 *   LOG_LEVEL            info          fatal | error | warn | info | debug | trace | silent
 *   GITHUB_OAUTH_CLIENT_ID / GITHUB_OAUTH_CLIENT_SECRET   (unset)   the company's GitHub OAuth app:
 *                                      editors sign in to /admin through /api/auth (oauth.ts); both or neither
 *   GITHUB_OAUTH_AUTHORIZE_URL  https://github.com/login/oauth/authorize     where editors approve the sign-in
 *   GITHUB_OAUTH_TOKEN_URL  https://github.com/login/oauth/access_token   where the code is exchanged
 *                                      (both for GitHub Enterprise; tests point them at a local stand-in)
 *   GITHUB_OAUTH_CALLBACK_URL   (unset)   where GitHub sends editors back; unset = this server's
 *                                      /api/auth/callback as the browser reached it (set it behind a CDN)
 *   LEAD_WEBHOOK_URL / LEAD_WEBHOOK_SECRET  (unset)  each accepted enquiry is also POSTed there, signed
 *                                      the Standard Webhooks way (lead-webhook.ts); both or neither
 *   FORM_SECRET, SPAM_MIN_SECONDS, ALTCHA_COST, ALTCHA_MAX_NUMBER, SPAM_BLOCKLIST_FILE: the spam
 *                                      defence, described in spam/settings.ts
 *
 * Outbox tuning (mainly for tests; the defaults suit production):
 *   OUTBOX_POLL_MS         5000     how often due rows are looked for (inserts also wake the worker)
 *   OUTBOX_RETRY_BASE_MS   10000    retry delays are this times 1, 3, 12, 60, 180, 360, 720, ...
 *   OUTBOX_RETRY_MAX_MS    7200000  ... up to this interval, then every this long
 *   OUTBOX_RETRY_DAYS      7        a message still undelivered this long after it came is failed
 *   OUTBOX_LEASE_MS        120000   a claimed row is retried after this long if the process died mid-send
 *   OUTBOX_CONCURRENCY     4        messages sent at the same time
 *   MAIL_SEND_TIMEOUT_MS   60000    upper bound for one SMTP delivery
 */
import { isIP } from "node:net";
import { ConfigError, redactUrl, type Env } from "./env.ts";
import { loadLeadWebhook, type LeadWebhookSettings } from "./lead-webhook.ts";
import { loadSpamSettings, type SpamSettings } from "./spam/settings.ts";
import { resolve } from "node:path";

export interface OutboxConfig {
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  retryWindowMs: number;
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
  /** postgres:// URL; unset = SQLite in dataDir. */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Where mail goes: SMTP_URL, or .eml files under dataDir/mail. */
  mailDelivery: "smtp" | "files";
  mailTo: string;
  mailFrom: string;
  /** false, a hop count, or a list of proxy addresses/CIDRs. */
  trustProxy: false | number | string[];
  /** Submissions per client per minute; 0 turns the limit off. */
  rateLimit: number;
  /** Submissions per hour from all clients together; 0 turns the ceiling off. */
  rateLimitHourly: number;
  /** Clients the rate limiter remembers. */
  rateLimitKeys: number;
  retentionDays: number;
  alertWebhookUrl: string | undefined;
  healthMaxQueueAgeMs: number;
  /** What /healthz asks for its details; unset = they are not shown. */
  healthToken: string | undefined;
  logLevel: string;
  outbox: OutboxConfig;
  /** The GitHub OAuth app editors sign in with; unset = /api/auth says sign-in is not set up. */
  githubOAuth: GitHubOAuthConfig | undefined;
  /** Where each accepted enquiry is also POSTed; unset = no webhook deliveries. */
  leadWebhook: LeadWebhookSettings | undefined;
  /**
   * The spam defence's settings, read when first asked for: the CLI never asks, so it never makes
   * the form secret's file in DATA_DIR.
   */
  readonly spam: SpamSettings;
}

export interface GitHubOAuthConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** The app's callback URL, when the address the browser used cannot be told from the request. */
  callbackUrl: string | undefined;
}

export { ConfigError, redactUrl, type Env } from "./env.ts";

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

function httpUrl(env: Env, key: string): string | undefined {
  const raw = text(env, key);
  if (raw === undefined) return undefined;
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) throw new ConfigError(`${key} must be an http:// or https:// URL.`);
  return raw;
}

const PROXY_PRESETS = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_PRESETS.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `true` would trust every hop of X-Forwarded-For, so any client could name its own address and
 * walk past the rate limit: it is refused with what to set instead.
 */
function trustProxy(raw: string | undefined): false | number | string[] {
  if (raw === undefined) return false;
  const lower = raw.toLowerCase();
  if (lower === "false" || lower === "no" || lower === "0") return false;
  if (lower === "true" || lower === "yes") {
    throw new ConfigError(
      "TRUST_PROXY=true would let any client forge its address. Set the number of proxies in front of this server (TRUST_PROXY=1 behind one nginx or Caddy), or their addresses, e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8.",
    );
  }
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (bad.length > 0) {
    throw new ConfigError(`TRUST_PROXY must be a hop count or IP addresses/CIDRs, comma-separated; "${bad[0]!.slice(0, 60)}" is neither.`);
  }
  return entries;
}

function githubOAuth(env: Env): GitHubOAuthConfig | undefined {
  const clientId = text(env, "GITHUB_OAUTH_CLIENT_ID");
  const clientSecret = text(env, "GITHUB_OAUTH_CLIENT_SECRET");
  if (clientId === undefined && clientSecret === undefined) return undefined;
  if (clientId === undefined || clientSecret === undefined)
    throw new ConfigError("GITHUB_OAUTH_CLIENT_ID and GITHUB_OAUTH_CLIENT_SECRET go together: set both (from the GitHub OAuth app) or neither.");
  return {
    clientId,
    clientSecret,
    authorizeUrl: httpUrl(env, "GITHUB_OAUTH_AUTHORIZE_URL") ?? "https://github.com/login/oauth/authorize",
    tokenUrl: httpUrl(env, "GITHUB_OAUTH_TOKEN_URL") ?? "https://github.com/login/oauth/access_token",
    callbackUrl: httpUrl(env, "GITHUB_OAUTH_CALLBACK_URL"),
  };
}

/** The domains of sample addresses: example.com/.org/.net (RFC 2606) and their subdomains, and the reserved TLDs. */
const SAMPLE_ADDRESS = /@(?:[\w-]+\.)*(?:example\.(?:com|org|net)|[\w-]+\.(?:example|test|invalid|localhost))>?\s*$/i;

interface MailSettings {
  smtpUrl: string | undefined;
  mailDelivery: "smtp" | "files";
  mailTo: string;
  mailFrom: string;
}

/**
 * Where mail goes. Outside production a missing SMTP_URL means .eml files, so a fresh checkout
 * runs; in production that would acknowledge every enquiry and mail none, so it is refused in one
 * line naming all that is missing.
 */
function mailSettings(env: Env): MailSettings {
  const smtpUrl = text(env, "SMTP_URL");
  if (smtpUrl !== undefined && !/^smtps?:\/\//i.test(smtpUrl)) {
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${smtpUrl.replace(/\/\/[^@/]*@/, "//***@")}".`);
  }
  const chosen = text(env, "MAIL_DELIVERY");
  if (chosen !== undefined && chosen !== "smtp" && chosen !== "files") throw new ConfigError(`MAIL_DELIVERY must be smtp or files, got "${chosen}".`);
  if (chosen === "files" && smtpUrl) throw new ConfigError("MAIL_DELIVERY=files and SMTP_URL contradict each other: unset one.");
  const production = env.NODE_ENV === "production";
  const settings: MailSettings = {
    smtpUrl,
    mailDelivery: chosen ?? (smtpUrl || production ? "smtp" : "files"),
    mailTo: text(env, "MAIL_TO") ?? "sales@example.com",
    mailFrom: text(env, "MAIL_FROM") ?? '"Lariox website" <website@example.com>',
  };
  const missing: string[] = [];
  if (settings.mailDelivery === "smtp" && !smtpUrl) {
    missing.push("SMTP_URL (smtp://user:password@host:587), or MAIL_DELIVERY=files to keep mail as .eml files in DATA_DIR/mail");
  }
  if (production) {
    if (SAMPLE_ADDRESS.test(settings.mailTo)) missing.push(`MAIL_TO (now ${settings.mailTo}, a sample address)`);
    if (SAMPLE_ADDRESS.test(settings.mailFrom)) missing.push(`MAIL_FROM (now ${settings.mailFrom}, a sample address)`);
  }
  if (missing.length > 0) throw new ConfigError(`${production ? "NODE_ENV=production: " : ""}mail would reach no one; set ${missing.join("; set ")}.`);
  return settings;
}

function healthToken(env: Env): string | undefined {
  const token = text(env, "HEALTH_TOKEN");
  if (token !== undefined && token.length < 16) throw new ConfigError("HEALTH_TOKEN must be 16 characters or more (e.g. openssl rand -hex 16).");
  return token;
}

const LOG_LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);
const DAY_MS = 86_400_000;

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const databaseUrl = text(env, "DATABASE_URL");
  if (databaseUrl !== undefined && !(/^postgres(ql)?:\/\//i.test(databaseUrl) && URL.canParse(databaseUrl))) {
    throw new ConfigError(`DATABASE_URL must be a postgres:// or postgresql:// URL, got "${redactUrl(databaseUrl).slice(0, 200)}".`);
  }
  const logLevel = text(env, "LOG_LEVEL") ?? "info";
  let spam: SpamSettings | undefined;
  if (!LOG_LEVELS.has(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${[...LOG_LEVELS].join(", ")}.`);
  return {
    port: integer(env, "PORT", 8080, 0, 65535),
    host: text(env, "HOST") ?? "0.0.0.0",
    dataDir: resolve(cwd, text(env, "DATA_DIR") ?? "data"),
    distDir: resolve(cwd, text(env, "DIST_DIR") ?? "dist"),
    databaseUrl,
    ...mailSettings(env),
    trustProxy: trustProxy(text(env, "TRUST_PROXY")),
    rateLimit: integer(env, "RATE_LIMIT", 5, 0, 1_000_000),
    rateLimitHourly: integer(env, "RATE_LIMIT_HOURLY", 0, 0, 100_000_000),
    rateLimitKeys: integer(env, "RATE_LIMIT_KEYS", 20_000, 100, 10_000_000),
    retentionDays: integer(env, "RETENTION_DAYS", 365, 1, 36_500),
    alertWebhookUrl: httpUrl(env, "ALERT_WEBHOOK_URL"),
    healthMaxQueueAgeMs: integer(env, "HEALTH_MAX_QUEUE_AGE_MIN", 60, 1, 100_000) * 60_000,
    healthToken: healthToken(env),
    logLevel,
    outbox: {
      pollMs: integer(env, "OUTBOX_POLL_MS", 5_000, 10, 3_600_000),
      retryBaseMs: integer(env, "OUTBOX_RETRY_BASE_MS", 10_000, 1, 3_600_000),
      retryMaxMs: integer(env, "OUTBOX_RETRY_MAX_MS", 7_200_000, 1, 86_400_000),
      retryWindowMs: integer(env, "OUTBOX_RETRY_DAYS", 7, 1, 365) * DAY_MS,
      leaseMs: integer(env, "OUTBOX_LEASE_MS", 120_000, 10, 86_400_000),
      concurrency: integer(env, "OUTBOX_CONCURRENCY", 4, 1, 64),
      sendTimeoutMs: integer(env, "MAIL_SEND_TIMEOUT_MS", 60_000, 100, 600_000),
    },
    githubOAuth: githubOAuth(env),
    leadWebhook: loadLeadWebhook(env),
    get spam() {
      spam ??= loadSpamSettings(env, resolve(cwd, text(env, "DATA_DIR") ?? "data"));
      return spam;
    },
  };
}
