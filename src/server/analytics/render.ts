/**
 * A period's report beside the period before, as tables: the sections (which the weekly summary's
 * HTML part draws, one table a section a phone shows whole), plain text (the summary's text part,
 * `npm run stats`) and CSV (`npm run stats -- --csv`, one line a figure).
 */
import type { PeriodReport, Traffic } from "./report.ts";
import { formatPercentile, METRIC_SPECS, METRICS, type Percentile } from "./vitals.ts";

/** Sections list their top rows; the whole list is in the CSV. */
export const TOP = 10;

/** One table of the report: the weekly summary's HTML part (outbox/WeeklySummaryMail.tsx) draws it. */
export interface ReportSection {
  title: string;
  columns: string[];
  /** Per row: its name, then per column this period's figure and the one before. */
  rows: Array<{ name: string; cells: Array<[string, string]> }>;
}

const percent = (t: Traffic | undefined) => (t && t.visits > 0 ? `${((100 * t.enquiries) / t.visits).toFixed(1)}%` : "-");
const vital = (p: Percentile | undefined, metric: (typeof METRICS)[number]) => (p ? `${formatPercentile(metric, p)} ${p.rating}` : "-");

/** The sections of `now` with `before` beside each row (rows: now's top ones, by name). */
export function reportSections(now: PeriodReport, before: PeriodReport, top = TOP): ReportSection[] {
  const traffic = (title: string, pick: (r: PeriodReport) => Traffic[]): ReportSection => {
    const earlier = new Map(pick(before).map((t) => [t.name, t]));
    return {
      title,
      columns: ["Visits", "Enquiries", "Conversion"],
      rows: pick(now)
        .slice(0, top)
        .map((t) => {
          const b = earlier.get(t.name);
          return {
            name: t.name,
            cells: [
              [String(t.visits), String(b?.visits ?? 0)],
              [String(t.enquiries), String(b?.enquiries ?? 0)],
              [percent(t), percent(b)],
            ],
          };
        }),
    };
  };
  const pagesBefore = new Map(before.pages.map((p) => [p.path, p]));
  const vitalsBefore = new Map(before.vitals.map((v) => [v.path, v]));
  return [
    {
      title: "The site",
      columns: ["Views", "Visitors", "Enquiries"],
      rows: [
        {
          name: "All pages",
          cells: [
            [String(now.views), String(before.views)],
            [String(now.visitors), String(before.visitors)],
            [String(now.enquiries), String(before.enquiries)],
          ],
        },
      ],
    },
    {
      title: "Top pages",
      columns: ["Views", "Visitors"],
      rows: now.pages.slice(0, top).map((p) => ({
        name: p.path,
        cells: [
          [String(p.views), String(pagesBefore.get(p.path)?.views ?? 0)],
          [String(p.visitors), String(pagesBefore.get(p.path)?.visitors ?? 0)],
        ],
      })),
    },
    traffic("Top sources", (r) => r.sources),
    traffic("Campaigns (source / medium / campaign)", (r) => r.campaigns),
    traffic("Landing pages", (r) => r.landings),
    {
      title: "Web Vitals of real visits, 75th percentile",
      columns: METRICS.map((m) => METRIC_SPECS[m].label),
      rows: now.vitals.map((v) => ({ name: v.path, cells: METRICS.map((m) => [vital(v[m], m), vital(vitalsBefore.get(v.path)?.[m], m)]) })),
    },
  ];
}

/** Plain text: each section a table, each figure with the period before's in brackets. */
export function reportText(now: PeriodReport, before: PeriodReport, top = TOP): string {
  const out: string[] = [
    `Figures for ${now.period.from} to ${now.period.to} (not included); in brackets the ${before.period.from} to ${before.period.to} before.`,
  ];
  for (const section of reportSections(now, before, top)) {
    out.push("", section.title);
    if (section.rows.length === 0) {
      out.push("  none counted");
      continue;
    }
    const cells = section.rows.map((r) => r.cells.map(([a, b]) => `${a} (${b})`));
    const nameWidth = Math.max(...section.rows.map((r) => r.name.length), 4) + 2;
    const widths = section.columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)) + 2);
    out.push(`  ${"".padEnd(nameWidth)}${section.columns.map((c, i) => c.padStart(widths[i]!)).join("")}`);
    section.rows.forEach((r, j) => out.push(`  ${r.name.padEnd(nameWidth)}${cells[j]!.map((c, i) => c.padStart(widths[i]!)).join("")}`));
  }
  return out.join("\n");
}

/** CSV: section, row, column, this period, period before; every row, not only the top ones. */
export function reportCsv(now: PeriodReport, before: PeriodReport): string {
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [["section", "item", "measure", `${now.period.from}..${now.period.to}`, `${before.period.from}..${before.period.to}`]];
  for (const s of reportSections(now, before, Number.MAX_SAFE_INTEGER))
    for (const r of s.rows) r.cells.forEach(([a, b], i) => lines.push([s.title, r.name, s.columns[i]!, a, b]));
  return lines.map((l) => l.map(quote).join(",")).join("\n") + "\n";
}
