// @vitest-environment node
/**
 * The digest's size (security round three): held posts whose every field is at its schema's
 * maximum, written in emoji (4 bytes each in UTF-8), make each digest mail, as nodemailer sends it,
 * stay under 1 MB even at DIGEST_MAX_LISTED's maximum (100). Each field is cut in the digest, with an
 * ellipsis, and whole on the review page; what one mail cannot hold comes in the next one, so every
 * held enquiry is listed once, none lost.
 */
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { askPage } from "../../src/server/enquiries/ReviewPage.tsx";
import { DIGEST_MAX_BYTES, EXCERPT_CHARS, SHOWN_CHARS, fitDigest, mailBytes } from "../../src/server/outbox/digest-mail.ts";
import { SETTINGS } from "../../src/server/env.ts";
import { SOURCE_FIELDS, type LeadSource } from "../../src/forms/schema.ts";
import contact from "../../src/forms/contact/schema.json" with { type: "json" };
import hidden from "../../src/forms/hidden.schema.json" with { type: "json" };
import { forEachBackend } from "./backends.ts";
import { startApp, startSmtpSink, waitFor, type SmtpSink } from "./helpers.ts";

const MB = 1024 * 1024;
const CLOCK = Date.parse("2027-01-04T01:00:00Z");
/** A 4-byte character (outside the BMP: a surrogate pair in JavaScript), one character to the schema. */
const EMOJI = "😀";
const max = (property: { maxLength?: number }) => property.maxLength!;
/** `n` characters, numbered at the start so each value is its own (a cut one is told from a whole one by its tail). */
const full = (n: number, tag: string) => `${tag}${EMOJI.repeat(n - [...tag].length - 1)}Z`;

/** A contact post with every field at its schema's maximum in emoji (the address in ASCII: the schema's format allows no other). */
function worstPost(i: number) {
  const p = contact.properties;
  const payload = {
    ...{ name: full(max(p.name), `N${i}`), subject: full(max(p.subject), `S${i}`), company: full(max(p.company), `C${i}`) },
    ...{ phone: "9".repeat(max(p.phone)), message: full(max(p.message), `M${i}`), website: "" },
    email: `${String(i).padStart(64, "a")}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(53)}.example`,
  };
  const source: LeadSource = Object.fromEntries(SOURCE_FIELDS.map((f) => [f, full(max(hidden.properties[f]), `${f}${i}`)]));
  return { payload, source };
}

const reasons = [
  { layer: "time-trap", severity: "doubt", code: "missing", reason: "The form's time token is missing, though the page's script ran." },
  { layer: "altcha", severity: "doubt", code: "missing", reason: "No proof of work came with the post, though the page's script ran." },
  { layer: "blocklist", severity: "doubt", code: "blocklist", reason: `Matches the blocklist entry "${EMOJI.repeat(300)}".` },
];

it("takes DIGEST_MAX_LISTED at its maximum for the test below", () => {
  expect(SETTINGS.DIGEST_MAX_LISTED.max).toBe(100);
});

