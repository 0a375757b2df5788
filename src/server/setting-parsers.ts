/**
 * How a setting's text becomes its value, or a ConfigError that says what to set instead. SETTINGS
 * (env.ts) names each setting's parser; nothing else reads a setting's text.
 */
import { isIP } from "node:net";

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** A database URL fit for logs and messages: the password replaced by ***. */
export function redactUrl(url: string): string {
  return url.replace(/:[^@/?#]*@/, ":***@").replace(/([?&]password=)[^&#]*/gi, "$1***");
}

export type Parse<T> = (raw: string, key: string) => T;

export const httpUrl: Parse<string> = (raw, key) => {
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) throw new ConfigError(`${key} must be an http:// or https:// URL.`);
  return raw;
};

export const postgresUrl: Parse<string> = (raw, key) => {
  if (!(/^postgres(ql)?:\/\//i.test(raw) && URL.canParse(raw))) {
    throw new ConfigError(`${key} must be a postgres:// or postgresql:// URL, got "${redactUrl(raw).slice(0, 200)}".`);
  }
  return raw;
};

export const smtpUrl: Parse<string> = (raw, key) => {
  if (!/^smtps?:\/\//i.test(raw)) throw new ConfigError(`${key} must start with smtp:// or smtps://, got "${raw.replace(/\/\/[^@/]*@/, "//***@")}".`);
  return raw;
};

/** One of `choices`. */
export const oneOf =
  <T extends string>(...choices: T[]): Parse<T> =>
  (raw, key) => {
    if (!(choices as string[]).includes(raw)) throw new ConfigError(`${key} must be one of ${choices.join(", ")}, got "${raw.slice(0, 40)}".`);
    return raw as T;
  };

/** A secret of at least `min` characters. */
export const secret =
  (min: number, hint: string): Parse<string> =>
  (raw, key) => {
    if (raw.length < min) throw new ConfigError(`${key} must be ${min} characters or more (e.g. ${hint}).`);
    return raw;
  };

/** An IANA time zone that this Node knows. */
export const timeZone: Parse<string> = (raw, key) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: raw });
  } catch {
    throw new ConfigError(`${key} must be an IANA time zone such as Asia/Kolkata, got "${raw.slice(0, 60)}".`);
  }
  return raw;
};

const SECRET_PREFIX = "whsec_";

/** The key bytes of a Standard Webhooks "whsec_<base64>" secret; 24 to 64 bytes, as the spec asks. */
export const webhookSecret: Parse<Buffer> = (raw, key) => {
  if (!raw.startsWith(SECRET_PREFIX)) throw new ConfigError(`${key} must start with ${SECRET_PREFIX} (the Standard Webhooks form).`);
  const encoded = raw.slice(SECRET_PREFIX.length);
  const bytes = Buffer.from(encoded, "base64");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || bytes.length < 24 || bytes.length > 64) {
    throw new ConfigError(
      `${key} must be ${SECRET_PREFIX} followed by 24 to 64 random bytes in base64 (try: echo ${SECRET_PREFIX}$(openssl rand -base64 32)).`,
    );
  }
  return bytes;
};

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
export const trustProxy: Parse<false | number | string[]> = (raw, key) => {
  const lower = raw.toLowerCase();
  if (lower === "false" || lower === "no" || lower === "0") return false;
  if (lower === "true" || lower === "yes") {
    throw new ConfigError(
      `${key}=true would let any client forge its address. Set the number of proxies in front of this server (${key}=1 behind one nginx or Caddy), or their addresses, e.g. ${key}=127.0.0.1,10.0.0.0/8.`,
    );
  }
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (bad.length > 0) throw new ConfigError(`${key} must be a hop count or IP addresses/CIDRs, comma-separated; "${bad[0]!.slice(0, 60)}" is neither.`);
  return entries;
};
