/**
 * The spam defence's settings, from the environment (read once at start-up, like config.ts; each
 * described in env.ts's SETTINGS).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, integer, type Env } from "../env.ts";
import { ALTCHA_DEFAULTS, type AltchaSettings } from "./altcha.ts";
import { BlocklistError, loadBlocklist, type Blocklist } from "./blocklist.ts";
import type { HeldBudgetSettings } from "./held-budget.ts";
import { LINK_DEFAULTS, type LinkSettings } from "./content-rules.ts";
import { REPEAT_DEFAULTS, type RepeatSettings } from "./repeat.ts";
import { TIME_TRAP_DEFAULTS, type TimeTrapSettings } from "./time-trap.ts";

export interface SpamSettings {
  timeTrap: TimeTrapSettings;
  altcha: AltchaSettings;
  links: LinkSettings;
  repeat: RepeatSettings;
  blocklist: Blocklist;
  held: HeldBudgetSettings;
}

const MIN_SECRET = 32;

/** FORM_SECRET, or the one kept in DATA_DIR/form-secret (made with 256 random bits if missing). */
export function formSecret(env: Env, dataDir: string): string {
  const given = env.FORM_SECRET?.trim();
  if (given) {
    if (given.length < MIN_SECRET) throw new ConfigError(`FORM_SECRET must be at least ${MIN_SECRET} characters (try: openssl rand -hex 32).`);
    return given;
  }
  const file = join(dataDir, "form-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString("hex");
    // "wx": if another process made it first, read theirs.
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      return readFileSync(file, "utf8").trim();
    }
  }
}

export function loadSpamSettings(env: Env, dataDir: string): SpamSettings {
  const secret = formSecret(env, dataDir);
  const counterMax = integer(env, "ALTCHA_MAX_NUMBER");
  let blocklist: Blocklist;
  try {
    blocklist = env.SPAM_BLOCKLIST_FILE ? loadBlocklist(env.SPAM_BLOCKLIST_FILE) : loadBlocklist();
  } catch (error) {
    if (error instanceof BlocklistError) throw new ConfigError(`SPAM_BLOCKLIST_FILE: ${error.message}`);
    throw new ConfigError(`SPAM_BLOCKLIST_FILE cannot be read: ${(error as Error).message}`);
  }
  return {
    timeTrap: { secret, minMs: integer(env, "SPAM_MIN_SECONDS") * 1000, maxMs: TIME_TRAP_DEFAULTS.maxMs },
    altcha: {
      secret,
      cost: integer(env, "ALTCHA_COST"),
      counterMin: Math.max(1, Math.floor(counterMax / 4)),
      counterMax,
      ttlMs: ALTCHA_DEFAULTS.ttlMs,
    },
    links: LINK_DEFAULTS,
    repeat: REPEAT_DEFAULTS,
    blocklist,
    held: { perClientDaily: integer(env, "HELD_PER_CLIENT_DAILY"), allDaily: integer(env, "HELD_DAILY"), rememberedClients: integer(env, "RATE_LIMIT_KEYS") },
  };
}
