/**
 * `npm run edit` (decap-server's fs mode) writes files and nothing else, so a save left no version
 * behind to go back to. Here each save becomes a commit of exactly the files it wrote, with the
 * message the editor wrote in words (src/admin/save-words.ts): History then lists it at once, and
 * the version it replaced can be restored. git mode commits by itself; a checkout that is not a
 * git repository is saved as before, without versions. A commit that fails leaves the save as
 * written: the answer is the success it is, with `versionNotKept`, words for the editor.
 */
import type { NextFunction, Request, Response } from "express";
import { commitPaths, isRepository } from "./git-run.ts";

interface SaveBody {
  action?: string;
  params?: {
    dataFiles?: { path: string; newPath?: string }[];
    entry?: { path: string; newPath?: string };
    assets?: { path: string }[];
    asset?: { path: string };
    path?: string;
    paths?: string[];
    options?: { commitMessage?: string };
  };
}

/** What the editor reads when a save is written but git could not keep it as a version. */
export const VERSION_NOT_KEPT =
  "Saved: the change is on this computer and the site here shows it. But no version of it was kept, so History will not list this save and it cannot be restored from there. Ask the person who looks after the site's code to check this copy of the site (its “git” folder); your next saves are kept again once that is fixed.";

/** The files a write action of decap-server touches (an entry moved: both its places). */
export function savedPaths(body: SaveBody): string[] {
  const p = body.params ?? {};
  switch (body.action) {
    case "persistEntry": {
      const files = p.dataFiles ?? (p.entry ? [p.entry] : []);
      return [...files.flatMap((f) => (f.newPath ? [f.path, f.newPath] : [f.path])), ...(p.assets ?? []).map((a) => a.path)];
    }
    case "persistMedia":
      return p.asset ? [p.asset.path] : [];
    case "deleteFile":
      return p.path ? [p.path] : [];
    case "deleteFiles":
      return p.paths ?? [];
    default:
      return [];
  }
}

/**
 * Mounted before decap-server's fs handlers: once one of them answers a write with success, the
 * answer waits for the commit, so the editor's next look at History already finds it.
 */
export function commitEachSave(root: string) {
  const repository = isRepository(root);
  return (req: Request, res: Response, next: NextFunction): void => {
    const body = req.body as SaveBody | undefined;
    const paths = body ? savedPaths(body) : [];
    if (paths.length === 0) return next();
    const message = body?.params?.options?.commitMessage?.trim() || `Saved ${paths.join(", ")}`;
    const answer = res.json.bind(res);
    res.json = (payload: unknown) => {
      if (res.statusCode >= 300) return answer(payload);
      void repository
        .then((yes) => (yes ? commitPaths(root, paths, message) : false))
        .then(
          () => answer(payload),
          // The files are written: the save stands (an error answer would read "Not saved"), only
          // its version is missing; the editor says so (src/admin/backend-failures.ts), git's words stay here.
          (error: Error) => {
            console.error(`The save is written, but its commit failed: ${error.message}`);
            return answer(payload && typeof payload === "object" ? { ...payload, versionNotKept: VERSION_NOT_KEPT } : payload);
          },
        );
      return res;
    };
    next();
  };
}
