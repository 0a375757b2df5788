/**
 * Server settings, read once from the environment into a Config. What each setting means, its
 * default and bounds: SETTINGS in env.ts (the README's table is written from it).
 */
import { isIP } from "node:net";
import { ConfigError, DAY_MS, integer, redactUrl, SETTINGS, text, type Env, type SettingName } from "./env.ts";
import { loadLeadWebhook, type LeadWebhookSettings } from "./outbox/lead-webhook.ts";
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
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailDelivery: "smtp" | "files";
  mailTo: string;
  mailFrom: string;
  /** The digest of held enquiries: its address (MAIL_TO unless DIGEST_TO), and from which hour where it is sent. */
  digest: { to: string; hour: number; timeZone: string; summaryWeekday: number; summaryHour: number; maxListed: number };
  /** SITE_URL: where the digest's links point; unset = the build's site address. */
  siteUrl: string | undefined;
  /** false, a hop count, or a list of proxy addresses/CIDRs. */
  trustProxy: false | number | string[];
  rateLimit: number;
  rateLimitHourly: number;
  rateLimitKeys: number;
  retentionDays: number;
  alertWebhookUrl: string | undefined;
  healthMaxQueueAgeMs: number;
  healthToken: string | undefined;
  logLevel: string;
  outbox: OutboxConfig;
  /** Unset = /api/auth says sign-in is not set up. */
  githubOAuth: GitHubOAuthConfig | undefined;
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

function httpUrl(env: Env, key: SettingName): string | undefined {
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
    authorizeUrl: httpUrl(env, "GITHUB_OAUTH_AUTHORIZE_URL") ?? SETTINGS.GITHUB_OAUTH_AUTHORIZE_URL.default,
    tokenUrl: httpUrl(env, "GITHUB_OAUTH_TOKEN_URL") ?? SETTINGS.GITHUB_OAUTH_TOKEN_URL.default,
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
    mailTo: text(env, "MAIL_TO") ?? SETTINGS.MAIL_TO.default,
    mailFrom: text(env, "MAIL_FROM") ?? SETTINGS.MAIL_FROM.default,
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

const summarySettings = (env: Env) => ({ summaryWeekday: integer(env, "SUMMARY_WEEKDAY"), summaryHour: integer(env, "SUMMARY_HOUR") });

function digestSettings(env: Env): Config["digest"] {
  const timeZone = text(env, "DIGEST_TIME_ZONE") ?? SETTINGS.DIGEST_TIME_ZONE.default;
  try {
    new Intl.DateTimeFormat("en", { timeZone });
  } catch {
    throw new ConfigError(`DIGEST_TIME_ZONE must be an IANA time zone such as Asia/Kolkata, got "${timeZone}".`);
  }
  return {
    to: text(env, "DIGEST_TO") ?? text(env, "MAIL_TO") ?? SETTINGS.MAIL_TO.default,
    hour: integer(env, "DIGEST_HOUR"),
    timeZone,
    maxListed: integer(env, "DIGEST_MAX_LISTED"),
    ...summarySettings(env),
  };
}

const LOG_LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const databaseUrl = text(env, "DATABASE_URL");
  if (databaseUrl !== undefined && !(/^postgres(ql)?:\/\//i.test(databaseUrl) && URL.canParse(databaseUrl))) {
    throw new ConfigError(`DATABASE_URL must be a postgres:// or postgresql:// URL, got "${redactUrl(databaseUrl).slice(0, 200)}".`);
  }
  const logLevel = text(env, "LOG_LEVEL") ?? SETTINGS.LOG_LEVEL.default;
  let spam: SpamSettings | undefined;
  if (!LOG_LEVELS.has(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${[...LOG_LEVELS].join(", ")}.`);
  return {
    port: integer(env, "PORT"),
    host: text(env, "HOST") ?? SETTINGS.HOST.default,
    dataDir: resolve(cwd, text(env, "DATA_DIR") ?? SETTINGS.DATA_DIR.default),
    distDir: resolve(cwd, text(env, "DIST_DIR") ?? SETTINGS.DIST_DIR.default),
    databaseUrl,
    ...mailSettings(env),
    digest: digestSettings(env),
    siteUrl: httpUrl(env, "SITE_URL"),
    trustProxy: trustProxy(text(env, "TRUST_PROXY")),
    rateLimit: integer(env, "RATE_LIMIT"),
    rateLimitHourly: integer(env, "RATE_LIMIT_HOURLY"),
    rateLimitKeys: integer(env, "RATE_LIMIT_KEYS"),
    retentionDays: integer(env, "RETENTION_DAYS"),
    alertWebhookUrl: httpUrl(env, "ALERT_WEBHOOK_URL"),
    healthMaxQueueAgeMs: integer(env, "HEALTH_MAX_QUEUE_AGE_MIN") * 60_000,
    healthToken: healthToken(env),
    logLevel,
    outbox: {
      pollMs: integer(env, "OUTBOX_POLL_MS"),
      retryBaseMs: integer(env, "OUTBOX_RETRY_BASE_MS"),
      retryMaxMs: integer(env, "OUTBOX_RETRY_MAX_MS"),
      retryWindowMs: integer(env, "OUTBOX_RETRY_DAYS") * DAY_MS,
      leaseMs: integer(env, "OUTBOX_LEASE_MS"),
      concurrency: integer(env, "OUTBOX_CONCURRENCY"),
      sendTimeoutMs: integer(env, "MAIL_SEND_TIMEOUT_MS"),
    },
    githubOAuth: githubOAuth(env),
    leadWebhook: loadLeadWebhook(env),
    get spam() {
      spam ??= loadSpamSettings(env, resolve(cwd, text(env, "DATA_DIR") ?? SETTINGS.DATA_DIR.default));
      return spam;
    },
  };
}
