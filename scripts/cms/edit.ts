/**
 * `npm run edit`: the visual editor on this machine. Starts Decap's local backend (decap-server,
 * port 8081: it reads and writes the files of this folder, no git or sign-in involved), builds
 * /admin once, and starts the site's dev server with /admin on it. Saves go straight to
 * content/ and public/assets/uploads; the site's pages reload with them.
 */
import { join } from "node:path";
import { build, createServer } from "vite";
import { adminMiddleware } from "./admin-middleware.ts";
import { startLocalBackend } from "./local-backend.ts";

const root = process.cwd();
const adminDist = join(root, "node_modules/.cache/lariox-admin");

console.log("building /admin...");
process.env.DIST_DIR = adminDist;
await build({ configFile: "vite.admin.config.ts", logLevel: "warn" });

const backend = startLocalBackend({ root });
process.on("exit", () => backend.kill());

delete process.env.DIST_DIR;
const server = await createServer({ plugins: [{ name: "lariox-admin", configureServer: (s) => void s.middlewares.use(adminMiddleware(root, adminDist)) }] });
await server.listen();
const url = server.resolvedUrls?.local[0] ?? "http://localhost:5173/";
console.log(`\n  Visual editor:  ${url}admin/   (pages: ${url})\n  Saves write to content/ and public/assets/uploads; review them with git diff.\n`);
