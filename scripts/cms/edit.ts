/**
 * `npm run edit`: the visual editor on this machine. Starts Decap's local backend (port 8081, no
 * sign-in), builds /admin once, and starts the site's dev server with /admin on it. Saves go
 * straight to content/ and public/assets/; the site's pages reload with them.
 *
 * `npm run edit -- --workflow`: drafts, review and publish on this checkout's git repository, as on
 * GitHub: each draft is a branch cms/<collection>/<entry>, its status the branch's description,
 * and publishing merges it into the editor's branch (CMS_BRANCH, main by default). The backend
 * commits everything in the work tree with a draft, so it starts only on a clean one.
 *
 * `--port N`: the pages and /admin on port N instead of Vite's own choice (editor-tasks.ts).
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { build, createServer } from "vite";
import { adminMiddleware } from "./admin-middleware.ts";
import { startLocalBackend } from "./local-backend.ts";

const root = process.cwd();
const workflow = process.argv.includes("--workflow");
const portArg = process.argv.indexOf("--port");
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : undefined;

if (workflow) {
  const changes = execFileSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" }).trim();
  if (changes) {
    console.error(`npm run edit -- --workflow: the work tree has changes that a draft would take with it:\n${changes}\nCommit or stash them first.`);
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
  ? `Each draft is a branch cms/…; Publish merges it into ${process.env.CMS_BRANCH ?? "main"} (see git log).`
  : "Saves write to content/ and public/assets/; review them with git diff.";
console.log(`\n  Visual editor:  ${url}admin/   (pages: ${url})\n  ${saves}\n`);
