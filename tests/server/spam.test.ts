// @vitest-environment node
/** The spam defence's layers one by one, and the verdict that combines them. */
import { createHmac } from "node:crypto";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { solveChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, describe, expect, it } from "vitest";
import { readSettings } from "../../src/server/env.ts";
import { ConfigError } from "../../src/server/config.ts";
import {
  altchaFinding,
  checkSolution,
  createAltchaChallenge,
  keySecret,
  MemoryReplayGuard,
  verifyAltcha,
  type AltchaSettings,
} from "../../src/server/spam/altcha.ts";
import { blocklistHit, BlocklistError, loadBlocklist, parseBlocklist } from "../../src/server/spam/blocklist.ts";
import { contentFindings, countLinks, LINK_DEFAULTS, looksLikeGibberish, type ContentRules } from "../../src/server/spam/content-rules.ts";
import { disposableDomainOf } from "../../src/server/spam/disposable.ts";
import { doubt, spam } from "../../src/server/spam/findings.ts";
import { MemoryRepeatLedger, messageFingerprint, REPEAT_DEFAULTS } from "../../src/server/spam/repeat.ts";
import { formSecret, loadSpamSettings } from "../../src/server/spam/settings.ts";
import { checkTimeToken, issueTimeToken, timeTrapFinding, TIME_TRAP_DEFAULTS } from "../../src/server/spam/time-trap.ts";
import { decide, judgePost, type SpamDefence } from "../../src/server/spam/verdict.ts";
import { tempDir } from "./helpers.ts";

const SECRET = "test-secret-0123456789abcdef0123456789ab";
const trap = { secret: SECRET, ...TIME_TRAP_DEFAULTS };
const t0 = new Date("2026-11-20T10:00:00Z");
const later = (ms: number) => new Date(t0.getTime() + ms);

describe("time trap", () => {
  const token = issueTimeToken(SECRET, "contact", t0);

  it("passes a post sent a human while after the form was shown", () => {
    expect(checkTimeToken(token, "contact", trap, later(12_000))).toEqual({ outcome: "ok", elapsedMs: 12_000 });
  });

  it("gives each page view its own token, and still takes one of the earlier format", () => {
    // Two visitors shown the form in the same millisecond: a token carries one enquiry, so they must differ.
    expect(issueTimeToken(SECRET, "contact", t0)).not.toBe(token);
    const earlier = `t1.${t0.getTime()}.${createHmac("sha256", SECRET).update(`t1.contact.${t0.getTime()}`).digest("base64url")}`;
    expect(checkTimeToken(earlier, "contact", trap, later(12_000))).toEqual({ outcome: "ok", elapsedMs: 12_000 });
    expect(checkTimeToken(earlier, "quote", trap, later(12_000)).outcome).toBe("forged");
  });

  it("scores forged and malformed tokens as spam, a fast, future, stale or missing one as a doubt", () => {
    const cases: Array<[string | undefined, string, Date, string, "spam" | "doubt"]> = [
      [token, "contact", later(900), "too-fast", "doubt"],
      [issueTimeToken("another-secret-0123456789abcdef0123456", "contact", t0), "contact", later(20_000), "forged", "spam"],
      [token, "quote", later(20_000), "forged", "spam"],
      [token.replace(/\.\d+\./, `.${t0.getTime() - 60_000}.`), "contact", later(20_000), "forged", "spam"],
      ["t1.abc.def", "contact", later(20_000), "malformed", "spam"],
      [token, "contact", later(-60_000), "from-the-future", "doubt"],
      [token, "contact", later(25 * 3_600_000), "stale", "doubt"],
      [undefined, "contact", later(20_000), "missing", "doubt"],
    ];
    for (const [tok, form, at, outcome, severity] of cases) {
      const result = checkTimeToken(tok, form, trap, at);
      expect(result.outcome, `${outcome}`).toBe(outcome);
      expect(timeTrapFinding(result, trap)?.severity).toBe(severity);
    }
  });
});

