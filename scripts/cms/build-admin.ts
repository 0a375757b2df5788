/** `npm run build:admin`: builds /admin alone into <DIST_DIR>/admin (vite.admin.config.ts). */
import { build } from "vite";

const started = performance.now();
await build({ configFile: "vite.admin.config.ts", logLevel: "warn" });
console.log(`admin in ${Math.round(performance.now() - started)} ms`);
