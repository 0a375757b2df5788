/**
 * `npm run edit`: the visual editor on this machine. Starts Decap's local backend (port 8081, no
 * sign-in), builds /admin once, and starts the site's dev server with /admin on it. Saves go
 * straight to content/ and public/assets/; the site's pages reload with them.
 *
 * `npm run edit -- --workflow`: drafts, review and publish on this checkout's git repository, as on
 * GitHub: each draft is a branch cms/<collection>/<entry>, its status the branch's description,
 * and publishing merges it into the editor's branch (CMS_BRANCH, main by default). The backend
 * commits everything in the work tree with a draft, so the editor's own saved changes (content/,
 * public/) are committed first, in words (saved-changes.ts); it refuses only a developer's changes.
 *
 * In both modes each save is a commit (save-commits.ts), and Publish pushes the branch to the
 * repository's remote, which deploys it (publish.ts).
 *
 * `--port N`: the pages and /admin on port N instead of Vite's own choice (editor-tasks.ts).
 */
import { join } from "node:path";
import { build, createServer } from "vite";
import { adminMiddleware } from "./admin-middleware.ts";
import { startLocalBackend } from "./local-backend.ts";
import { commitSavedChanges } from "./saved-changes.ts";

const root = process.cwd();
const workflow = process.argv.includes("--workflow");
const portArg = process.argv.indexOf("--port");
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : undefined;

if (workflow) {
  const { message, others } = await commitSavedChanges(root);
  if (message) console.log(`Your saved changes are kept as a version first: “${message}”.`);
  if (others.length) {
    console.error(
      `npm run edit -- --workflow: the work tree has changes outside content/ and public/, a developer's, that a draft would take with it:\n${others.join("\n")}\nCommit or stash them first.`,
    );
    process.exit(1);
  }
}
const adminDist = join(root, "node_modules/.cache/lariox-admin");

console.log("building /admin...");
process.env.DIST_DIR = adminDist;
await build({ configFile: "vite.admin.config.ts", logLevel: "warn" });

delete process.env.DIST_DIR;
const server = await createServer({
  ...(port ? { server: { port, strictPort: true } } : {}),
  plugins: [{ name: "lariox-admin", configureServer: (s) => void s.middlewares.use(adminMiddleware(root, adminDist)) }],
});
await server.listen();
const url = server.resolvedUrls?.local[0] ?? "http://localhost:5173/";
// Started once the editor's address is known: the backend answers that page alone.
const backend = startLocalBackend({ root, mode: workflow ? "git" : "fs", editorOrigin: new URL(url).origin });
process.on("exit", () => backend.kill());
const saves = workflow
  ? `Each draft is a branch cms/…; Publish merges it into ${process.env.CMS_BRANCH ?? "main"} and sends that to the repository's remote, which deploys it.`
  : "Each save is a commit (see git log); Publish sends main to the repository's remote, which deploys it.";
console.log(`\n  Visual editor:  ${url}admin/   (pages: ${url})\n  ${saves}\n`);