describe("ALTCHA", () => {
  const settings: AltchaSettings = { secret: SECRET, cost: 1, counterMin: 5, counterMax: 30, ttlMs: 60_000 };
  const solve = async (s: AltchaSettings) => {
    const challenge = await createAltchaChallenge(s);
    const solution = await solveChallenge({ challenge, deriveKey });
    return { challenge, solution: solution! };
  };
  const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString("base64");

  it("signs an expiring challenge that a solver answers, once", async () => {
    const { challenge, solution } = await solve(settings);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt! * 1000).toBeGreaterThan(Date.now());
    const guard = new MemoryReplayGuard();
    const field = encode({ challenge, solution });
    expect(await verifyAltcha(field, settings, guard)).toEqual({ outcome: "ok" });
    expect(await verifyAltcha(field, settings, guard)).toEqual({ outcome: "replayed" });
    expect(altchaFinding({ outcome: "replayed" })?.severity).toBe("doubt");
  });

  it("refuses a challenge signed by another secret, a wrong solution, an expired challenge and garbage", async () => {
    const guard = new MemoryReplayGuard();
    const foreign = await solve({ ...settings, secret: "someone-else-0123456789abcdef0123456" });
    expect(await verifyAltcha(encode(foreign), settings, guard)).toEqual({ outcome: "forged" });
    const { challenge, solution } = await solve(settings);
    const wrongKey = solution.derivedKey.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    expect(await verifyAltcha(encode({ challenge, solution: { ...solution, derivedKey: wrongKey } }), settings, guard)).toEqual({ outcome: "wrong-solution" });
    const tampered = { ...challenge, parameters: { ...challenge.parameters, cost: 0 } };
    expect(await verifyAltcha(encode({ challenge: tampered, solution }), settings, guard)).toEqual({ outcome: "forged" });
    const old = await createAltchaChallenge(settings, new Date(Date.now() - 120_000));
    const oldSolution = await solveChallenge({ challenge: old, deriveKey });
    expect(await verifyAltcha(encode({ challenge: old, solution: oldSolution }), settings, guard)).toEqual({ outcome: "expired" });
    // The signature is checked before the expiry: an invented challenge with an old expiry is forged, not stale.
    const invented = { ...old, parameters: { ...old.parameters, nonce: "00".repeat(16) } };
    expect(await verifyAltcha(encode({ challenge: invented, solution: oldSolution }), settings, guard)).toEqual({ outcome: "forged" });
    expect(altchaFinding({ outcome: "forged" })?.severity).toBe("spam");
    expect(await verifyAltcha("not base64 json", settings, guard)).toEqual({ outcome: "malformed" });
    expect(await verifyAltcha(undefined, settings, guard)).toEqual({ outcome: "missing" });
  });

  it("judges a solution as altcha-lib's verifySolution does", async () => {
    const { challenge, solution } = await solve(settings);
    const foreign = await solve({ ...settings, secret: "someone-else-0123456789abcdef0123456" });
    const old = await solve({ ...settings, ttlMs: -1_000 });
    const flip = (hex: string) => hex.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    const cases = [
      { challenge, solution },
      { challenge, solution: { ...solution, derivedKey: flip(solution.derivedKey) } },
      { challenge, solution: { ...solution, derivedKey: solution.derivedKey.toUpperCase() } },
      { challenge, solution: { ...solution, derivedKey: "" } },
      { challenge, solution: { ...solution, counter: "5" } },
      { challenge, solution: { ...solution, counter: 1.5 } },
      { challenge, solution: { ...solution, counter: -1 } },
      { challenge, solution: { ...solution, counter: 2 ** 32 } },
      { challenge: { ...challenge, parameters: { ...challenge.parameters, cost: 2 } }, solution },
      { challenge: { ...challenge, signature: flip(challenge.signature!) }, solution },
      { challenge: { ...challenge, signature: undefined }, solution },
      foreign,
      old,
    ];
    for (const payload of cases) {
      const library = await verifySolution({
        ...(payload as Parameters<typeof verifySolution>[0]),
        deriveKey,
        hmacSignatureSecret: SECRET,
        hmacKeySignatureSecret: keySecret(SECRET),
      });
      const expected = library.expired ? "expired" : library.invalidSignature ? "forged" : library.verified ? "ok" : "wrong-solution";
      expect(checkSolution(payload as Parameters<typeof checkSolution>[0], SECRET), JSON.stringify(payload.solution)).toBe(expected);
    }
  });

  it("forgets used challenges once they expire", () => {
    let now = 1_000;
    const guard = new MemoryReplayGuard(10, () => now);
    expect(guard.claim("a", 2_000)).toBe(true);
    expect(guard.claim("a", 2_000)).toBe(false);
    now = 2_001;
    expect(guard.claim("a", 3_000)).toBe(true);
  });
});

