/**
 * The weekly summary mail to sales: the week's enquiries by form and by source, how many were held,
 * released and confirmed spam, and the deliveries failed or waiting, each beside the week before.
 * Plain text and an HTML part (WeeklySummaryMail.tsx) a phone shows whole; it needs no link to act.
 */
import type { SendMailOptions } from "nodemailer";
import { FORM_KINDS } from "../../forms/kinds.generated.ts";
import { schemaOf } from "../present/enquiry.ts";
import { DEFAULT_TIME_ZONE, formatDay, zoneName } from "../site-time.ts";
import type { SummaryWindow, WeekFigures } from "../store/index.ts";
import type { SummarySection } from "../analytics/weekly.ts";
import { weeklySummaryHtml, type SummaryLine } from "./WeeklySummaryMail.tsx";

export interface SummarySettings {
  mailTo: string;
  mailFrom: string;
  /** The zone the week's days are named in (SITE_TIME_ZONE's default when not given). */
  timeZone?: string;
}

/** The summary's lines: each figure of this week beside the week before's. */
export function summaryLines(week: WeekFigures, before: WeekFigures): SummaryLine[] {
  const line = (label: string, pick: (f: WeekFigures) => number, indent = false): SummaryLine => ({ label, now: pick(week), before: pick(before), indent });
  const sources = [...new Set([...Object.keys(week.bySource), ...Object.keys(before.bySource)])].sort();
  return [
    line("Enquiries", (f) => f.enquiries),
    ...FORM_KINDS.map((kind) => line(`by form: ${schemaOf(kind).title}`, (f) => f.byForm[kind] ?? 0, true)),
    ...sources.map((source) => line(`by source: ${source}`, (f) => f.bySource[source] ?? 0, true)),
    line("Held for review", (f) => f.held),
    line("Released from the digest", (f) => f.released),
    line("Confirmed spam", (f) => f.confirmedSpam),
    line("Deliveries failed", (f) => f.failed),
    line("Deliveries waiting at the week's end", (f) => f.waiting),
  ];
}

/**
 * `window`: whole days in the site's zone (summaryWeek), named as days. `site`: the views, sources
 * and Web Vitals sections (src/server/analytics/weekly.ts) of the same days, after the enquiries' table.
 */
export function composeWeeklySummary(
  window: SummaryWindow,
  week: WeekFigures,
  before: WeekFigures,
  settings: SummarySettings,
  site?: SummarySection,
): SendMailOptions {
  const lines = summaryLines(week, before);
  const timeZone = settings.timeZone ?? DEFAULT_TIME_ZONE;
  const lastDay = new Date(window.to.getTime() - 1);
  const period = `${formatDay(window.from, timeZone)} to ${formatDay(lastDay, timeZone)} (whole days, ${zoneName(timeZone, lastDay)})`;
  const width = Math.max(...lines.map((l) => l.label.length + (l.indent ? 2 : 0))) + 2;
  const row = (label: string, now: string, was: string) => `${label.padEnd(width)}${now.padStart(10)}${was.padStart(13)}`;
  const deliveries =
    week.failed > 0 || week.waiting > 0
      ? "Deliveries failed or waiting: whoever runs the website can see them with npm run submissions."
      : "Every delivery went out.";
  const text = [
    `The website's week, ${period}.`,
    "",
    row("", "this week", "week before"),
    ...lines.map((l) => row(`${l.indent ? "  " : ""}${l.label}`, String(l.now), String(l.before))),
    "",
    deliveries,
    ...(site ? ["", site.text] : []),
  ].join("\n");
  const html = weeklySummaryHtml({ period, lines, deliveries, site: site?.sections });
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(settings.mailFrom)?.[1] ?? "localhost";
  return {
    ...{ from: settings.mailFrom, to: settings.mailTo, subject: `The website's week: ${week.enquiries} enquiries (${before.enquiries} the week before)` },
    ...{ text: `${text}\n`, html, messageId: `<summary-${window.from.getTime()}@${domain}>`, headers: { "X-Lariox-Summary": window.from.toISOString() } },
  };
}
