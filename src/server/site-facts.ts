/**
 * What the server needs to know about the built site, written by the build to
 * DIST_DIR/.site/server.json: the redirects, the hashes of the inline scripts (for the
 * Content-Security-Policy) and the origins the pages frame besides their own (the map). The server
 * reads this one file and never the content or schemas the build read.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SalesContact } from "./receipt.ts";

export interface SiteFacts {
  redirects: Array<{ from: string; to: string }>;
  /** `'sha256-…'` sources of the inline scripts. */
  scriptHashes: string[];
  /** Origins besides 'self' that pages may frame, e.g. https://www.google.com. */
  frameOrigins: string[];
  /** Sales' contact details from site.yaml, for the visitor's receipt; absent before a build that writes them. */
  sales?: SalesContact;
}

export const SITE_FACTS_FILE = ".site/server.json";

/** Before the first build there is nothing to redirect, no inline script and no frame. */
export const NO_SITE_FACTS: SiteFacts = { redirects: [], scriptHashes: [], frameOrigins: [] };

const isPath = (v: unknown) => typeof v === "string" && v.startsWith("/");
const isHash = (v: unknown) => typeof v === "string" && /^'sha(256|384|512)-[A-Za-z0-9+/=]+'$/.test(v);
const isOrigin = (v: unknown) => typeof v === "string" && URL.canParse(v) && new URL(v).origin === v && v.startsWith("https://");

const isText = (v: unknown) => typeof v === "string" && v.trim() !== "";
const isSales = (v: Partial<SalesContact>) =>
  [v.company, v.siteUrl, v.email, v.hours, v.address].every(isText) &&
  Array.isArray(v.phones) &&
  v.phones.every(isText) &&
  (v.whatsapp === undefined || isText(v.whatsapp));

export function readSiteFacts(distDir: string): SiteFacts {
  const file = join(distDir, SITE_FACTS_FILE);
  if (!existsSync(file)) return NO_SITE_FACTS;
  const facts = JSON.parse(readFileSync(file, "utf8")) as Partial<SiteFacts>;
  const ok =
    Array.isArray(facts.redirects) &&
    facts.redirects.every((r) => isPath(r?.from) && isPath(r?.to)) &&
    Array.isArray(facts.scriptHashes) &&
    facts.scriptHashes.every(isHash) &&
    Array.isArray(facts.frameOrigins) &&
    facts.frameOrigins.every(isOrigin) &&
    (facts.sales === undefined || isSales(facts.sales));
  if (!ok)
    throw new Error(
      `${file} is not what the build writes: { redirects: [{from, to}], scriptHashes: ["'sha256-…'"], frameOrigins: ["https://…"] }; build the site again.`,
    );
  return facts as SiteFacts;
}
