/**
 * The spam defence's settings, from those env.ts read (each described in its SETTINGS).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, type Settings } from "../env.ts";
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

/** FORM_SECRET, or the one kept in DATA_DIR/form-secret (made with 256 random bits if missing). */
export function formSecret(settings: Pick<Settings, "FORM_SECRET">, dataDir: string): string {
  if (settings.FORM_SECRET) return settings.FORM_SECRET;
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

type SpamSettingNames =
  "FORM_SECRET" | "ALTCHA_MAX_NUMBER" | "ALTCHA_COST" | "SPAM_MIN_SECONDS" | "SPAM_BLOCKLIST_FILE" | "HELD_PER_CLIENT_DAILY" | "HELD_DAILY" | "RATE_LIMIT_KEYS";

export function loadSpamSettings(settings: Pick<Settings, SpamSettingNames>, dataDir: string): SpamSettings {
  const secret = formSecret(settings, dataDir);
  const counterMax = settings.ALTCHA_MAX_NUMBER;
  let blocklist: Blocklist;
  try {
    blocklist = settings.SPAM_BLOCKLIST_FILE ? loadBlocklist(settings.SPAM_BLOCKLIST_FILE) : loadBlocklist();
  } catch (error) {
    if (error instanceof BlocklistError) throw new ConfigError(`SPAM_BLOCKLIST_FILE: ${error.message}`);
    throw new ConfigError(`SPAM_BLOCKLIST_FILE cannot be read: ${(error as Error).message}`);
  }
  return {
    timeTrap: { secret, minMs: settings.SPAM_MIN_SECONDS * 1000, maxMs: TIME_TRAP_DEFAULTS.maxMs },
    altcha: {
      secret,
      cost: settings.ALTCHA_COST,
      counterMin: Math.max(1, Math.floor(counterMax / 4)),
      counterMax,
      ttlMs: ALTCHA_DEFAULTS.ttlMs,
    },
    links: LINK_DEFAULTS,
    repeat: REPEAT_DEFAULTS,
    blocklist,
    held: { perClientDaily: settings.HELD_PER_CLIENT_DAILY, allDaily: settings.HELD_DAILY, rememberedClients: settings.RATE_LIMIT_KEYS },
  };
}
