/**
 * The site the editor's checks run against (the content core's SiteIndex: site.yaml, every page,
 * every file under public/assets), so a save or a delete is checked against the whole site.
 * Written at build into /admin/site-index.json (scripts/cms/site-index.ts); `npm run edit` serves
 * it fresh from the disk.
 */
import type { Page } from "../content/generated/page.ts";
import type { Site } from "../content/generated/site.ts";
import type { SiteIndex } from "../content/types.ts";

let current: SiteIndex | undefined;

/**
 * What this session saved: site-index.json is the last build's, so a page saved a minute ago
 * (which the menu may now link to) and its pictures are laid over it until the next build has them.
 */
const saved = { pages: new Map<string, Page>(), site: undefined as Site | undefined, assets: new Set<string>() };

/** Fetched again before each check: pages and uploads change while the editor is open. */
export async function loadSiteIndex(): Promise<SiteIndex> {
  const response = await fetch("/admin/site-index.json", { cache: "no-store" });
  if (response.ok) {
    const built = (await response.json()) as SiteIndex;
    const paths = new Set([...saved.pages.values()].map((p) => p.path));
    const pages = built.pages.filter((p) => !saved.pages.has(p.file) && !paths.has(p.data.path));
    current = {
      site: saved.site ?? built.site,
      pages: [...pages, ...[...saved.pages].map(([file, data]) => ({ file, data }))],
      assets: [...new Set([...built.assets, ...saved.assets])],
    };
  }
  if (!current) throw new Error("The editor could not fetch /admin/site-index.json; reload the page.");
  return current;
}

/** After a save: the entry as saved (pre-save.ts checked it), and its uploads, count as part of the site from now on. */
export function rememberSaved(kind: "page" | "site", file: string, data: unknown, uploads: string[]): void {
  if (kind === "site") saved.site = data as Site;
  else saved.pages.set(file, data as Page);
  for (const url of uploads) saved.assets.add(url);
}

/** The index last fetched: none before the first (main.tsx starts the editor after it). */
export const siteIndex = (): SiteIndex | undefined => current;
