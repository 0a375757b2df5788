/**
 * The media library shows every picture and file of the site, not only the uploads folder: Decap
 * lists one folder, so the backend's listing is asked for each folder under public/assets and each
 * file is named by its folder ("banners/about.jpg"; the search box finds a folder by name). A
 * field's picker shows its own folder (config.ts: media_folder from the field's example).
 */
import type { Implementation } from "./backend-hooks.ts";
import { MEDIA_FOLDER } from "./config.ts";
import { siteIndex } from "./site-index.ts";

/** The folders (/assets/…) that hold the site's files, the uploads folder first. */
export function assetFolders(assets: string[]): string[] {
  const uploads = MEDIA_FOLDER.replace(/^public/, "");
  const folders = new Set(assets.map((url) => url.slice(0, url.lastIndexOf("/"))).filter((folder) => folder.startsWith("/assets")));
  folders.delete(uploads);
  return [uploads, ...[...folders].sort()];
}

export function listEveryFolder(implementation: Implementation): void {
  const getMedia = implementation.getMedia.bind(implementation);
  implementation.getMedia = async (only) => {
    // Asked for one folder (an entry's own media folder): that one, as Decap expects it.
    if (only) return getMedia(only);
    const folders = assetFolders(siteIndex()?.assets ?? []);
    const lists = await Promise.all(folders.map((folder) => getMedia(`public${folder}`).catch(() => [])));
    return lists.flatMap((files, i) => {
      const folder = folders[i]!.replace(/^\/assets\/?/, "");
      return files.map((file) => ({ ...file, name: folder ? `${folder}/${file.name}` : file.name }));
    });
  };
}
