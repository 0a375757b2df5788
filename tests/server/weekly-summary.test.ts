// @vitest-environment node
/**
 * The weekly summary, on both databases, through a real SMTP peer and read by mailparser: each
 * figure of the week beside the week before's, sent once a week from SUMMARY_WEEKDAY and
 * SUMMARY_HOUR however often the server looks. The clock is the test's.
 */
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { summaryDue } from "../../src/server/enquiries/digest-schedule.ts";
import type { EnquiryStore } from "../../src/server/store/index.ts";
import type { LeadSource } from "../../src/forms/schema.ts";
import { forEachBackend } from "./backends.ts";
import { startApp, startSmtpSink, validContact, validQuote, waitFor, type SmtpSink, type TestApp } from "./helpers.ts";

/** Monday 11 January 2027, 09:00 in India: the summary covers 4 January 09:00 to then. */
const MONDAY_NINE = Date.parse("2027-01-11T03:30:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const doubt = [{ layer: "links", severity: "doubt", code: "links", reason: "Many links." }];

describe("the weekly summary's week", () => {
  it("is due on the day from the hour, and covers the 7 days up to that hour", () => {
    expect(summaryDue(new Date(MONDAY_NINE - 1000), 1, 9, "Asia/Kolkata")).toBeUndefined();
    expect(summaryDue(new Date(MONDAY_NINE + DAY), 1, 9, "Asia/Kolkata")).toBeUndefined();
    const due = summaryDue(new Date(MONDAY_NINE + 75 * 60_000 + 30_500), 1, 9, "Asia/Kolkata")!;
    expect(due.week).toBe("2027-01-11");
    expect([due.window.from.toISOString(), due.window.to.toISOString()]).toEqual(["2027-01-04T03:30:00.000Z", "2027-01-11T03:30:00.000Z"]);
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
    const lastWeek = MONDAY_NINE - 8 * DAY;
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
});
