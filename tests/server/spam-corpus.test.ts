// @vitest-environment node
/**
 * The spam defence against a corpus of labelled posts (tests/fixtures/spam-corpus.json): real
 * enquiries written for this trade (PLC, SCADA, HMI, AVEVA, panels, training; Gujarat and the rest
 * of India; English, Hinglish, Gujarati, Hindi; short and long) and spam (SEO and web offers,
 * crypto, casinos, links, gibberish, form bots, headless bots, throw-away addresses, campaigns and
 * mail bombs). Each post goes through judgePost in order, with real tokens and real proofs of work;
 * what is kept is remembered for the repeat check, as the store will.
 *
 * Fails if one real enquiry is held (quarantined or dropped), if a post is dropped on anything but a
 * robot's evidence (a fast person is held, not dropped), or if less spam is caught than now.
 */
import { readFileSync } from "node:fs";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { describe, expect, it } from "vitest";
import { createAltchaChallenge, MemoryReplayGuard, type AltchaSettings } from "../../src/server/spam/altcha.ts";
import { loadBlocklist } from "../../src/server/spam/blocklist.ts";
import { LINK_DEFAULTS } from "../../src/server/spam/content-rules.ts";
import { MemoryRepeatLedger, REPEAT_DEFAULTS } from "../../src/server/spam/repeat.ts";
import { issueTimeToken, TIME_TRAP_DEFAULTS } from "../../src/server/spam/time-trap.ts";
import { judgePost, type Decision, type SpamDefence } from "../../src/server/spam/verdict.ts";

interface CorpusPost {
  id: string;
  label: "real" | "spam";
  what: string;
  form: "contact" | "quote";
  scripted: boolean;
  /** Seconds from showing the form to sending it; "forged" / "other-form" for a bad token; null for none. */
  secondsToSend?: number | "forged" | "other-form" | null;
  altcha?: "solved" | "missing" | "forged" | "wrong" | "replayed" | null;
  honeypot?: string;
  fields: Record<string, string>;
}

const corpus = JSON.parse(readFileSync(new URL("../fixtures/spam-corpus.json", import.meta.url), "utf8")) as CorpusPost[];

const SECRET = "corpus-secret-0123456789abcdef0123456789";
// Cheap proofs of work: the corpus checks the verdict, not the cost.
const altcha: AltchaSettings = { secret: SECRET, cost: 1, counterMin: 1, counterMax: 20, ttlMs: 600_000 };

