/**
 * Which files of the media library nothing uses: no page, menu, sidebar or site setting, by the
 * check a delete makes (refuse-delete.ts). Files straight under /assets (the logo, the favicon,
 * the sharing picture) are the site's own, used by its code rather than its content: never unused.
 */
import type { SiteIndex } from "../content/types.ts";
import { usesOfAsset } from "./refuse-delete.ts";

export const UNUSED_MARK = "Not used on any page";

/** Whether nothing uses the repository file `path` (public/assets/<folder>/…), so it may be offered for removal. */
export function isUnused(index: SiteIndex, path: string): boolean {
  const url = `/${path.replace(/^\/?public\//, "")}`;
  if (!/^\/assets\/[^/]+\/.+/.test(url)) return false;
  return usesOfAsset(index, url).length === 0;
}

/** The line under the dialog's title: how many listed files nothing uses, and what to do with one. */
export function unusedLine(count: number): string {
  if (count === 0) return "";
  const files = count === 1 ? "One file in the library is" : `${count} files in the library are`;
  return `${files} not used on any page (marked “${UNUSED_MARK}”): Remove deletes one, after the same check as every other delete.`;
}
