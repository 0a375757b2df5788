/**
 * The weekly summary mail to sales: the week's enquiries by form and by source, how many were held,
 * released and confirmed spam, and the deliveries failed or waiting, each beside the week before.
 * Plain text and a one-table HTML part a phone shows whole; it needs no link to act.
 */
import type { SendMailOptions } from "nodemailer";
import { formatReceived } from "./mail.ts";
import type { SummaryWindow, WeekFigures } from "../store/index.ts";
import { formSchemas, FORM_KINDS } from "../enquiries/validate.ts";
import type { SummarySection } from "../analytics/weekly.ts";

export interface SummarySettings {
  mailTo: string;
  mailFrom: string;
}

type Line = { label: string; now: number; before: number; indent: boolean };

/** The summary's lines: each figure of this week beside the week before's. */
export function summaryLines(week: WeekFigures, before: WeekFigures): Line[] {
  const line = (label: string, pick: (f: WeekFigures) => number, indent = false): Line => ({ label, now: pick(week), before: pick(before), indent });
  const sources = [...new Set([...Object.keys(week.bySource), ...Object.keys(before.bySource)])].sort();
  return [
    line("Enquiries", (f) => f.enquiries),
    ...FORM_KINDS.map((kind) => line(`by form: ${formSchemas[kind].title}`, (f) => f.byForm[kind] ?? 0, true)),
    ...sources.map((source) => line(`by source: ${source}`, (f) => f.bySource[source] ?? 0, true)),
    line("Held for review", (f) => f.held),
    line("Released from the digest", (f) => f.released),
    line("Confirmed spam", (f) => f.confirmedSpam),
    line("Deliveries failed", (f) => f.failed),
    line("Deliveries waiting at the week's end", (f) => f.waiting),
  ];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `site`: the views, sources and Web Vitals sections (src/server/analytics/weekly.ts), after the enquiries' table. */
export function composeWeeklySummary(
  window: SummaryWindow,
  week: WeekFigures,
  before: WeekFigures,
  settings: SummarySettings,
  site?: SummarySection,
): SendMailOptions {
  const lines = summaryLines(week, before);
  const period = `${formatReceived(window.from)} to ${formatReceived(window.to)}`;
  const width = Math.max(...lines.map((l) => l.label.length + (l.indent ? 2 : 0))) + 2;
  const row = (label: string, now: string, was: string) => `${label.padEnd(width)}${now.padStart(10)}${was.padStart(13)}`;
  const text = [
    `The website's week, ${period}.`,
    "",
    row("", "this week", "week before"),
    ...lines.map((l) => row(`${l.indent ? "  " : ""}${l.label}`, String(l.now), String(l.before))),
    "",
    week.failed > 0 || week.waiting > 0
      ? "Deliveries failed or waiting: whoever runs the website can see them with npm run submissions."
      : "Every delivery went out.",
    ...(site ? ["", site.text] : []),
  ].join("\n");
  const cell = "padding:6px 8px;border-bottom:1px solid #ddd;text-align:right";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>The website's week</title></head>
<body style="margin:0;padding:12px;font-family:system-ui,sans-serif;font-size:16px;line-height:1.4;color:#111">
<p>The website's week, ${escapeHtml(period)}.</p>
<table style="width:100%;max-width:600px;border-collapse:collapse">
<tr><th style="${cell};text-align:left"></th><th style="${cell}">This week</th><th style="${cell}">Week before</th></tr>
${lines
  .map(
    (l) =>
      `<tr><td style="${cell};text-align:left${l.indent ? ";padding-left:24px" : ""}">${escapeHtml(l.label)}</td><td style="${cell}">${l.now}</td><td style="${cell}">${l.before}</td></tr>`,
  )
  .join("\n")}
</table>${site ? `\n${site.html}` : ""}</body></html>
`;
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(settings.mailFrom)?.[1] ?? "localhost";
  return {
    ...{ from: settings.mailFrom, to: settings.mailTo, subject: `The website's week: ${week.enquiries} enquiries (${before.enquiries} the week before)` },
    ...{ text: `${text}\n`, html, messageId: `<summary-${window.from.getTime()}@${domain}>`, headers: { "X-Lariox-Summary": window.from.toISOString() } },
  };
}