async function solvedPayload(settings: AltchaSettings, mangle = false): Promise<string> {
  const challenge = await createAltchaChallenge(settings);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("no solution");
  if (mangle) solution.derivedKey = solution.derivedKey.replace(/^./, (c) => (c === "0" ? "1" : "0"));
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

describe("spam corpus", () => {
  it("holds at least 300 labelled posts, real and spam", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    expect(corpus.filter((p) => p.label === "real").length).toBeGreaterThanOrEqual(120);
    expect(corpus.filter((p) => p.label === "spam").length).toBeGreaterThanOrEqual(120);
  });

  it("holds no real enquiry, and catches the spam", { timeout: 120_000 }, async () => {
    const ledger = new MemoryRepeatLedger();
    const defence: SpamDefence = {
      timeTrap: { secret: SECRET, ...TIME_TRAP_DEFAULTS },
      altcha,
      replayGuard: new MemoryReplayGuard(),
      content: { links: LINK_DEFAULTS, repeat: REPEAT_DEFAULTS, blocklist: loadBlocklist(), ledger },
    };
    let usedPayload: string | undefined;
    let clock = Date.parse("2026-11-20T04:30:00Z");
    const results: Array<{ post: CorpusPost; decision: Decision; reasons: string[] }> = [];

    for (const post of corpus) {
      clock += 90_000;
      const receivedAt = new Date(clock);
      let timeToken: string | undefined;
      let payload: string | undefined;
      if (post.scripted) {
        const s = post.secondsToSend;
        if (s === "forged") timeToken = issueTimeToken("another-secret-0123456789abcdef0123", post.form, new Date(clock - 20_000));
        else if (s === "other-form") timeToken = issueTimeToken(SECRET, post.form === "contact" ? "quote" : "contact", new Date(clock - 20_000));
        else if (typeof s === "number") timeToken = issueTimeToken(SECRET, post.form, new Date(clock - s * 1000));
        if (post.altcha === "solved") payload = usedPayload = await solvedPayload(altcha);
        else if (post.altcha === "forged") payload = await solvedPayload({ ...altcha, secret: "not-our-secret-0123456789abcdef0123" });
        else if (post.altcha === "wrong") payload = await solvedPayload(altcha, true);
        else if (post.altcha === "replayed") payload = usedPayload ?? (await solvedPayload(altcha));
      }
      const f = post.fields;
      const text = {
        email: f.email ?? "",
        lines: [f.name ?? "", f.subject ?? "", f.company ?? "", f.project ?? ""],
        message: f.message ?? f.requirements ?? "",
      };
      const verdict = await judgePost(
        { form: post.form, text, honeypot: post.honeypot ?? "", scripted: post.scripted, timeToken, altcha: payload, receivedAt },
        defence,
      );
      // What is kept (accepted or quarantined) is what the store will count for the repeat check.
      if (verdict.decision !== "spam") ledger.record(verdict.fingerprint, text.email, receivedAt);
      results.push({ post, decision: verdict.decision, reasons: verdict.reasons.map((r) => `${r.severity}:${r.layer}/${r.code}`) });
    }

    // A person whose browser fills the form at once, sending 1 s after it appeared: held, never dropped.
    const autofill = corpus.find((p) => p.label === "real" && p.scripted && p.altcha === "solved")!;
    const quick = await judgePost(
      {
        form: autofill.form,
        text: { email: autofill.fields.email ?? "", lines: [autofill.fields.name ?? ""], message: "Please call me about a PLC panel quote." },
        honeypot: "",
        scripted: true,
        timeToken: issueTimeToken(SECRET, autofill.form, new Date(clock)),
        altcha: await solvedPayload(altcha),
        receivedAt: new Date(clock + 1_000),
      },
      defence,
    );
    expect(quick).toMatchObject({ decision: "quarantine", reasons: [{ code: "too-fast", severity: "doubt" }] });
    // Only a robot's evidence drops a post: never a timing, a repeat or what the text says.
    const robotOnly = new Set([
      "spam:honeypot/honeypot",
      "spam:time-trap/forged",
      "spam:time-trap/malformed",
      "spam:altcha/forged",
      "spam:altcha/malformed",
      "spam:altcha/wrong-solution",
    ]);
    expect(results.flatMap((r) => r.reasons.filter((x) => x.startsWith("spam:") && !robotOnly.has(x)))).toEqual([]);

    const real = results.filter((r) => r.post.label === "real");
    const spam = results.filter((r) => r.post.label === "spam");
    const held = real.filter((r) => r.decision !== "ok");
    const dropped = spam.filter((r) => r.decision === "spam").length;
    const quarantined = spam.filter((r) => r.decision === "quarantine").length;
    const missed = spam.filter((r) => r.decision === "ok");
    const report = [
      `spam corpus: ${corpus.length} posts, ${real.length} real, ${spam.length} spam`,
      `spam caught ${dropped + quarantined}/${spam.length} (${dropped} dropped, ${quarantined} quarantined), ${missed.length} let through`,
      `real enquiries held: ${held.length}/${real.length}`,
      ...missed.map((r) => `  let through: ${r.post.id} ${r.post.what}${r.post.scripted ? "" : " (no script)"}`),
    ].join("\n");
    console.log(report);

    expect(
      held.map((r) => `${r.post.id} ${r.post.what}: ${r.decision} ${r.reasons.join(", ")}`),
      "real enquiries held",
    ).toEqual([]);
    // What the layers catch today; lowering it needs a reason.
    expect(dropped + quarantined, report).toBeGreaterThanOrEqual(Math.ceil(spam.length * 0.95));
  });
});
