/**
 * The media library lists a picture once. The site's sample pictures come as a JPEG or PNG with a
 * WebP copy beside it (about.jpg, about.webp); the pages use the JPEG or PNG and the build makes
 * its own WebP, so the copy only doubled every row. A WebP with no such twin is a picture of its
 * own and stays. Deleting a JPEG or PNG deletes its hidden copy too, which would otherwise be left
 * behind, listed as a picture of its own that nothing uses.
 */
import type { Implementation } from "./backend-hooks.ts";
import { siteIndex } from "./site-index.ts";

const TWIN_OF_WEBP = /\.(jpe?g|png)$/i;

const stem = (path: string) => path.slice(0, path.lastIndexOf("."));

export function withoutWebpTwins<File extends { path: string }>(files: File[]): File[] {
  const originals = new Set(files.filter((file) => TWIN_OF_WEBP.test(file.path)).map((file) => stem(file.path)));
  return files.filter((file) => !(/\.webp$/i.test(file.path) && originals.has(stem(file.path))));
}

/** The repository files `paths` and the WebP copy of each JPEG or PNG among them that the site has (`assets`: /assets/… URLs). */
export function withWebpTwins(paths: string[], assets: string[]): string[] {
  const files = new Set(assets);
  const twins = paths
    .filter((path) => TWIN_OF_WEBP.test(path))
    .map((path) => `${stem(path)}.webp`)
    .filter((twin) => files.has(twin.replace(/^\/?public/, "")) && !paths.includes(twin));
  return [...paths, ...twins];
}

/** Puts withoutWebpTwins after the backend's listing (every folder's, or a field's own), and withWebpTwins before its delete. */
export function listPicturesOnce(implementation: Implementation): void {
  const getMedia = implementation.getMedia.bind(implementation);
  implementation.getMedia = async (folder) => withoutWebpTwins(await getMedia(folder));
  const deleteFiles = implementation.deleteFiles.bind(implementation);
  implementation.deleteFiles = (paths, commitMessage) => deleteFiles(withWebpTwins(paths, siteIndex()?.assets ?? []), commitMessage);
}
