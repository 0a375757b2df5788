// @vitest-environment node
/**
 * The weekly summary, on both databases, through a real SMTP peer and read by mailparser: each
 * figure of the week beside the week before's, sent once a week from SUMMARY_WEEKDAY and
 * SUMMARY_HOUR however often the server looks. The clock is the test's.
 */
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { summaryDue } from "../../src/server/enquiries/digest-schedule.ts";
import { dayStart, summaryWeek } from "../../src/server/site-time.ts";
import type { EnquiryStore } from "../../src/server/store/index.ts";
import type { LeadSource } from "../../src/forms/schema.ts";
import { forEachBackend } from "./backends.ts";
import { startApp, startSmtpSink, validContact, validQuote, waitFor, type SmtpSink, type TestApp } from "./helpers.ts";

/** Monday 11 January 2027, 09:00 in India: the summary covers the whole days 4 to 10 January. */
const MONDAY_NINE = Date.parse("2027-01-11T03:30:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const doubt = [{ layer: "links", severity: "doubt", code: "links", reason: "Many links." }];

describe("the weekly summary's week", () => {
  it("is due on the day from the hour, and covers the 7 whole days before that day", () => {
    expect(summaryDue(new Date(MONDAY_NINE - 1000), 1, 9, "Asia/Kolkata")).toBeUndefined();
    expect(summaryDue(new Date(MONDAY_NINE + DAY), 1, 9, "Asia/Kolkata")).toBeUndefined();
    const due = summaryDue(new Date(MONDAY_NINE + 75 * 60_000 + 30_500), 1, 9, "Asia/Kolkata")!;
    expect(due.week).toBe("2027-01-11");
    expect([due.window.from.toISOString(), due.window.to.toISOString()]).toEqual(["2027-01-03T18:30:00.000Z", "2027-01-10T18:30:00.000Z"]);
  });

  it("begins and ends at the zone's midnights, across a clock change too", () => {
    const week = (day: string, zone: string) => Object.values(summaryWeek(day, zone)).map((d) => d.toISOString());
    // London's clocks go forward on Sunday 29 March 2026: the week is an hour short of 7 × 24.
    expect(week("2026-03-30", "Europe/London")).toEqual(["2026-03-23T00:00:00.000Z", "2026-03-29T23:00:00.000Z"]);
    // São Paulo skipped midnight on 4 November 2018 (00:00 became 01:00): that day began at 01:00.
    expect(dayStart("2018-11-04", "America/Sao_Paulo").toISOString()).toBe("2018-11-04T03:00:00.000Z");
  });
});

forEachBackend((backend) => {
  let sink: SmtpSink;
  let test: TestApp | undefined;
  let clock = MONDAY_NINE;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  const add = (store: EnquiryStore, at: number, kind: "contact" | "quote", source: LeadSource, held = false) =>
    store.insertSubmission({
      ...{ kind, payload: kind === "contact" ? validContact : validQuote, ip: undefined, userAgent: undefined, createdAt: new Date(at), source },
      ...(held ? { quarantine: { reasons: doubt } } : {}),
    });

  it(`gives each figure of the week beside the week before's, once a week (${backend.name})`, async () => {
    const fresh = await backend.fresh();
    test = await startApp({ ...fresh.env, SMTP_URL: sink.url, MAIL_TO: "sales@example.com", DIGEST_HOUR: "23" }, { now: () => clock, startOutbox: false });
    const { store } = test.app;
    const lastWeek = MONDAY_NINE - 8 * DAY; // Sunday 3 January: the week before's last day
    const thisWeek = MONDAY_NINE - 3 * DAY;
    await add(store, lastWeek, "contact", { utmSource: "newsletter" });
    const heldLastWeek = await add(store, lastWeek, "quote", {}, true);
    await add(store, thisWeek, "contact", { utmSource: "newsletter" });
    await add(store, thisWeek, "contact", { referrer: "https://www.google.com/search?q=plc" });
    const failing = await add(store, thisWeek, "quote", {});
    const waiting = await add(store, thisWeek + HOUR, "quote", {});
    const spam = await add(store, thisWeek, "contact", {}, true);
    await add(store, MONDAY_NINE + HOUR, "contact", {}); // after the week: not counted
    await store.review(heldLastWeek, "released", new Date(thisWeek), [{ kind: "sales-mail" }]);
    await store.review(spam, "spam", new Date(thisWeek));
    // Mail went out as each came, but one failed and one was still waiting when the week ended.
    await fresh.exec(`UPDATE deliveries SET sent_at = window_start WHERE submission_id NOT IN (${failing}, ${waiting})`);
    await fresh.exec(`UPDATE deliveries SET failed_at = window_start, last_error = 'refused' WHERE submission_id = ${failing}`);

    clock = MONDAY_NINE - 60_000;
    await test.app.checkDigest();
    clock = MONDAY_NINE + 10 * 60_000;
    await test.app.checkDigest();
    await test.app.checkDigest();
    test.app.outbox.start();
    const summaries = () => sink.messages.filter((m) => /^X-Lariox-Summary:/im.test(m.raw));
    await waitFor(() => summaries().length === 1, "the weekly summary");
    const mail = await simpleParser(summaries()[0]!.raw);
    expect(mail.subject).toBe("The website's week: 5 enquiries (2 the week before)");
    expect(mail.html).toContain('name="viewport"');
    const figure = (label: string) => {
      const match = new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s+(\\d+)\\s+(\\d+)$`, "m").exec(mail.text!);
      return match ? [Number(match[1]), Number(match[2])] : undefined;
    };
    expect(figure("Enquiries")).toEqual([5, 2]);
    expect(figure("by form: Contact form")).toEqual([3, 1]);
    expect(figure("by source: newsletter")).toEqual([1, 1]);
    expect(figure("by source: www.google.com")).toEqual([1, 0]);
    expect(figure("by source: direct or not known")).toEqual([3, 1]);
    expect(figure("Held for review")).toEqual([1, 1]);
    expect(figure("Released from the digest")).toEqual([1, 0]);
    expect(figure("Confirmed spam")).toEqual([1, 0]);
    expect(figure("Deliveries failed")).toEqual([1, 0]);
    expect(figure("Deliveries waiting at the week's end")).toEqual([1, 0]);

    // Later that day and the next: no second summary.
    clock = MONDAY_NINE + 5 * HOUR;
    await test.app.checkDigest();
    clock = MONDAY_NINE + DAY;
    await test.app.checkDigest();
    await test.app.outbox.idle();
    expect(summaries()).toHaveLength(1);
    expect(await fresh.query("SELECT week FROM weekly_summaries")).toEqual([{ week: "2027-01-11" }]);
  });

  it(`counts the same days in its enquiry table and the site's, each source under one name (${backend.name})`, async () => {
    const fresh = await backend.fresh();
    test = await startApp({ ...fresh.env, SMTP_URL: sink.url, MAIL_TO: "sales@example.com", DIGEST_HOUR: "23" }, { now: () => clock, startOutbox: false });
    const { store } = test.app;
    // Monday 4 January 07:00, before the hour the week before's summary went out: this week's first day.
    await add(store, MONDAY_NINE - 7 * DAY - 2 * HOUR, "contact", { utmSource: "Newsletter" });
    await add(store, MONDAY_NINE - 3 * DAY, "contact", { utmSource: "newsletter" });
    await add(store, MONDAY_NINE - 3 * DAY, "quote", { utmSource: " NEWSLETTER " });
    await add(store, MONDAY_NINE - 3 * DAY, "contact", { referrer: "https://WWW.Google.com/search?q=plc" });
    // The send day's morning, before the summary goes: next week's, in both tables.
    await add(store, MONDAY_NINE - 2 * HOUR, "contact", { utmSource: "Newsletter" });
    // Sunday 3 January 23:30: the week before's last day.
    await add(store, MONDAY_NINE - 7 * DAY - 9.5 * HOUR, "contact", { utmSource: "NewsLetter" });

    const sent = sink.messages.length;
    clock = MONDAY_NINE + 10 * 60_000;
    await test.app.checkDigest();
    test.app.outbox.start();
    await waitFor(() => sink.messages.slice(sent).some((m) => /^X-Lariox-Summary:/im.test(m.raw)), "the weekly summary");
    const mail = await simpleParser(sink.messages.slice(sent).find((m) => /^X-Lariox-Summary:/im.test(m.raw))!.raw);
    const text = mail.text!;
    const html = String(mail.html);
    const htmlText = html
      .replace(/<[^>]+>/g, " ")
      .replace(/&nbsp;/g, " ")
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, " ");

    expect(text).toContain("The website's week, Mon 4 Jan 2027 to Sun 10 Jan 2027 (whole days, IST).");
    expect(htmlText).toContain("The website's week, Mon 4 Jan 2027 to Sun 10 Jan 2027 (whole days, IST).");
    expect(text).toContain("Figures for 2027-01-04 to 2027-01-11 (not included); in brackets the 2026-12-28 to 2027-01-04 before.");

    // Text part: the enquiry table's lines ("label  now  before"), then the site's rows ("name  now (before) ...").
    const line = (start: string) => text.split("\n").find((l) => l.startsWith(start));
    const figure = (label: string) =>
      /\s(\d+)\s+(\d+)$/
        .exec(line(`  ${label}  `) ?? line(`${label}  `) ?? "")
        ?.slice(1)
        .map(Number);
    const siteCells = (name: string) => [...(line(`  ${name}  `) ?? "").matchAll(/(\S+) \((\S+)\)/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(figure("Enquiries")).toEqual([4, 1]);
    expect(siteCells("All pages")[2]).toBe("4 1");
    expect(figure("by source: newsletter")).toEqual([3, 1]);
    expect(figure("by source: www.google.com")).toEqual([1, 0]);
    expect(siteCells("newsletter")[1]).toBe("3 1");
    expect(siteCells("www.google.com")[1]).toBe("1 0");

    // HTML part: the same figures in its tables (the site's stacked: each figure above the week before's).
    expect(htmlText).toMatch(/ Enquiries 4 1 /);
    expect(htmlText).toMatch(/ by source: newsletter 3 1 /);
    expect(htmlText).toMatch(/ All pages 0 0 0 0 4 1 /);
    expect(htmlText).toMatch(/ newsletter 0 0 3 1 - - /);

    // One spelling of each source in the whole mail.
    for (const part of [text, htmlText]) {
      expect(part).not.toMatch(/Newsletter|NEWSLETTER|NewsLetter|WWW\.Google/);
      expect(part.match(/by source: newsletter/g)).toHaveLength(1);
    }
  });
});
