/**
 * The media library shows every picture and file of the site, not only the uploads folder: Decap
 * lists one folder, so the backend's listing is asked for each folder under public/assets and each
 * file is named by its folder ("banners/about.jpg"; the search box finds a folder by name). A
 * field's picker shows its own folder (config.ts: media_folder from the field's example).
 */
import type { Implementation, MediaFile } from "./backend-hooks.ts";
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

/** Decap's `proxy` backend: the local backend at proxyUrl (scripts/cms/local-backend-server.ts). */
interface ProxyImplementation extends Implementation {
  proxyUrl: string;
  branch: string;
  mediaFolder: string;
  request(payload: { action: string; params: Record<string, unknown> }): Promise<unknown>;
}

/**
 * On the local backend a folder is listed by names and sizes, and each thumbnail is fetched from
 * the backend as the picker draws it: decap-server's own listing sends every file of the folder
 * whole, which held up opening an entry (Decap waits for the library first).
 */
export function listFoldersByName(implementation: Implementation): void {
  const proxy = implementation as ProxyImplementation;
  implementation.getMedia = async (folder = proxy.mediaFolder) => {
    const files = (await proxy.request({ action: "listMedia", params: { branch: proxy.branch, mediaFolder: folder } })) as MediaFile[];
    return files.map((file) => ({ ...file, displayURL: `${proxy.proxyUrl}/media?path=${encodeURIComponent(file.path)}` }));
  };
}
