/**
 * The time trap: a token, signed with the server's secret, that records when a form was shown.
 * A token we did not sign (forged or malformed) is a robot's. Everything else the token can say is
 * only a doubt, for a person to look at: a post sent very fast (a visitor whose browser fills the
 * fields at once can press Send within a second), long after (a tab left open overnight), from
 * the future (clocks of instances apart), or with a token that already carried an enquiry.
 *
 * Token: `t2.<issued at, ms since 1970>.<nonce>.<base64url HMAC-SHA256(secret, "t2.<form>.<issued at>.<nonce>")>`.
 * The form's kind is signed in, so a token for one form does not open the other; the random nonce
 * makes each token one page view's, since a token is good for one enquiry. Tokens of the earlier
 * format, `t1.<issued at>.<HMAC of "t1.<form>.<issued at>">`, are still taken (a page shown before
 * an upgrade).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { SETTINGS } from "../env.ts";
import { doubt, spam, type Finding } from "./findings.ts";

export interface TimeTrapSettings {
  secret: string;
  /** Faster than this from showing the form to sending it is a robot. */
  minMs: number;
  /** Older than this, the token is stale. */
  maxMs: number;
}

export const TIME_TRAP_DEFAULTS = { minMs: SETTINGS.SPAM_MIN_SECONDS.default * 1000, maxMs: 24 * 3_600_000 } as const;
/** Clocks of several instances may differ by this much. */
const CLOCK_SKEW_MS = 5_000;

const sign = (secret: string, signed: string) => createHmac("sha256", secret).update(signed).digest("base64url");

/** A token for the `form` shown at `now`. */
export function issueTimeToken(secret: string, form: string, now: Date = new Date()): string {
  const issuedAt = now.getTime();
  const nonce = randomBytes(12).toString("base64url");
  return `t2.${issuedAt}.${nonce}.${sign(secret, `t2.${form}.${issuedAt}.${nonce}`)}`;
}

export type TimeTrapOutcome =
  | { outcome: "ok"; elapsedMs: number }
  | { outcome: "missing" | "malformed" | "forged" | "reused" }
  | { outcome: "too-fast" | "stale" | "from-the-future"; elapsedMs: number };

/** Until when a token must be remembered as used: as long as it could pass as fresh. */
export function timeTokenExpiry(token: string, settings: TimeTrapSettings, now: Date): Date {
  const issuedAt = Number(token.split(".")[1]);
  return new Date(Math.max(issuedAt, now.getTime()) + settings.maxMs);
}

export function checkTimeToken(token: string | undefined, form: string, settings: TimeTrapSettings, now: Date = new Date()): TimeTrapOutcome {
  if (token === undefined || token === "") return { outcome: "missing" };
  const match = /^(t1\.(\d{1,15})|t2\.(\d{1,15})\.([A-Za-z0-9_-]{16}))\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { outcome: "malformed" };
  const issuedAt = Number(match[2] ?? match[3]);
  const signed = match[4] === undefined ? `t1.${form}.${issuedAt}` : `t2.${form}.${issuedAt}.${match[4]}`;
  if (!timingSafeEqual(Buffer.from(sign(settings.secret, signed)), Buffer.from(match[5]!))) return { outcome: "forged" };
  const elapsedMs = now.getTime() - issuedAt;
  if (elapsedMs < -CLOCK_SKEW_MS) return { outcome: "from-the-future", elapsedMs };
  if (elapsedMs < settings.minMs) return { outcome: "too-fast", elapsedMs };
  if (elapsedMs > settings.maxMs) return { outcome: "stale", elapsedMs };
  return { outcome: "ok", elapsedMs };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The finding for a post that ran the form's script (which fetches the token), or none. */
export function timeTrapFinding(result: TimeTrapOutcome, settings: TimeTrapSettings): Finding | undefined {
  switch (result.outcome) {
    case "ok":
      return undefined;
    case "missing":
      return doubt("time-trap", "missing", "The form's time token is missing, though the page's script ran.");
    case "malformed":
      return spam("time-trap", "malformed", "The form's time token is not one this server writes.");
    case "forged":
      return spam("time-trap", "forged", "The form's time token carries a signature this server did not make.");
    case "from-the-future":
      return doubt("time-trap", "from-the-future", "The form's time token claims to be issued in the future.");
    case "too-fast":
      return doubt("time-trap", "too-fast", `Sent ${seconds(result.elapsedMs)} after the form was shown; a person needs at least ${seconds(settings.minMs)}.`);
    case "reused":
      return doubt("time-trap", "reused", "The form's time token already carried an earlier enquiry.");
    case "stale":
      return doubt("time-trap", "stale", `Sent ${Math.round(result.elapsedMs / 3_600_000)} h after the form was shown.`);
  }
}
