/** The weekly summary's sections about the site (outbox/weekly-summary.ts includes them): the week's days beside the week before's. */
import type { HasAnalytics } from "./store.ts";
import { dayIn, periodBefore, periodReport } from "./report.ts";
import { reportSections, reportText, type ReportSection } from "./render.ts";

export interface SummarySection {
  text: string;
  /** The same figures as tables, for the mail's HTML part to draw. */
  sections: ReportSection[];
}

/** The days of `window` (from its first day up to its last, in `timeZone`) and the 7 before, as text and as tables. */
export async function weeklyAnalytics(store: HasAnalytics, window: { from: Date; to: Date }, timeZone: string): Promise<SummarySection> {
  const period = { from: dayIn(window.from, timeZone), to: dayIn(window.to, timeZone) };
  const [now, before] = await Promise.all([periodReport(store, period, timeZone), periodReport(store, periodBefore(period), timeZone)]);
  return { text: reportText(now, before), sections: reportSections(now, before) };
}