describe("content rules", () => {
  const rules = (ledger = new MemoryRepeatLedger()): ContentRules => ({ links: LINK_DEFAULTS, repeat: REPEAT_DEFAULTS, blocklist: loadBlocklist(), ledger });
  const post = (message: string, email = "dhruv@shreetextiles.in", lines = ["Dhruv Patel", "PLC upgrade"]) => ({ email, lines, message });
  const codes = async (p: ReturnType<typeof post>, r = rules()) => (await contentFindings(p, r, t0)).findings.map((f) => `${f.severity}:${f.code}`);

  it("counts links written every way spammers write them", () => {
    expect(countLinks('see https://a.example http://b.example www.c.example.com [url=x]y[/url] <a href="d">')).toBe(5);
    expect(countLinks("PLC S7-1200, 24 VDC, IP65")).toBe(0);
  });

  it("lets a real enquiry with one link through; doubts three links or one in the name; drops six", async () => {
    expect(await codes(post("Drawings: https://drive.google.com/x. Please quote."))).toEqual([]);
    expect(await codes(post("https://a.example https://b.example https://c.example"))).toEqual(["doubt:links"]);
    expect(await codes(post("Hello", "x@gmail.com", ["www.cheap.example.biz"]))).toEqual(["doubt:link-in-name"]);
    expect(await codes(post(Array.from({ length: 6 }, (_, i) => `https://s${i}.example`).join(" ")))).toEqual(["doubt:many-links"]);
  });

  it("knows throw-away mail domains from the maintained list, subdomains included", async () => {
    expect(disposableDomainOf("someone@mailinator.com")).toBe("mailinator.com");
    expect(disposableDomainOf("someone@mx.mailinator.com")).toBe("mailinator.com");
    expect(disposableDomainOf("purchase@gujaratpolymers.co.in")).toBeUndefined();
    expect(await codes(post("Please send your catalogue of SCADA software.", "a@yopmail.com"))).toEqual(["doubt:disposable"]);
  });

  it("matches the blocklist by domain, whole-word phrase and expression; a bad expression names its line", () => {
    const list = parseBlocklist("# comment\n@spam.example\nseo services # trailing comment\n/casino\\s+bonus/\n");
    expect(blocklistHit(list, "a@mail.spam.example", ["hi"])).toBe("@spam.example");
    expect(blocklistHit(list, "a@b.in", ["We offer SEO  Services"])).toBe("seo services");
    expect(blocklistHit(list, "a@b.in", ["CASINO bonus"])).toBe("/casino\\s+bonus/");
    expect(blocklistHit(list, "a@b.in", ["geoseo servicesx"])).toBeUndefined();
    // Matched the same whether or not the expression needs Unicode syntax, in any script around it.
    const unicode = parseBlocklist("/\\bhot\\s+girls\\b/\n/\\p{Lu}{6}\\s+\\u{1F3B0}/\n");
    expect(blocklistHit(unicode, "a@b.in", ["Café — HOT\u00a0Girls à Surat"])).toBe("/\\bhot\\s+girls\\b/");
    expect(blocklistHit(unicode, "a@b.in", ["hotgirls", "photo girls"])).toBeUndefined();
    expect(blocklistHit(unicode, "a@b.in", ["WINNER \u{1F3B0}"])).toBe("/\\p{Lu}{6}\\s+\\u{1F3B0}/");
    expect(() => parseBlocklist("ok\n/(unclosed/\n", "list.txt")).toThrow(
      new BlocklistError("list.txt:2: Invalid regular expression: /(unclosed/iu: Unterminated group"),
    );
  });

  it("calls random letters gibberish, but not acronyms, product names or other scripts", () => {
    expect(looksLikeGibberish("asdkjhqwe lkjasdlkj qwoieuqwe")).toBe(true);
    expect(looksLikeGibberish("aSdFgHjKl QwErTyUiOp")).toBe(true);
    expect(looksLikeGibberish("Need SCADA with PROFINET for ControlLogix and FactoryTalk, strengths of InTouch")).toBe(false);
    expect(looksLikeGibberish("અમારી ફેક્ટરીમાં PLC બંધ પડી ગયું છે")).toBe(false);
  });

  it("doubts a long message copied from another address, drops a campaign, and lets one person send twice", async () => {
    const ledger = new MemoryRepeatLedger();
    const text = "Dear Sir, we are a leading manufacturer of fasteners and want buyers in your area.";
    const fp = messageFingerprint(text)!;
    expect(messageFingerprint("Please call me")).toBeUndefined();
    expect(messageFingerprint(text.toUpperCase().replace(/,/g, " ,"))).toBe(fp);
    ledger.record(fp, "a@one.example", t0);
    expect(await codes(post(text, "a@one.example"), rules(ledger))).toEqual([]);
    expect(await codes(post(text, "b@two.example"), rules(ledger))).toEqual(["doubt:copied"]);
    ledger.record(fp, "b@two.example", t0);
    ledger.record(fp, "c@three.example", t0);
    expect(await codes(post(text, "d@four.example"), rules(ledger))).toEqual(["doubt:campaign"]);
  });

  it("doubts one address sending the same long text a third time (a mail bomb aimed at the receipt)", async () => {
    const ledger = new MemoryRepeatLedger();
    const text = "Please send me your complete brochure and price list for all products immediately.";
    expect(await codes(post(text, "victim@gmail.com"), rules(ledger))).toEqual([]);
    ledger.record(messageFingerprint(text), "victim@gmail.com", t0);
    expect(await codes(post(text, "victim@gmail.com"), rules(ledger))).toEqual([]);
    ledger.record(messageFingerprint(text), "Victim@Gmail.com", t0);
    expect(await codes(post(text, "victim@gmail.com"), rules(ledger))).toEqual(["doubt:resent"]);
  });
});

