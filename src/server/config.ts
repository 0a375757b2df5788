/**
 * Server settings, read once from the environment into a Config. What each setting means, its
 * default and bounds: SETTINGS in env.ts (the README's table is written from it).
 */
import { ConfigError, DAY_MS, readSettings, type Env, type Settings } from "./env.ts";
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
  /** SITE_TIME_ZONE: the business's day, for references, spam counts, digests and every date shown. */
  timeZone: string;
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
  /** Every setting as read (env.ts): what a delivery kind with a setting of its own reads it from (senders/kind.ts). */
  settings: Settings;
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

function githubOAuth(s: Settings): GitHubOAuthConfig | undefined {
  const { GITHUB_OAUTH_CLIENT_ID: clientId, GITHUB_OAUTH_CLIENT_SECRET: clientSecret } = s;
  if (clientId === undefined && clientSecret === undefined) return undefined;
  if (clientId === undefined || clientSecret === undefined)
    throw new ConfigError("GITHUB_OAUTH_CLIENT_ID and GITHUB_OAUTH_CLIENT_SECRET go together: set both (from the GitHub OAuth app) or neither.");
  return {
    clientId,
    clientSecret,
    authorizeUrl: s.GITHUB_OAUTH_AUTHORIZE_URL,
    tokenUrl: s.GITHUB_OAUTH_TOKEN_URL,
    callbackUrl: s.GITHUB_OAUTH_CALLBACK_URL,
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
function mailSettings(s: Settings): MailSettings {
  const { SMTP_URL: smtpUrl, MAIL_DELIVERY: chosen } = s;
  if (chosen === "files" && smtpUrl) throw new ConfigError("MAIL_DELIVERY=files and SMTP_URL contradict each other: unset one.");
  const production = s.NODE_ENV === "production";
  const settings: MailSettings = {
    smtpUrl,
    mailDelivery: chosen ?? (smtpUrl || production ? "smtp" : "files"),
    mailTo: s.MAIL_TO,
    mailFrom: s.MAIL_FROM,
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

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const s = readSettings(env);
  const dataDir = resolve(cwd, s.DATA_DIR);
  let spam: SpamSettings | undefined;
  return {
    port: s.PORT,
    host: s.HOST,
    dataDir,
    distDir: resolve(cwd, s.DIST_DIR),
    databaseUrl: s.DATABASE_URL,
    ...mailSettings(s),
    timeZone: s.SITE_TIME_ZONE,
    digest: {
      to: s.DIGEST_TO ?? s.MAIL_TO,
      hour: s.DIGEST_HOUR,
      timeZone: s.SITE_TIME_ZONE,
      summaryWeekday: s.SUMMARY_WEEKDAY,
      summaryHour: s.SUMMARY_HOUR,
      maxListed: s.DIGEST_MAX_LISTED,
    },
    siteUrl: s.SITE_URL,
    trustProxy: s.TRUST_PROXY ?? false,
    rateLimit: s.RATE_LIMIT,
    rateLimitHourly: s.RATE_LIMIT_HOURLY,
    rateLimitKeys: s.RATE_LIMIT_KEYS,
    retentionDays: s.RETENTION_DAYS,
    alertWebhookUrl: s.ALERT_WEBHOOK_URL,
    healthMaxQueueAgeMs: s.HEALTH_MAX_QUEUE_AGE_MIN * 60_000,
    healthToken: s.HEALTH_TOKEN,
    logLevel: s.LOG_LEVEL,
    outbox: {
      pollMs: s.OUTBOX_POLL_MS,
      retryBaseMs: s.OUTBOX_RETRY_BASE_MS,
      retryMaxMs: s.OUTBOX_RETRY_MAX_MS,
      retryWindowMs: s.OUTBOX_RETRY_DAYS * DAY_MS,
      leaseMs: s.OUTBOX_LEASE_MS,
      concurrency: s.OUTBOX_CONCURRENCY,
      sendTimeoutMs: s.MAIL_SEND_TIMEOUT_MS,
    },
    githubOAuth: githubOAuth(s),
    settings: s,
    get spam() {
      spam ??= loadSpamSettings(s, dataDir);
      return spam;
    },
  };
}
