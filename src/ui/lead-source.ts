/**
 * Where the visit came from, kept first-party for the tab's visit (sessionStorage: no cookie,
 * gone when the tab closes) and sent with an enquiry as hidden fields: the visit's first page on
 * this site, the referring site (its origin only, never the page), and the utm_* parameters that
 * page carried. Nothing else about the visitor is read or kept.
 *
 * The visit's first page (src/ui/visit-start.ts) keeps the record (src/boot/visit.ts); later
 * pages only read it.
 */
import { startsVisit } from "./visit-start.ts";

const KEY = "lariox.visit";
const UTM = { utm_source: "utmSource", utm_medium: "utmMedium", utm_campaign: "utmCampaign", utm_term: "utmTerm", utm_content: "utmContent" } as const;
const MAX = 200;

export type VisitSource = Partial<Record<"landingPage" | "referrer" | (typeof UTM)[keyof typeof UTM], string>>;

/** The source of a visit that starts at `url`, linked from `referrer` (document.referrer). */
export function visitSource(url: URL, referrer: string): VisitSource {
  const source: VisitSource = { landingPage: `${url.pathname}${url.search}`.slice(0, 500) };
  if (referrer && URL.canParse(referrer)) {
    const from = new URL(referrer);
    if (from.origin !== url.origin && /^https?:$/.test(from.protocol)) source.referrer = from.origin;
  }
  for (const [param, field] of Object.entries(UTM)) {
    const value = url.searchParams.get(param)?.trim();
    if (value) source[field] = value.slice(0, MAX);
  }
  return source;
}

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined; // storage blocked: the enquiry goes without a source
  }
}

/** Keeps the source of a visit that starts at `url`, linked from `referrer`, for the visit's later pages. */
export function rememberVisit({ url, referrer }: { url: string; referrer: string }): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(visitSource(new URL(url), referrer)));
  } catch {
    // full or blocked: nothing to keep
  }
}

/** The hidden fields for an enquiry sent from this page: the visit's source (the page itself is the form's own field). */
export function leadSourceFields(): Record<string, string> {
  let kept: VisitSource = {};
  try {
    kept = startsVisit() ? visitSource(new URL(location.href), document.referrer) : (JSON.parse(storage()?.getItem(KEY) ?? "{}") as VisitSource);
  } catch {
    kept = {};
  }
  const fields: Record<string, string> = {};
  for (const [field, value] of Object.entries(kept)) if (typeof value === "string" && value) fields[field] = value;
  return fields;
}