describe("verdict", () => {
  it("drops on clear evidence, quarantines on doubt, and holds rather than drops a post without script", () => {
    const honeypot = spam("honeypot", "honeypot", "filled");
    const blocked = spam("time-trap", "forged", "not our signature");
    const links = doubt("links", "links", "3 links");
    expect(decide([], true)).toEqual({ decision: "ok", reasons: [] });
    expect(decide([links], true).decision).toBe("quarantine");
    expect(decide([links, blocked], true)).toEqual({ decision: "spam", reasons: [blocked, links] });
    expect(decide([blocked], false)).toEqual({ decision: "quarantine", reasons: [{ ...blocked, severity: "doubt" }] });
    expect(decide([honeypot], false).decision).toBe("spam");
  });

  it("judges a scripted post by every layer and one without script by the honeypot and content only", async () => {
    const defence: SpamDefence = {
      timeTrap: trap,
      altcha: { secret: SECRET, cost: 1, counterMin: 1, counterMax: 5, ttlMs: 60_000 },
      replayGuard: new MemoryReplayGuard(),
      content: { links: LINK_DEFAULTS, repeat: REPEAT_DEFAULTS, blocklist: loadBlocklist(), ledger: new MemoryRepeatLedger() },
    };
    const text = { email: "dhruv@shreetextiles.in", lines: ["Dhruv Patel"], message: "Two jet dyeing machines need a PLC upgrade." };
    const base = { form: "contact", text, honeypot: "", receivedAt: later(30_000) };
    const scripted = await judgePost({ ...base, scripted: true, timeToken: issueTimeToken(SECRET, "contact", t0) }, defence);
    expect(scripted).toMatchObject({ decision: "quarantine", reasons: [{ layer: "altcha", code: "missing" }] });
    expect((await judgePost({ ...base, scripted: false }, defence)).decision).toBe("ok");
    const fast = await judgePost({ ...base, scripted: true, timeToken: issueTimeToken(SECRET, "contact", later(29_000)) }, defence);
    expect(fast.decision).toBe("quarantine");
    expect(fast.reasons[0]?.reason).toMatch(/Sent 1\.0 s after the form was shown/);
  });

  it("takes a time token and a proof of work for one enquiry: a second post with either is held as a doubt, not dropped", async () => {
    const altcha = { secret: SECRET, cost: 1, counterMin: 1, counterMax: 5, ttlMs: 600_000 };
    const defence: SpamDefence = {
      timeTrap: trap,
      altcha,
      replayGuard: new MemoryReplayGuard(),
      content: { links: LINK_DEFAULTS, repeat: REPEAT_DEFAULTS, blocklist: loadBlocklist(), ledger: new MemoryRepeatLedger() },
    };
    const challenge = await createAltchaChallenge(altcha);
    const pow = Buffer.from(JSON.stringify({ challenge, solution: await solveChallenge({ challenge, deriveKey }) })).toString("base64");
    const other = await createAltchaChallenge(altcha);
    const otherPow = Buffer.from(JSON.stringify({ challenge: other, solution: await solveChallenge({ challenge: other, deriveKey }) })).toString("base64");
    const text = { email: "dhruv@shreetextiles.in", lines: ["Dhruv Patel"], message: "Two jet dyeing machines need a PLC upgrade." };
    const timeToken = issueTimeToken(SECRET, "contact", new Date(Date.now() - 30_000));
    const post = { form: "contact", text, honeypot: "", scripted: true, receivedAt: new Date() };
    expect(await judgePost({ ...post, timeToken, altcha: pow }, defence)).toMatchObject({ decision: "ok" });
    const again = await judgePost({ ...post, timeToken, altcha: otherPow }, defence);
    expect(again).toMatchObject({ decision: "quarantine", reasons: [{ layer: "time-trap", code: "reused", severity: "doubt" }] });
    const fresh = issueTimeToken(SECRET, "contact", new Date(Date.now() - 20_000));
    const replayed = await judgePost({ ...post, timeToken: fresh, altcha: pow }, defence);
    expect(replayed).toMatchObject({ decision: "quarantine", reasons: [{ layer: "altcha", code: "replayed", severity: "doubt" }] });
  });
});