forEachBackend((backend) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it(
    `lists 100 held posts at every field's maximum in emoji in mails under 1 MB, each once, cut but whole on the review page (${backend.name})`,
    { timeout: 120_000 },
    async () => {
      const fresh = await backend.fresh();
      const env = { SMTP_URL: sink.url, DIGEST_TO: "review@example.com", DIGEST_MAX_LISTED: "100", SUMMARY_WEEKDAY: "7" };
      const site = { SITE_URL: "https://www.lariox-automation.example", FORM_SECRET: "a-form-secret-of-at-least-thirty-two-characters" };
      const test = await startApp({ ...fresh.env, ...env, ...site }, { now: () => CLOCK });
      try {
        const { store } = test.app;
        for (let i = 0; i < 100; i++) {
          const { payload, source } = worstPost(i);
          await store.insertSubmission({
            kind: "contact",
            payload,
            ip: "192.0.2.7",
            userAgent: "test",
            email: payload.email,
            source,
            createdAt: new Date(CLOCK - i * 1000),
            quarantine: { reasons },
          });
        }
        const held = await store.list({ status: "quarantined" });
        expect(held).toHaveLength(100);

        await store.createDigest(null, new Date(CLOCK));
        const listed: string[] = [];
        await waitFor(
          async () => {
            test.app.outbox.nudge();
            listed.splice(0);
            for (const m of sink.messages) listed.push(...(((await simpleParser(m.raw)).text ?? "").match(/LA-\d{4}-\d+/g) ?? []));
            return new Set(listed).size === held.length;
          },
          "every held enquiry to be listed by a digest",
          60_000,
        );
        await test.app.outbox.idle();
        const sizes = sink.messages.map((m) => Buffer.byteLength(m.raw));
        console.log(
          `${backend.name}: 100 held posts at their maxima in emoji: ${sizes.length} digests, ${sizes.map((s) => `${(s / 1024).toFixed(0)} KB`).join(", ")}`,
        );
        for (const size of sizes) expect(size).toBeLessThanOrEqual(DIGEST_MAX_BYTES);
        expect(Math.max(...sizes)).toBeLessThan(MB);
        // Each once: one not listed came again, one listed did not.
        expect(listed.toSorted()).toEqual(held.map((row) => row.reference).toSorted());

        const first = await simpleParser(sink.messages[0]!.raw);
        const row = held.find((r) => first.text!.includes(r.reference))!;
        const { payload, source } = { payload: row.payload as Record<string, string>, source: row.source };
        const cutOf = (value: string, chars: number) => ([...value].length > chars ? `${[...value].slice(0, chars).join("")}…` : value);
        for (const part of [first.text!, first.html as string]) {
          expect(part).toContain(cutOf(payload.name!, SHOWN_CHARS));
          expect(part).toContain(cutOf(payload.email!, SHOWN_CHARS));
          expect(part).toContain(cutOf(payload.message!, EXCERPT_CHARS));
          for (const f of SOURCE_FIELDS) expect(part).toContain(cutOf(source[f]!, SHOWN_CHARS));
          // The HTML part says the quotes of the reason as &quot;.
          expect(part.replaceAll("&quot;", '"')).toContain(cutOf(reasons[2]!.reason, SHOWN_CHARS));
          // Never half a surrogate pair.
          expect(part).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
          expect(part).not.toContain(source.landingPage);
        }

        // The review page shows each whole.
        const page = askPage(row, "released", "/review/x").replaceAll("&quot;", '"');
        for (const value of [payload.name!, payload.email!, ...SOURCE_FIELDS.map((f) => source[f]!), reasons[2]!.reason]) expect(page).toContain(value);
      } finally {
        await test.close();
      }
    },
  );
});

it("lists fewer enquiries in a mail when they would pass the byte budget, the first ones, and counts the rest", async () => {
  const now = new Date(CLOCK);
  const rows = Array.from({ length: 20 }, (_, i) => {
    const { payload, source } = worstPost(i);
    return {
      ...{ id: i + 1, kind: "contact" as const, reference: `LA-2027-${String(i + 1).padStart(4, "0")}`, payload, source, createdAt: now },
      ...{ reasons, status: "quarantined", review: null, deliveries: [], ip: null, userAgent: null, email: payload.email },
    };
  }) as unknown as Parameters<typeof fitDigest>[1];
  const settings = { mailTo: "review@example.com", mailFrom: "site@example.com", maxListed: 100 };
  const whole = await fitDigest({ id: 1, createdAt: now } as Parameters<typeof fitDigest>[0], rows, settings, 20);
  expect(whole.listed).toHaveLength(20);

  const budget = Math.floor(whole.bytes / 3);
  const fitted = await fitDigest({ id: 1, createdAt: now } as Parameters<typeof fitDigest>[0], rows, settings, 25, budget);
  expect(fitted.bytes).toBeLessThanOrEqual(budget);
  expect(await mailBytes(fitted.message)).toBe(fitted.bytes);
  expect(fitted.listed.length).toBeGreaterThan(1);
  expect(fitted.listed.length).toBeLessThan(20);
  expect(fitted.listed).toEqual(rows.slice(0, fitted.listed.length));
  const text = String(fitted.message.text);
  expect(text).toContain(`${25 - fitted.listed.length} held enquiries more are not listed here`);
  expect(text).not.toContain(rows[fitted.listed.length]!.reference);
});
