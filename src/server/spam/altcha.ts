/**
 * Proof of work with ALTCHA, its challenge served by our own server: the widget fetches a
 * challenge signed with our secret, solves it in a Web Worker while the visitor types (no puzzle is
 * shown), and the form sends the solution back as the `altcha` field, which is checked here.
 *
 * A challenge expires (ttlMs) and is good for one enquiry: its nonce is claimed in a ReplayGuard, and
 * a second post with it is held as a doubt (a person may press Send twice), not dropped.
 *
 * The widget and the page's Content-Security-Policy: the default `altcha` bundle starts its
 * workers from blob: URLs (it would need `worker-src blob:`) and injects a <style> element. Load
 * `altcha/external` instead, with its stylesheet `altcha/altcha.css`, and register the PBKDF2
 * worker from our own origin (Vite's `altcha/workers/pbkdf2?worker` import emits it as a file):
 * then `script-src 'self'` (which `worker-src` falls back to) is all it needs, no 'unsafe-eval'
 * and no blob: (tests/server/spam-altcha-browser.test.ts proves it in Chromium under the
 * site's own policy).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createChallenge, randomInt } from "altcha-lib";
import type { Challenge, Payload } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { SETTINGS } from "../env.ts";
import { doubt, spam, type Finding } from "./findings.ts";

export const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";

export interface AltchaSettings {
  secret: string;
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The solution's counter is drawn from [counterMin, counterMax]: the attempts a browser makes. */
  counterMin: number;
  counterMax: number;
  /** How long a challenge may be solved and sent. */
  ttlMs: number;
}

/** About 1 to 3 s of background work for a phone's browser; the form is usually being typed meanwhile. */
export const ALTCHA_DEFAULTS = {
  cost: SETTINGS.ALTCHA_COST.default,
  counterMin: SETTINGS.ALTCHA_MAX_NUMBER.default / 4,
  counterMax: SETTINGS.ALTCHA_MAX_NUMBER.default,
  ttlMs: 30 * 60_000,
} as const;

/** Remembers the challenges already used until they expire; `claim` is false for a second use. */
export interface ReplayGuard {
  claim(id: string, expiresAtMs: number): boolean | Promise<boolean>;
}

/** A ReplayGuard for one server process (several instances need one in the shared store). */
export class MemoryReplayGuard implements ReplayGuard {
  private readonly used = new Map<string, number>();
  constructor(
    private readonly maxEntries = 100_000,
    private readonly clock: () => number = Date.now,
  ) {}
  claim(id: string, expiresAtMs: number): boolean {
    const now = this.clock();
    if ((this.used.get(id) ?? 0) > now) return false;
    this.used.set(id, expiresAtMs);
    // Forget expired ones first; past the cap the oldest go (their challenges expire soon anyway).
    if (this.used.size > this.maxEntries) {
      for (const [key, expires] of this.used) if (expires <= now) this.used.delete(key);
      for (const key of this.used.keys()) {
        if (this.used.size <= this.maxEntries) break;
        this.used.delete(key);
      }
    }
    return true;
  }
}

/** The key-signature secret is derived from the one secret, so there is one thing to configure. */
export const keySecret = (secret: string) => createHmac("sha256", secret).update("altcha-key-signature").digest("hex");

/** A new challenge for the widget (GET /api/altcha/challenge answers it as JSON). */
export function createAltchaChallenge(settings: AltchaSettings, now: Date = new Date()): Promise<Challenge> {
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: settings.cost,
    counter: randomInt(settings.counterMax, settings.counterMin),
    deriveKey,
    expiresAt: new Date(now.getTime() + settings.ttlMs),
    hmacSignatureSecret: settings.secret,
    hmacKeySignatureSecret: keySecret(settings.secret),
  });
}

export type AltchaOutcome = { outcome: "ok" | "missing" | "malformed" | "expired" | "forged" | "wrong-solution" | "replayed" };

