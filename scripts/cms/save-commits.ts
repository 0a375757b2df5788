/**
 * `npm run edit` (decap-server's fs mode) writes files and nothing else, so a save left no version
 * behind to go back to. Here each save becomes a commit of exactly the files it wrote, with the
 * message the editor wrote in words (src/admin/save-words.ts): History then lists it at once, and
 * the version it replaced can be restored. git mode commits by itself; a checkout that is not a
 * git repository is saved as before, without versions.
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
          // The files are written: the save stands, only its version is missing, and the editor says so.
          (error: Error) => res.status(500).json({ error: `Saved, but no version of it was kept: ${error.message}` }),
        );
      return res;
    };
    next();
  };
}
