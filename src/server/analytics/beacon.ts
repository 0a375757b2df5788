/**
 * What a page's beacon (src/boot/beacon.ts) may say, read strictly: the path must be one of the
 * built site's pages, the measures numbers a browser could report; only the referring site's host
 * and the utm_source/medium/campaign of the landing page's query are kept. Anything else is
 * refused whole, and nothing of it is stored.
 */
import type { LeadSource } from "../../forms/schema.ts";
import { METRICS, METRIC_SPECS, type Metric } from "./vitals.ts";

export interface PageView {
  path: string;
  /** Set when the view began a visit: where it came from. */
  landing?: VisitSource;
  vitals: Partial<Record<Metric, number>>;
}

export interface VisitSource {
  source: string;
  medium: string;
  campaign: string;
}

/** What a visit with no utm_source and no other site before it is called (the weekly summary's name too). */
export const DIRECT = "direct or not known";
/** The name that sources past the day's cap are folded into. */
export const OTHER = "other";
const MAX_NAME = 100;

const clean = (value: string | null | undefined) => (value ?? "").trim().toLowerCase().slice(0, MAX_NAME);

/** utm_source, else the referring site's host (not this site's), else DIRECT: the rule enquiries' sources follow. */
export function visitSource(query: string, referrer: string, ownHost: string | undefined): VisitSource {
  const params = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
  const from = URL.canParse(referrer) ? new URL(referrer) : undefined;
  const host = from && /^https?:$/.test(from.protocol) && from.host !== ownHost ? from.hostname : "";
  return {
    source: clean(params.get("utm_source")) || clean(host) || DIRECT,
    medium: clean(params.get("utm_medium")),
    campaign: clean(params.get("utm_campaign")),
  };
}

/**
 * An enquiry's source by the same rule: its utm_source, else the referring site's host, else DIRECT,
 * cleaned as a visit's is. The weekly summary's enquiry table and its site tables both name sources
 * with it, so "Newsletter" and "newsletter" are one source, under one name, in every table.
 */
export function enquirySource(source: Pick<LeadSource, "utmSource" | "referrer">): string {
  const host = source.referrer && URL.canParse(source.referrer) ? new URL(source.referrer).hostname : "";
  return clean(source.utmSource) || clean(host) || DIRECT;
}

/** "/products/plc/" -> "/products/plc"; the pages are named without a trailing slash, "/" alone. */
export const pagePath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/** The beacon's JSON as a view of one of `routes`, or undefined when it is not one. */
export function readBeacon(body: unknown, routes: ReadonlySet<string>, ownHost: string | undefined): PageView | undefined {
  let data: unknown = body;
  if (typeof body === "string") {
    try {
      data = JSON.parse(body);
    } catch {
      return undefined;
    }
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined;
  const { p, e, q, r } = data as Record<string, unknown>;
  if (typeof p !== "string" || !routes.has(pagePath(p))) return undefined;
  const view: PageView = { path: pagePath(p), vitals: {} };
  if (e === 1) view.landing = visitSource(typeof q === "string" ? q.slice(0, 2000) : "", typeof r === "string" ? r.slice(0, 2000) : "", ownHost);
  const keys = { lcp: "l", inp: "i", cls: "c" } as const;
  for (const metric of METRICS) {
    const value = (data as Record<string, unknown>)[keys[metric]];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > METRIC_SPECS[metric].max) return undefined;
    view.vitals[metric] = value;
  }
  return view;
}
