/**
 * Nothing the site still uses is deleted: before Decap deletes a page or a picture (a published
 * entry's "Delete", the media library's "Delete selected"), the whole site is checked as it would
 * be without it (site-check.ts); if a menu, a sidebar, a redirect or a page still uses it, nothing
 * is deleted and the editor reads which places use it, as their forms label them.
 */
import type { Implementation } from "./backend-hooks.ts";
import { loadFacts, type Facts } from "./facts.ts";
import { breakages, contentWith, useOf } from "./site-check.ts";
import { Refusal } from "./wording.ts";

const PICTURE = /\.(jpe?g|png|svg|webp|avif|gif)$/i;

/** The places that use the page saved in `file` (content/pages/…), one sentence each. */
export function usesOfPage(facts: Facts, file: string): string[] {
  const change = { file };
  const content = contentWith(facts, change);
  return breakages(facts, change).map((e) => {
    const use = useOf(e, content);
    return `${use.who} ${use.verb} this page (${use.field}).`;
  });
}

/** The places that use the file at `url` (/assets/…), one sentence each. */
export function usesOfAsset(facts: Facts, url: string): string[] {
  const content = contentWith(facts);
  const what = PICTURE.test(url) ? "picture" : "file";
  return breakages(facts, undefined, url).map((e) => {
    const use = useOf(e, content);
    return `${use.who} uses this ${what} (${use.field}).`;
  });
}

/** Throws, naming every place that uses one of the repository files `paths`, before any is deleted. */
export async function refuseUsedDeletes(paths: string[]): Promise<void> {
  const facts = await loadFacts();
  const uses = paths.flatMap((path) => {
    if (path.startsWith("content/pages/")) return usesOfPage(facts, path);
    if (path.startsWith("public/assets/")) return usesOfAsset(facts, path.slice("public".length));
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