function parsePayload(field: string): Payload | undefined {
  try {
    const payload = JSON.parse(Buffer.from(field, "base64").toString("utf8")) as Payload;
    const ok =
      payload &&
      typeof payload === "object" &&
      typeof payload.challenge?.parameters?.nonce === "string" &&
      typeof payload.solution === "object" &&
      payload.solution !== null;
    return ok ? payload : undefined;
  } catch {
    return undefined;
  }
}

const hmacHex = (secret: string, data: string | Buffer) => createHmac("sha256", secret).update(data).digest("hex");
const sameHex = (a: unknown, b: string) => typeof a === "string" && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
/** JSON with every object's keys sorted, as the challenge's parameters are signed. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );

/**
 * altcha-lib's verifySolution, for the challenges createAltchaChallenge makes (they always carry a
 * key signature): the challenge's HMAC, the expiry, then the HMAC of the key the solver derived.
 * Written with node:crypto because the library signs with WebCrypto, importing the key for each
 * HMAC: its two a post were a fifth of a form post's time in bench:forms. spam.test.ts checks the
 * two agree.
 */
export function checkSolution(payload: Payload, secret: string, now: Date = new Date()): Exclude<AltchaOutcome["outcome"], "missing" | "replayed"> {
  const { parameters, signature } = payload.challenge;
  // The signature first: an invented challenge with an old expiry is forged, not stale.
  if (!sameHex(signature, hmacHex(secret, canonicalJson(parameters))) || typeof parameters.keySignature !== "string") return "forged";
  if (parameters.expiresAt && parameters.expiresAt < now.getTime() / 1000) return "expired";
  const { derivedKey, counter } = payload.solution as { derivedKey?: unknown; counter?: unknown };
  const counted = Number.isInteger(counter) && (counter as number) >= 0 && (counter as number) <= 0xffff_ffff;
  if (typeof derivedKey !== "string" || !/^(?:[0-9a-f]{2})+$/.test(derivedKey) || !counted) return "wrong-solution";
  return sameHex(parameters.keySignature, hmacHex(keySecret(secret), Buffer.from(derivedKey, "hex"))) ? "ok" : "wrong-solution";
}

/** Checks the `altcha` field of a post (the widget's base64 JSON payload). */
export async function verifyAltcha(field: string | undefined, settings: AltchaSettings, guard: ReplayGuard): Promise<AltchaOutcome> {
  if (field === undefined || field === "") return { outcome: "missing" };
  if (field.length > 4_096) return { outcome: "malformed" };
  const payload = parsePayload(field);
  if (!payload) return { outcome: "malformed" };
  const outcome = checkSolution(payload, settings.secret);
  if (outcome !== "ok") return { outcome };
  const expiresAtMs = (payload.challenge.parameters.expiresAt ?? 0) * 1000 || Date.now() + settings.ttlMs;
  if (!(await guard.claim(payload.challenge.parameters.nonce, expiresAtMs))) return { outcome: "replayed" };
  return { outcome: "ok" };
}

/** The finding for a post that ran the form's script (which loads the widget), or none. */
export function altchaFinding(result: AltchaOutcome): Finding | undefined {
  switch (result.outcome) {
    case "ok":
      return undefined;
    case "missing":
      return doubt("altcha", "missing", "No proof of work came with the post, though the page's script ran.");
    case "expired":
      return doubt("altcha", "expired", "The proof of work was for a challenge that had expired.");
    case "malformed":
      return spam("altcha", "malformed", "The proof of work is not in the widget's format.");
    case "forged":
      return spam("altcha", "forged", "The proof of work answers a challenge this server did not sign.");
    case "wrong-solution":
      return spam("altcha", "wrong-solution", "The proof of work does not solve its challenge.");
    case "replayed":
      return doubt("altcha", "replayed", "The proof of work already carried an earlier enquiry.");
  }
}
