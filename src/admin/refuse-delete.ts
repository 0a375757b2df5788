/**
 * Nothing the site still uses is deleted: before Decap deletes a page or a picture (a published
 * entry's "Delete", the media library's "Delete selected"), the whole site is checked as it would
 * be without it (site-check.ts); if a menu, a sidebar, a redirect or a page still uses it, nothing
 * is deleted and the editor reads which places use it, as their forms label them, one a line.
 */
import type { Implementation } from "./backend-hooks.ts";
import type { SiteIndex } from "../content/types.ts";
import { loadSiteIndex } from "./site-index.ts";
import { breakages, indexWith, useOf } from "./site-check.ts";
import { Refusal } from "./wording.ts";
import { showNotice } from "./notice.ts";

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

/** Every place that uses one of the repository files `paths`, one sentence each. */
export async function placesUsing(paths: string[]): Promise<string[]> {
  const index = await loadSiteIndex();
  return paths.flatMap((path) => {
    if (path.startsWith("content/pages/")) return usesOfPage(index, path);
    if (path.startsWith("public/assets/")) return usesOfAsset(index, path.slice("public".length));
    return [];
  });
}

/**
 * Puts the check in front of the backend's one way to delete files: if anything uses one of them,
 * nothing is deleted, the places are listed in a message that stays (notice.ts), and Decap's own
 * short-lived notice only points to it.
 */
export function guardDeletes(implementation: Implementation): void {
  const deleteFiles = implementation.deleteFiles.bind(implementation);
  implementation.deleteFiles = async (paths, commitMessage) => {
    const uses = await placesUsing(paths);
    if (uses.length > 0) {
      const one = uses.length === 1;
      const count = one ? "one place uses" : `${uses.length} places use`;
      showNotice({ tone: "refusal", text: `Not deleted: ${count} it. Change ${one ? "that place" : "those places"} first, then delete.`, items: uses });
      throw new Refusal(`${count.charAt(0).toUpperCase()}${count.slice(1)} it: the list is at the foot of the screen.`);
    }
    return deleteFiles(paths, commitMessage);
  };
}
