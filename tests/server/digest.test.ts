// @vitest-environment node
/**
 * The digest of held enquiries, on both databases, through a real SMTP peer and read by mailparser:
 * what it lists, that the server sends it once a day from DIGEST_HOUR only when something was held
 * (two instances sharing the database too), that it is retried like every delivery, and that
 * `--digest` sends one at once. The clock is the test's: the hour is reached by setting it.
 */
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { main as submissionsCli } from "../../scripts/submissions.ts";
import { EXCERPT_CHARS } from "../../src/server/outbox/digest-mail.ts";
import { digestDay } from "../../src/server/enquiries/digest-schedule.ts";
import type { EnquiryStore } from "../../src/server/store/index.ts";
import { forEachBackend, type FreshStore } from "./backends.ts";
import { startApp, startSmtpSink, validContact, validQuote, waitFor, type SmtpSink, type TestApp } from "./helpers.ts";

/** 09:00 in India (DIGEST_HOUR's default, in its default time zone) on a Monday after the test runs. */
const NINE_IST = Date.parse("2027-01-04T03:30:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MESSAGE = `${"Our kiln controller trips at night. ".repeat(6)}TAIL-NOT-SHOWN`;

const tooFast = { layer: "time-trap", severity: "doubt", code: "too-fast", reason: "Sent 1 s after the form was shown, sooner than a person types." };
const links = { layer: "links", severity: "doubt", code: "links", reason: "The message holds 4 links." };

function hold(store: EnquiryStore, at: number, name: string, reasons: unknown[] = [tooFast]): Promise<number> {
  return store.insertSubmission({
    kind: "contact",
    payload: { ...validContact, name, email: `${name.toLowerCase()}@example.com`, message: MESSAGE },
    ip: "192.0.2.7",
    userAgent: "test",
    createdAt: new Date(at),
    email: `${name.toLowerCase()}@example.com`,
    source: { page: "/contact", utmSource: "newsletter" },
    quarantine: { reasons },
  });
}

const digests = (sink: SmtpSink) => sink.messages.filter((m) => /^X-Lariox-Digest:/im.test(m.raw));
const parse = (raw: string): Promise<ParsedMail> => simpleParser(raw);

describe("the digest's day", () => {
  it("is today where it is sent, from the hour on", () => {
    expect(digestDay(new Date(NINE_IST - 1), 9, "Asia/Kolkata")).toBeUndefined();
    expect(digestDay(new Date(NINE_IST), 9, "Asia/Kolkata")).toBe("2027-01-04");
    // The day is the time zone's, not UTC's: 02:00 UTC on the 5th is the evening of the 4th in New York.
    expect(digestDay(new Date(NINE_IST + 15 * HOUR - 60_000), 9, "Asia/Kolkata")).toBe("2027-01-04");
    expect(digestDay(new Date(Date.parse("2027-01-05T02:00:00Z")), 22, "America/New_York")).toBe(undefined);
    expect(digestDay(new Date(Date.parse("2027-01-05T02:00:00Z")), 20, "America/New_York")).toBe("2027-01-04");
  });
});

forEachBackend((backend) => {
  let sink: SmtpSink;
  const apps: TestApp[] = [];
  let clock = NINE_IST;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    sink.messages.length = 0;
  });

  async function server(fresh: FreshStore, env: Record<string, string> = {}): Promise<TestApp> {
    const app = await startApp(
      { ...fresh.env, SMTP_URL: sink.url, MAIL_TO: "sales@example.com", DIGEST_TO: "review@example.com", SUMMARY_WEEKDAY: "7", ...env },
      { now: () => clock },
    );
    apps.push(app);
    return app;
  }

  it(`lists each enquiry held since the last digest, once a day from the hour (${backend.name})`, async () => {
    const fresh = await backend.fresh();
    const { app } = await server(fresh);
    clock = NINE_IST - 2 * HOUR;
    const first = await hold(app.store, clock, "Asha", [tooFast, links]);
    await hold(app.store, clock + 1000, "Bilal");

    clock = NINE_IST - 60_000;
    await app.checkDigest();
    await app.outbox.idle();
    expect(digests(sink)).toHaveLength(0);

    clock = NINE_IST;
    sink.pause();
    await app.checkDigest();
    // Waiting like any delivery, and counted as one (/healthz reads these counts).
    await waitFor(async () => (await app.store.queueStats()).byKind.digest?.queued === 1, "the digest to be queued");
    sink.resume();
    await waitFor(() => digests(sink).length === 1, "the digest");
    const mail = await parse(digests(sink)[0]!.raw);
    expect((mail.to as AddressObject).text).toBe("review@example.com");
    expect(mail.subject).toBe("Held for review: 2 held enquiries from the website");
    const row = (await app.store.get(first))!;
    const text = mail.text!;
    for (const expected of [
      row.reference,
      "Contact",
      "Asha",
      "asha@example.com",
      "Bilal",
      "bilal@example.com",
      tooFast.reason,
      links.reason,
      "/contact",
      "newsletter",
    ])
      expect(text).toContain(expected);
    expect(text).toContain(`Message: ${MESSAGE.slice(0, EXCERPT_CHARS)}…`);
    expect(text).not.toContain("TAIL-NOT-SHOWN");
    expect(mail.html).toContain('name="viewport"');
    expect(mail.html).toContain(`${row.reference}</strong>`);
    expect(mail.html).toContain(links.reason);
    await waitFor(async () => (await app.store.queueStats()).byKind.digest === undefined, "the digest recorded as sent");

    // Held later that day: not mailed again that day, but the next day, alone.
    clock = NINE_IST + 6 * HOUR;
    await hold(app.store, clock, "Chen");
    await app.checkDigest();
    await app.outbox.idle();
    expect(digests(sink)).toHaveLength(1);
    clock = NINE_IST + DAY;
    await app.checkDigest();
    await waitFor(() => digests(sink).length === 2, "the next day's digest");
    const next = (await parse(digests(sink)[1]!.raw)).text!;
    expect(next).toContain("Chen");
    expect(next).not.toContain("Asha");
  });

  it(`sends nothing on a day nothing was held, and not later that day either (${backend.name})`, async () => {
    const fresh = await backend.fresh();
    const { app } = await server(fresh);
    clock = NINE_IST;
    await app.checkDigest();
    clock = NINE_IST + HOUR;
    await hold(app.store, clock, "Dara");
    await app.checkDigest();
    await app.outbox.idle();
    expect(digests(sink)).toHaveLength(0);
    clock = NINE_IST + DAY;
    await app.checkDigest();
    await waitFor(() => digests(sink).length === 1, "the next day's digest");
  });

  // On PostgreSQL: a SQLite file is shared by processes, and better-sqlite3 waits for a lock
  // synchronously, so two instances in this one process would stop each other.
  it.skipIf(backend.name === "sqlite")(`sends one digest a day between two instances sharing the database (${backend.name})`, async () => {
    const fresh = await backend.fresh();
    const [a, b] = [await server(fresh), await server(fresh)];
    for (let day = 0; day < 3; day++) {
      clock = NINE_IST + day * DAY - HOUR;
      await hold(a.app.store, clock, `Held${"xyz"[day]}`);
      clock = NINE_IST + day * DAY;
      await Promise.all([a.app.checkDigest(), b.app.checkDigest(), a.app.checkDigest(), b.app.checkDigest()]);
      await waitFor(() => digests(sink).length === day + 1, `day ${day + 1}'s digest`);
      await Promise.all([a.app.outbox.idle(), b.app.outbox.idle()]);
      expect(digests(sink)).toHaveLength(day + 1);
    }
    expect(await fresh.query("SELECT day FROM digests ORDER BY id")).toEqual(["2027-01-04", "2027-01-05", "2027-01-06"].map((day) => ({ day })));
  });

  it(`retries a digest the mail server put off, like any delivery (${backend.name})`, async () => {
    const refusing = await startSmtpSink({ refuseRcpt: (n) => n === 1 });
    try {
      const fresh = await backend.fresh();
      const { app } = await server(fresh, { SMTP_URL: refusing.url });
      clock = NINE_IST;
      await hold(app.store, clock - HOUR, "Eun");
      await app.checkDigest();
      await waitFor(async () => (await fresh.query("SELECT last_error FROM deliveries WHERE last_error IS NOT NULL")).length === 1, "the refusal");
      clock += HOUR; // past the retry's delay
      type Row = { attempts: number; last_error: string | null };
      const sent = () => fresh.query("SELECT attempts, last_error FROM deliveries WHERE kind = 'digest' AND sent_at IS NOT NULL") as Promise<Row[]>;
      const [delivery] = await waitFor(async () => (await sent()).length === 1 && sent(), "the digest, once retried, recorded as sent");
      expect(digests(refusing)).toHaveLength(1);
      expect(Number(delivery!.attempts)).toBe(2);
      expect(delivery!.last_error).toBeNull();
    } finally {
      await refusing.close();
    }
  });

  it(`--digest queues one now, with what was held since the last, and the server sends it (${backend.name})`, async () => {
    const fresh = await backend.fresh();
    const { app } = await server(fresh);
    clock = Date.now() + HOUR; // the CLI's real clock queues the row: the server's must be past it
    await app.store.insertSubmission({ kind: "quote", payload: validQuote, ip: undefined, userAgent: undefined, quarantine: { reasons: [links] } });
    const run = async () => {
      let out = "";
      const code = await submissionsCli(["--digest"], {
        env: { ...fresh.env, DIGEST_TO: "review@example.com" },
        stdout: { write: (s: string) => (out += s) } as never,
      });
      return { code, out };
    };
    expect(await run()).toEqual({ code: 0, out: expect.stringMatching(/^Queued digest \d+ of 1 held enquiry to review@example\.com/) });
    await waitFor(() => digests(sink).length === 1, "the digest asked for");
    const text = (await parse(digests(sink)[0]!.raw)).text!;
    expect(text).toContain("Zoë Ñúñez");
    expect(text).toContain("Message: 3 pumps, 12 level sensors. Remote alarms by SMS.");
    expect(await run()).toEqual({ code: 0, out: "No enquiry was held since the last digest; no digest queued.\n" });
  });
});
