/**
 * Decap's local backend: decap-server's own request handlers (fs or git mode), mounted behind a
 * front of the site's. Run as its own process by local-backend.ts; settings come from its environment.
 *
 * The front does four things decap-server does not:
 * - It answers only requests addressed to this machine by name (Host localhost, 127.0.0.1 or [::1]
 *   on its port). The backend writes the checkout without sign-in, and a web page
 *   whose name is rebound to 127.0.0.1 would otherwise reach it as its own origin.
 * - It answers the editor's page alone (EDITOR_ORIGIN), and lets every action, decap-server's own
 *   included, touch only content/ and public/assets/ (editor-access.ts).
 * - In git mode it hands decap-server one request at a time. decap-server holds a lock around
 *   each git request and fails any request that waited three seconds for it ("Request timed
 *   out"), which a slow machine or a few requests at once reach; queued here, nothing waits there.
 * - It lists a media folder by names and sizes (action `listMedia`) and serves each file on its own
 *   (GET /api/v1/media?path=…), so the editor's picker draws thumbnails as they come into view.
 *   decap-server's `getMedia` sends every file of a folder whole, in base64, in one answer.
 *
 * And it answers the editor's History (actions `entryVersions`, `entryAtVersion`, `deletedEntries`)
 * from the checkout's git history; keeps each save as a commit and pushes on Publish
 * (versions-and-publish.ts).
 */
import { realpathSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import cors from "cors";
import express, { type NextFunction, type Request, type Response } from "express";
import pLimit from "p-limit";
import decapServer from "decap-server/dist/middlewares.js";
import { confinedPath, originAllowed, refusal } from "./editor-access.ts";
import { deletedEntries, entryAtVersion, entryVersions, HistoryError } from "./history.ts";
import { registerVersionsAndPublish } from "./versions-and-publish.ts";

// Real, as the paths editor-access.ts resolves are: relative() between them names the file.
const root = realpathSync(resolve(process.env.GIT_REPO_DIRECTORY ?? process.cwd()));
const port = Number(process.env.PORT ?? 8081);
const host = process.env.BIND_HOST ?? "127.0.0.1";
const mode = process.env.MODE === "git" ? "git" : "fs";
const logLevel = process.env.LOG_LEVEL ?? "warn";
/** The one page allowed to call it: the editor, at the address `npm run edit` printed. */
const editorOrigin = process.env.EDITOR_ORIGIN || undefined;

export interface ListedMedia {
  id: string;
  name: string;
  path: string;
  size: number;
}

const localNames = new Set([`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]);

function onlyThisMachine(req: Request, res: Response, next: NextFunction): void {
  if (localNames.has(req.headers.host ?? "")) return next();
  res.status(403).json({ error: `this backend answers only as localhost:${port}` });
}

function onlyTheEditor(req: Request, res: Response, next: NextFunction): void {
  if (originAllowed(req.headers.origin, editorOrigin)) return next();
  res.status(403).json({ error: "this backend answers only the editor's page" });
}

/** `folder` resolved for real inside public/assets/, or undefined for anything outside it. */
const mediaPath = (folder: unknown) => confinedPath(root, folder, ["public/assets"]);

async function listMedia(folder: string): Promise<ListedMedia[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const files = entries.filter((entry) => entry.isFile());
  return Promise.all(
    files.map(async (file) => {
      const path = join(folder, file.name);
      const { size, mtimeMs } = await stat(path);
      const repoPath = relative(root, path).split(sep).join("/");
      return { id: `${repoPath}@${size}-${Math.round(mtimeMs)}`, name: file.name, path: repoPath, size };
    }),
  );
}

const app = express();
app.disable("x-powered-by");
app.use(onlyThisMachine);
app.use(onlyTheEditor);
app.use(cors({ origin: editorOrigin ?? false }));

app.get("/api/v1/media", async (req, res) => {
  const path = await mediaPath(req.query.path);
  if (!path) return void res.status(400).json({ error: "path must name a file under public/assets/" });
  // Opened on its own, an uploaded SVG must run nothing here, where this backend's origin writes files.
  const headers = {
    "cache-control": "no-cache",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "x-content-type-options": "nosniff",
  };
  res.sendFile(path, { dotfiles: "deny", headers }, (error) => {
    if (error && !res.headersSent) res.status(404).json({ error: "no such file" });
  });
});

app.post("/api/v1", express.json({ limit: "50mb" }));
app.post("/api/v1", (req, res, next) => {
  refusal(root, req.body).then((why) => (why ? void res.status(403).json({ error: why }) : next()), next);
});
if (mode === "git") {
  const oneAtATime = pLimit(1);
  app.post("/api/v1", (_req, res, next) => void oneAtATime(() => new Promise<void>((done) => (res.once("close", done), next()))));
}
app.post("/api/v1", (req, res, next) => {
  const body = req.body as { action?: string; params?: { mediaFolder?: unknown } } | undefined;
  if (body?.action !== "listMedia") return next();
  mediaPath(body.params?.mediaFolder).then((folder) => {
    if (!folder) return void res.status(422).json({ error: "mediaFolder must be a folder under public/assets/" });
    return listMedia(folder).then((files) => res.json(files));
  }, next);
});

// The editor's History (history.ts): an entry's versions and the deleted pages, read with git log/show.
const HISTORY: Record<string, (params: Record<string, unknown>) => Promise<unknown>> = {
  entryVersions: ({ path }) => entryVersions(root, String(path)),
  entryAtVersion: async ({ path, commit }) => ({ content: await entryAtVersion(root, String(path), String(commit)) }),
  deletedEntries: ({ folder }) => deletedEntries(root, String(folder)),
};
app.post("/api/v1", (req, res, next) => {
  const body = req.body as { action?: string; params?: Record<string, unknown> } | undefined;
  const action = body?.action !== undefined && Object.hasOwn(HISTORY, body.action) ? HISTORY[body.action] : undefined;
  if (!action) return next();
  action(body?.params ?? {}).then(
    (answer) => res.json(answer),
    // git's own words name the checkout's path: the editor gets a plain message instead.
    (error: Error) => res.status(422).json({ error: error instanceof HistoryError ? error.message : "git could not read that history" }),
  );
});

registerVersionsAndPublish(app, root, mode);

const decap = express();
decap.disable("x-powered-by");
await (mode === "git" ? decapServer.registerLocalGit : decapServer.registerLocalFs)(decap, { logLevel });
app.use(decap);
app.listen(port, host);
