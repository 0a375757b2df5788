/**
 * What the local backend adds to decap-server for versions and going live: in fs mode a commit
 * per save (save-commits.ts), and in both modes the action `publishLive`, which the editor asks
 * after a Publish to send the branch to the repository's remote (publish.ts).
 */
import express, { type Express } from "express";
import { publishBranch } from "./publish.ts";
import { commitEachSave } from "./save-commits.ts";

/** Mounted after the JSON body parser and before decap-server's handlers. */
export function registerVersionsAndPublish(app: Express, root: string, mode: "fs" | "git", branch = process.env.CMS_BRANCH ?? "main"): void {
  const router = express.Router();
  if (mode === "fs") router.post("/api/v1", commitEachSave(root));
  router.post("/api/v1", (req, res, next) => {
    if ((req.body as { action?: string } | undefined)?.action !== "publishLive") return next();
    publishBranch(root, branch).then(
      (outcome) => res.json(outcome),
      (error: Error) => res.status(500).json({ error: error.message }),
    );
  });
  app.use(router);
}
