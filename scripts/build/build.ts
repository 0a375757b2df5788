/**
 * `npm run build`: validate, build the client and server bundles, prerender every route.
 * One process: the content is read and checked once and handed to both Vite builds and the
 * prerender. As four commands the build read and checked every page four times and started
 * four Node processes, most of the time for a site of thousands of pages.
 * DIST_DIR (dist) and SSR_DIR (dist-ssr) choose where the site and the server bundle go, CONTENT_ROOT
 * which content/ and public/ they are built from (src/content/loaders/root.ts).
 * The visual editor (/admin) is built too, unless SKIP_ADMIN=1.
 */
import { build, mergeConfig } from "vite";
import { loadContent } from "../../src/content/loaders/load.ts";
import { contentRoot } from "../../src/content/loaders/root.ts";
import { reportContentErrors } from "../../src/content/errors.ts";
import { siteConfig } from "../../vite.config.ts";
import { prerender } from "./prerender.ts";
import { buildFormAnswer } from "./form-answer.ts";

const dist = process.env.DIST_DIR ?? "dist";
const ssrDir = process.env.SSR_DIR ?? "dist-ssr";
const lap = (() => {
  let last = performance.now();
  return (step: string) => {
    const now = performance.now();
    console.log(`${step} in ${Math.round(now - last)} ms`);
    last = now;
  };
})();

// Errors exactly as `npm run validate` prints them, and nothing is built.
const { content, errors } = loadContent(contentRoot());
if (!content) {
  reportContentErrors(errors);
  process.exit(1);
}
lap(`content ok: site.yaml and ${content.pages.length} pages`);

// Both builds take the site's config (its outDir is DIST_DIR) with the content read above, not the
// config file, whose content plugin would read and check every page again. A config each: plugins
// keep state of the build they are in.
const config = () => ({ ...siteConfig(content), configFile: false as const, logLevel: "warn" as const });
await build(config());
lap("client bundle");
await build(
  mergeConfig(config(), {
    build: {
      ssr: "src/entry-server.tsx",
      outDir: ssrDir,
      // The server bundle only renders HTML; the site's public files are served from DIST_DIR.
      copyPublicDir: false,
      // One file: the prerender imports one module, not one per page (Node loads each module on
      // its own), and the bundler writes one chunk instead of thousands.
      rolldownOptions: { output: { codeSplitting: false } },
    },
  }),
);
lap("server bundle");
// The visual editor, /admin: its own Vite build (vite.admin.config.ts) into DIST_DIR/admin, so the
// public pages' manifest and chunks stay as they are. Before the prerender, which writes the host
// configs for every file and precompresses them. SKIP_ADMIN=1 leaves it out (test builds of pages).
if (process.env.SKIP_ADMIN !== "1") {
  await build({ configFile: "vite.admin.config.ts", logLevel: "warn" });
  lap("admin (visual editor)");
}
await prerender(content, dist, ssrDir);
lap("prerender");
// The server's pages for form posts sent without script (src/server/enquiries/form-pages.ts).
await buildFormAnswer(content, dist, config());
lap("form answers");