describe("settings", () => {
  const dir = tempDir("lariox-spam-");
  afterAll(() => dir.remove());

  it("makes a private secret in DATA_DIR on first start and keeps it; refuses a short FORM_SECRET", () => {
    const first = formSecret(readSettings({}), join(dir.path, "data"));
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(formSecret(readSettings({}), join(dir.path, "data"))).toBe(first);
    expect(statSync(join(dir.path, "data", "form-secret")).mode & 0o777).toBe(0o600);
    expect(formSecret({ FORM_SECRET: "x".repeat(40) }, dir.path)).toBe("x".repeat(40));
    expect(() => formSecret(readSettings({ FORM_SECRET: "short" }), dir.path)).toThrow(ConfigError);
  });

  it("reads the limits and an operator's blocklist file, and says which line is wrong", () => {
    const file = join(dir.path, "blocklist.txt");
    writeFileSync(file, "@junk.example\n/[z-a]/\n");
    expect(() => loadSpamSettings(readSettings({ SPAM_BLOCKLIST_FILE: file }), dir.path)).toThrow(/SPAM_BLOCKLIST_FILE: .*blocklist\.txt:2:/);
    writeFileSync(file, "@junk.example\n");
    const s = loadSpamSettings(readSettings({ SPAM_BLOCKLIST_FILE: file, SPAM_MIN_SECONDS: "5", ALTCHA_COST: "2000" }), dir.path);
    expect([s.timeTrap.minMs, s.altcha.cost, [...s.blocklist.domains]]).toEqual([5000, 2000, ["junk.example"]]);
    expect(() => loadSpamSettings(readSettings({ SPAM_MIN_SECONDS: "soon" }), dir.path)).toThrow(/SPAM_MIN_SECONDS must be a whole number/);
    expect(readFileSync(new URL("../../src/server/spam/default-blocklist.txt", import.meta.url), "utf8")).toMatch(/first page of google/);
  });
});
