/**
 * "A message repeated across posts": the same text (after folding case, spacing and digits) sent
 * again from other addresses is a campaign, not an enquiry. Short texts ("Please call me") are
 * left out: many real people write them.
 *
 * The store answers RepeatLedger from a `message_fingerprint` column kept with each enquiry
 * (quarantined ones included); MemoryRepeatLedger is the same for one process and for tests.
 */
import { createHash } from "node:crypto";
import { DAY_MS } from "../env.ts";
import { doubt, type Finding } from "./findings.ts";

export type RepeatCount = { sameSender: number; otherSenders: number };
/** Earlier enquiries with this fingerprint since `since`, from this address and from others. */
export interface RepeatLedger {
  countRecent(fingerprint: string, email: string, since: Date): RepeatCount | Promise<RepeatCount>;
}

/** Texts shorter than this (once folded) are not fingerprinted. */
export const MIN_FINGERPRINT_CHARS = 40;

/** sha256 hex of the folded message, or undefined when it is too short to say anything. */
export function messageFingerprint(text: string): string | undefined {
  const folded = text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\d+/g, "0")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  if (folded.length < MIN_FINGERPRINT_CHARS) return undefined;
  return createHash("sha256").update(folded).digest("hex");
}

/** How the counts become findings: tune here, not in the store. */
export interface RepeatSettings {
  windowMs: number;
  /** Other senders with the same text: from this many, a doubt; from spamOthers, the stronger doubt "campaign" (held, not dropped). */
  doubtOthers: number;
  spamOthers: number;
  /** One address sending the same text again and again (a mail bomb aimed at the receipt); a second try is no doubt. */
  doubtSame: number;
}

export const REPEAT_DEFAULTS: RepeatSettings = { windowMs: 7 * DAY_MS, doubtOthers: 1, spamOthers: 3, doubtSame: 2 };

export function repeatFinding(count: RepeatCount, settings: RepeatSettings): Finding | undefined {
  if (count.otherSenders >= settings.spamOthers) {
    return doubt("repeat", "campaign", `The same message came from ${count.otherSenders} other addresses recently.`);
  }
  if (count.otherSenders >= settings.doubtOthers) {
    return doubt("repeat", "copied", `The same message came from ${count.otherSenders} other address${count.otherSenders === 1 ? "" : "es"} recently.`);
  }
  if (count.sameSender >= settings.doubtSame) {
    return doubt("repeat", "resent", `The same address sent this message ${count.sameSender} times before.`);
  }
  return undefined;
}

/** A RepeatLedger in memory; `record` is called for every post that was kept (accepted or quarantined). */
export class MemoryRepeatLedger implements RepeatLedger {
  private readonly posts: Array<{ fingerprint: string; email: string; at: number }> = [];
  record(fingerprint: string | undefined, email: string, at: Date): void {
    if (fingerprint) this.posts.push({ fingerprint, email: email.toLowerCase(), at: at.getTime() });
  }
  countRecent(fingerprint: string, email: string, since: Date): RepeatCount {
    const address = email.toLowerCase();
    const recent = this.posts.filter((p) => p.fingerprint === fingerprint && p.at >= since.getTime());
    return {
      sameSender: recent.filter((p) => p.email === address).length,
      otherSenders: new Set(recent.filter((p) => p.email !== address).map((p) => p.email)).size,
    };
  }
}
