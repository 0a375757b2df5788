// @vitest-environment node
/**
 * The weekly summary's sources are bounded (issue 60, point 4): a visitor chooses utm_source and
 * the referrer, held posts' included, so 1,006 posts each from its own source make the top few
 * lines and "other sources", not 1,001 lines.
 */
import { expect, it } from "vitest";
import { composeWeeklySummary, summaryLines } from "../../src/server/outbox/weekly-summary.ts";
import { OTHER_SOURCES, TOP_SOURCES } from "../../src/server/store/top-sources.ts";
import { startApp, validContact } from "./helpers.ts";

const WEEK = { from: new Date("2027-01-04T03:30:00Z"), to: new Date("2027-01-11T03:30:00Z") };
const BEFORE = { from: new Date("2026-12-28T03:30:00Z"), to: WEEK.from };
const doubt = [{ layer: "links", severity: "doubt", code: "links", reason: "Many links." }];

it("lists the top sources, then the rest as other sources, however many a flood made", { timeout: 120_000 }, async () => {
  const t = await startApp({}, { startOutbox: false });
  try {
    const { store } = t.app;
    const at = new Date("2027-01-06T10:00:00Z");
    const add = (source: object, held = false) =>
      store.insertSubmission({
        ...{ kind: "contact", payload: validContact, ip: undefined, userAgent: undefined, createdAt: at, source },
        ...(held ? { quarantine: { reasons: doubt } } : {}),
      });
    for (let i = 0; i < 5; i++) await add({ utmSource: "newsletter" });
    await add({ referrer: "https://www.google.com/search?q=plc" });
    for (let i = 0; i < 1000; i++) await add({ utmSource: `flood-${i}-${"x".repeat(200)}` }, true);
    const week = await store.weekFigures(WEEK);
    const lines = summaryLines(week, await store.weekFigures(BEFORE)).filter((l) => l.label.startsWith("by source"));
    expect(lines.length).toBeLessThanOrEqual(TOP_SOURCES + 1);
    expect(lines.find((l) => l.label === "by source: newsletter")?.now).toBe(5);
    expect(lines.find((l) => l.label === `by source: ${OTHER_SOURCES}`)?.now).toBe(1006 - 5 - (TOP_SOURCES - 1));
    expect(Object.values(week.bySource).reduce((a, b) => a + b, 0)).toBe(1006);
    const mail = composeWeeklySummary(WEEK, week, await store.weekFigures(BEFORE), { mailTo: "sales@example.com", mailFrom: "site@example.com" });
    expect(String(mail.text).length + String(mail.html).length).toBeLessThan(20_000);
  } finally {
    await t.close();
  }
});
