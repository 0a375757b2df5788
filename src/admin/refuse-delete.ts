/**
 * Nothing the site still uses is deleted: before Decap deletes a page or a picture (a published
 * entry's "Delete", the media library's "Delete selected"), the whole site is checked as it would
 * be without it (site-check.ts); if a menu, a sidebar, a redirect or a page still uses it, nothing
 * is deleted and the editor reads which places use it, as their forms label them.
 */
import type { Implementation } from "./backend-hooks.ts";
import type { SiteIndex } from "../content/types.ts";
import { loadSiteIndex } from "./site-index.ts";
import { breakages, indexWith, useOf } from "./site-check.ts";
import { Refusal } from "./wording.ts";

const PICTURE = /\.(jpe?g|png|svg|webp|avif|gif)$/i;

/** The places that use the page saved in `file` (content/pages/…), one sentence each. */
export function usesOfPage(index: SiteIndex, file: string): string[] {
  const change = { file };
  const after = indexWith(index, change);
  return breakages(index, change).map((e) => {
    const use = useOf(e, after);
    return `${use.who} ${use.verb} this page (${use.field}).`;
  });
}

/** The places that use the file at `url` (/assets/…), one sentence each. */
export function usesOfAsset(index: SiteIndex, url: string): string[] {
  const what = PICTURE.test(url) ? "picture" : "file";
  return breakages(index, undefined, url).map((e) => {
    const use = useOf(e, index);
    return `${use.who} uses this ${what} (${use.field}).`;
  });
}

/** Throws, naming every place that uses one of the repository files `paths`, before any is deleted. */
export async function refuseUsedDeletes(paths: string[]): Promise<void> {
  const index = await loadSiteIndex();
  const uses = paths.flatMap((path) => {
    if (path.startsWith("content/pages/")) return usesOfPage(index, path);
    if (path.startsWith("public/assets/")) return usesOfAsset(index, path.slice("public".length));
    return [];
  });
  if (uses.length === 0) return;
  throw new Refusal(`${uses.join(" ")} Change ${uses.length === 1 ? "that place" : "those places"} first.`);
}

/** Puts refuseUsedDeletes in front of the backend's one way to delete files. */
export function guardDeletes(implementation: Implementation): void {
  const deleteFiles = implementation.deleteFiles.bind(implementation);
  implementation.deleteFiles = async (paths, commitMessage) => {
    await refuseUsedDeletes(paths);
    return deleteFiles(paths, commitMessage);
  };
}
