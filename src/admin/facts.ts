/**
 * What the editor's checks need to know beyond the entry: every page (its file and data), site.yaml
 * and every file under public/assets, so a save or a delete is checked against the whole site. Written at build into
 * /admin/facts.json (scripts/cms/facts.ts); `npm run edit` serves it fresh from the disk.
 */
import type { Page } from "../content/generated/page.ts";
import type { Site } from "../content/generated/site.ts";

export interface Facts {
  site: Site;
  pages: { file: string; path: string; data: Page }[];
  assets: string[];
}

let current: Facts = { site: { redirects: [], sidebars: {} } as unknown as Site, pages: [], assets: [] };
let assets = new Set<string>();

/**
 * What this session saved: facts.json is the last build's, so a page saved a minute ago (which
 * the menu may now link to) and its pictures are laid over it until the next build has them.
 */
const saved = { pages: new Map<string, Page>(), site: undefined as Site | undefined, assets: new Set<string>() };

/** Fetched again before each check: pages and uploads change while the editor is open. */
export async function loadFacts(): Promise<Facts> {
  const response = await fetch("/admin/facts.json", { cache: "no-store" });
  if (response.ok) {
    const built = (await response.json()) as Facts;
    const pages = built.pages.filter((p) => !saved.pages.has(p.file) && ![...saved.pages.values()].some((s) => s.path === p.path));
    current = {
      site: saved.site ?? built.site,
      pages: [...pages, ...[...saved.pages].map(([file, data]) => ({ file, path: data.path, data }))],
      assets: [...new Set([...built.assets, ...saved.assets])],
    };
    assets = new Set(current.assets);
  }
  return current;
}

/** After a save: the entry as saved, and its uploads, count as part of the site from now on. */
export function rememberSaved(kind: "page" | "site", file: string, data: unknown, uploads: string[]): void {
  if (kind === "site") saved.site = data as Site;
  else saved.pages.set(file, data as Page);
  for (const url of uploads) saved.assets.add(url);
}

/** Files about to be saved with the entry being checked (its uploads); forgotten at the next loadFacts. */
export function addAssets(urls: string[]): void {
  for (const url of urls) assets.add(url);
}

/** Runs `check` as if `url` were gone (a picture about to be deleted). */
export function withoutAsset<T>(url: string, check: () => T): T {
  const had = assets.delete(url);
  try {
    return check();
  } finally {
    if (had) assets.add(url);
  }
}

export const facts = () => current;
export const assetExists = (url: string) => assets.has(url);
