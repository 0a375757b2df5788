/**
 * What the local backend lets in (local-backend-server.ts). It writes the checkout without sign-in,
 * so a page on another local port (a second dev server, a tool, a package's server) must not reach
 * it, and no action may touch a file the editor does not edit: a write to `.git/config` or a hook
 * runs commands at the next git call.
 *
 * - Origin: only the editor's own (the address `npm run edit` prints), as Vite's dev server allows
 *   only its own hosts. A request without Origin comes from a program on this machine, not a page.
 * - Paths: every path an action names, Decap's own actions included, resolves (symlinks followed,
 *   for the part that exists) inside `content/` or `public/assets/`, the editor's two folders.
 */
import { realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

/** The folders the editor reads and writes: its pages and the site's media. */
export const EDITABLE_FOLDERS = ["content", "public/assets"] as const;

/** Allowed only when a browser page calls: the editor's origin, or no Origin at all (not a page). */
export function originAllowed(origin: string | undefined, editorOrigin: string | undefined): boolean {
  return origin === undefined || (editorOrigin !== undefined && origin === editorOrigin);
}

/** The real path of `path`: its longest existing part resolved with its symlinks, the rest appended. */
async function realPathOf(path: string): Promise<string> {
  const missing: string[] = [];
  let existing = path;
  for (;;) {
    try {
      return join(await realpath(existing), ...missing);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || dirname(existing) === existing) throw error;
      missing.unshift(basename(existing));
      existing = dirname(existing);
    }
  }
}

/**
 * `path` (relative to `root`) resolved for real, when it lies inside one of `folders` (or is one);
 * undefined otherwise, for any odd input too.
 */
export async function confinedPath(root: string, path: unknown, folders: readonly string[] = EDITABLE_FOLDERS): Promise<string | undefined> {
  if (typeof path !== "string" || path === "" || path.includes("\0")) return undefined;
  try {
    const realRoot = await realpath(root);
    const real = await realPathOf(resolve(realRoot, path));
    const inside = folders.some((folder) => {
      const rel = relative(join(realRoot, folder), real);
      return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
    });
    return inside ? real : undefined;
  } catch {
    return undefined;
  }
}

type Params = Record<string, unknown>;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const field = (value: unknown, key: string): unknown => (value && typeof value === "object" ? (value as Params)[key] : undefined);

/**
 * The paths each action names, for every action the backend answers. An action not listed here
 * is refused before decap-server sees it.
 */
const ACTION_PATHS: Record<string, (params: Params) => unknown[]> = {
  info: () => [],
  getDeployPreview: () => [],
  unpublishedEntries: () => [],
  unpublishedEntry: () => [],
  deleteUnpublishedEntry: () => [],
  updateUnpublishedEntryStatus: () => [],
  publishUnpublishedEntry: () => [],
  entriesByFolder: (p) => [p.folder],
  entriesByFiles: (p) => list(p.files).map((file) => field(file, "path")),
  getEntry: (p) => [p.path],
  unpublishedEntryDataFile: (p) => [p.path],
  unpublishedEntryMediaFile: (p) => [p.path],
  persistEntry: (p) =>
    [...(p.entry === undefined ? [] : [p.entry]), ...list(p.dataFiles)]
      .flatMap((file) => [field(file, "path"), ...(field(file, "newPath") === undefined ? [] : [field(file, "newPath")])])
      .concat(list(p.assets).map((asset) => field(asset, "path"))),
  getMedia: (p) => [p.mediaFolder],
  getMediaFile: (p) => [p.path],
  persistMedia: (p) => [field(p.asset, "path")],
  deleteFile: (p) => [p.path],
  deleteFiles: (p) => list(p.paths),
  // The front's own actions (local-backend-server.ts, history.ts, versions-and-publish.ts).
  publishLive: () => [],
  listMedia: (p) => [p.mediaFolder],
  entryVersions: (p) => [p.path],
  entryAtVersion: (p) => [p.path],
  deletedEntries: (p) => [p.folder],
};

/**
 * Why the action `body` asks for may not run (a message naming the path as given, never the
 * checkout's), or undefined when every path it names is inside the editor's folders.
 */
export async function refusal(root: string, body: unknown): Promise<string | undefined> {
  const action = field(body, "action");
  if (typeof action !== "string" || !Object.hasOwn(ACTION_PATHS, action)) return `unknown action ${JSON.stringify(action)}`;
  const params = field(body, "params");
  const paths = ACTION_PATHS[action]!(params && typeof params === "object" ? (params as Params) : {});
  for (const path of paths) {
    if (!(await confinedPath(root, path))) return `${JSON.stringify(path)} is not inside ${EDITABLE_FOLDERS.join("/ or ")}/`;
  }
  return undefined;
}
