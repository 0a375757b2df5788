/**
 * The built site: what the build tells the server, written to DIST_DIR/.site/server.json. The
 * redirects, the hashes of the inline scripts (for the Content-Security-Policy), the origins the
 * pages frame besides their own (the map), sales' contact details (for the receipt) and the
 * labels the pages give the forms' choices (for the mails). The server reads this one file and
 * never the content or schemas the build read.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ChoiceLabels } from "../forms/choice-labels.ts";
import type { Site } from "../content/types.ts";
import { whatsappNumber } from "../ui/whatsapp.ts";

export interface BuiltSite {
  redirects: Array<{ from: string; to: string }>;
  /** `'sha256-…'` sources of the inline scripts. */
  scriptHashes: string[];
  /** Origins besides 'self' that pages may frame, e.g. https://www.google.com. */
  frameOrigins: string[];
  /** Sales' contact details from site.yaml, for the visitor's receipt; absent before a build that writes them. */
  sales?: SalesContact;
  /** form → field → value → label of the pages' select fields; absent before a build that writes them. */
  choiceLabels?: ChoiceLabels;
  /** The pages' paths: the only ones page views are counted for (src/server/analytics/); absent before a build that writes them. */
  routes?: string[];
}

export const BUILT_SITE_FILE = ".site/server.json";

/** Before the first build there is nothing to redirect, no inline script and no frame. */
export const NO_BUILT_SITE: BuiltSite = { redirects: [], scriptHashes: [], frameOrigins: [] };

const isPath = (v: unknown) => typeof v === "string" && v.startsWith("/");
const isHash = (v: unknown) => typeof v === "string" && /^'sha(256|384|512)-[A-Za-z0-9+/=]+'$/.test(v);
const isOrigin = (v: unknown) => typeof v === "string" && URL.canParse(v) && new URL(v).origin === v && v.startsWith("https://");

const isText = (v: unknown) => typeof v === "string" && v.trim() !== "";
const isSales = (v: Partial<SalesContact>) =>
  [v.company, v.siteUrl, v.email, v.hours, v.address].every(isText) &&
  Array.isArray(v.phones) &&
  v.phones.every(isText) &&
  (v.whatsapp === undefined || isText(v.whatsapp));
const isTextMap = (v: unknown, inner: (x: unknown) => boolean): boolean =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every(inner);
const isChoiceLabels = (v: unknown) => isTextMap(v, (form) => isTextMap(form, (field) => isTextMap(field, isText)));

export function readBuiltSite(distDir: string): BuiltSite {
  const file = join(distDir, BUILT_SITE_FILE);
  if (!existsSync(file)) return NO_BUILT_SITE;
  const site = JSON.parse(readFileSync(file, "utf8")) as Partial<BuiltSite>;
  const ok =
    Array.isArray(site.redirects) &&
    site.redirects.every((r) => isPath(r?.from) && isPath(r?.to)) &&
    Array.isArray(site.scriptHashes) &&
    site.scriptHashes.every(isHash) &&
    Array.isArray(site.frameOrigins) &&
    site.frameOrigins.every(isOrigin) &&
    (site.sales === undefined || isSales(site.sales)) &&
    (site.choiceLabels === undefined || isChoiceLabels(site.choiceLabels)) &&
    (site.routes === undefined || (Array.isArray(site.routes) && site.routes.every(isPath)));
  if (!ok)
    throw new Error(
      `${file} is not what the build writes: { redirects: [{from, to}], scriptHashes: ["'sha256-…'"], frameOrigins: ["https://…"], sales?: {company, siteUrl, email, phones, hours, address}, choiceLabels?: {form: {field: {value: label}}}, routes?: ["/…"] }; build the site again.`,
    );
  return site as BuiltSite;
}

/** Sales' contact details, from site.yaml (the build writes them for the server). */
export interface SalesContact {
  company: string;
  siteUrl: string;
  email: string;
  phones: string[];
  hours: string;
  address: string;
  whatsapp?: string;
}

export function salesContactFromSite(site: Pick<Site, "company" | "contact">): SalesContact {
  const { contact } = site;
  const a = contact.address;
  return {
    company: site.company.name,
    siteUrl: site.company.siteUrl,
    email: contact.email,
    phones: contact.phones,
    hours: contact.hours,
    address: [a.street, `${a.city} ${a.postalCode}`, a.region, a.country].join(", "),
    ...(contact.whatsapp ? { whatsapp: whatsappNumber(contact) } : {}),
  };
}
