/**
 * What sales and marketing read (the weekly summary, `npm run stats`): for a period of days, the
 * top pages, the sources and campaigns with the enquiries they brought and the conversion rate,
 * the landing pages likewise, and the p75 Web Vitals per route. Enquiries are the leads already
 * stored (their source and landing page, src/ui/lead-source.ts), accepted ones only, counted on
 * the day they arrived, so views and enquiries cover the same days.
 */
import type { LeadSource } from "../../forms/schema.ts";
import type { HasAnalytics } from "./store.ts";
import { enquirySource, pagePath } from "./beacon.ts";
import { METRICS, p75, type Metric, type Percentile } from "./vitals.ts";

/** Days YYYY-MM-DD in the site's time zone, `to` not included. */
export interface Period {
  from: string;
  to: string;
}

export interface Traffic {
  name: string;
  visits: number;
  enquiries: number;
}

export interface PeriodReport {
  period: Period;
  views: number;
  visitors: number;
  enquiries: number;
  pages: Array<{ path: string; views: number; visitors: number }>;
  sources: Traffic[];
  /** "source / medium / campaign", only visits that named a campaign (or enquiries that did). */
  campaigns: Traffic[];
  landings: Traffic[];
  vitals: Array<{ path: string } & Partial<Record<Metric, Percentile>>>;
}

const NOT_KNOWN = "(not known)";

import { addDays, dayIn } from "../site-time.ts";

export { addDays, dayIn };

/** The period just before `period`, as long as it. */
export function periodBefore(period: Period): Period {
  const length = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000;
  return { from: addDays(period.from, -length), to: period.from };
}

const campaignName = (source: string, medium: string, campaign: string) => [source, medium || "-", campaign].join(" / ");

export async function periodReport(store: HasAnalytics, period: Period, timeZone: string): Promise<PeriodReport> {
  const counts = await store.analytics.counts(period.from, period.to);
  const site = counts.pages.find((p) => p.path === "");
  const tally = new Map<string, Map<string, Traffic>>([
    ["sources", new Map()],
    ["campaigns", new Map()],
    ["landings", new Map()],
  ]);
  const add = (kind: string, name: string, visits: number, enquiries: number) => {
    const table = tally.get(kind)!;
    const row = table.get(name) ?? { name, visits: 0, enquiries: 0 };
    row.visits += visits;
    row.enquiries += enquiries;
    table.set(name, row);
  };
  for (const s of counts.sources) {
    add("sources", s.source, s.visits, 0);
    if (s.campaign) add("campaigns", campaignName(s.source, s.medium, s.campaign), s.visits, 0);
    add("landings", s.landing, s.visits, 0);
  }
  // The day's edges in the time zone are within a day of UTC's: read a day more each side, keep the period's days.
  const leads = await store.analytics.enquiries(new Date(`${addDays(period.from, -1)}T00:00:00Z`), new Date(`${addDays(period.to, 1)}T00:00:00Z`));
  let enquiries = 0;
  for (const lead of leads) {
    const day = dayIn(lead.createdAt, timeZone);
    if (day < period.from || day >= period.to) continue;
    enquiries += 1;
    const s: LeadSource = lead.source;
    const lower = (v: string | undefined) => (v ?? "").trim().toLowerCase();
    const source = enquirySource(s);
    add("sources", source, 0, 1);
    if (lower(s.utmCampaign)) add("campaigns", campaignName(source, lower(s.utmMedium), lower(s.utmCampaign)), 0, 1);
    add("landings", s.landingPage ? pagePath(s.landingPage.split(/[?#]/)[0]!) : NOT_KNOWN, 0, 1);
  }
  const histograms = new Map<string, Map<Metric, Map<number, number>>>();
  for (const v of counts.vitals) {
    const byMetric = histograms.get(v.path) ?? new Map<Metric, Map<number, number>>();
    histograms.set(v.path, byMetric);
    const histogram = byMetric.get(v.metric) ?? new Map<number, number>();
    byMetric.set(v.metric, histogram);
    histogram.set(v.bucket, (histogram.get(v.bucket) ?? 0) + v.samples);
  }
  const ranked = (kind: string) =>
    [...tally.get(kind)!.values()].sort((a, b) => b.visits - a.visits || b.enquiries - a.enquiries || a.name.localeCompare(b.name));
  return {
    period,
    views: site?.views ?? 0,
    visitors: site?.visitors ?? 0,
    enquiries,
    pages: counts.pages.filter((p) => p.path !== "").sort((a, b) => b.views - a.views || a.path.localeCompare(b.path)),
    sources: ranked("sources"),
    campaigns: ranked("campaigns"),
    landings: ranked("landings"),
    vitals: [...histograms.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([path, byMetric]) => ({ path, ...Object.fromEntries(METRICS.flatMap((m) => (byMetric.has(m) ? [[m, p75(m, byMetric.get(m)!)]] : []))) })),
  };
}
