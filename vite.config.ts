import { join, relative, sep } from "node:path";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import react from "@vitejs/plugin-react";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { contentPlugin } from "./src/content/loaders/vite-plugin.ts";
import { contentRoot } from "./src/content/loaders/root.ts";
import type { Content } from "./src/content/loaders/load.ts";
import { BLOCK_TYPES } from "./src/blocks/blocks.generated.ts";

const ENTRY = "src/entry-client.tsx";

/** index.html names no script (built pages get theirs from the prerender); the dev server adds its own entry. */
export const devEntry: Plugin = {
  name: "dev-entry",
  apply: "serve",
  transformIndexHtml: () => [{ tag: "script", attrs: { type: "module", src: `/${ENTRY}` }, injectTo: "body" }],
};

/** A module id as the chunk groups below name it: its path from the project root, without a query or vanilla-extract's ".vanilla.css". */
const modulePath = (id: string) =>
  relative(
    process.cwd(),
    id
      .replace(/^\0/, "")
      .replace(/\?.*$/, "")
      .replace(/\.vanilla\.css$/, ""),
  )
    .split(sep)
    .join("/");

/** A chunk group's test: the modules named (a folder ends in "/") and the packages named, wherever npm put them. */
const modules =
  ({ files = [], packages = [] }: { files?: string[]; packages?: string[] }) =>
  (id: string): boolean => {
    const path = modulePath(id);
    const inPackage = path.split("node_modules/").at(-1)!;
    return (
      files.some((f) => (f.endsWith("/") ? path.startsWith(f) : path === f)) ||
      (path.includes("node_modules/") && packages.some((p) => inPackage.startsWith(`${p}/`)))
    );
  };

/**
 * The site's Vite config. `content`: what scripts/build/build.ts has read and checked already, handed
 * to the content plugin as it is; the dev server (no content given) has the plugin read it, from
 * `root` (content/ and public/).
 */
export const siteConfig = (content?: Content, root = contentRoot()): UserConfig => ({
  plugins: [contentPlugin(root, content), vanillaExtractPlugin(), react(), devEntry],
  publicDir: join(root, "public"),
  build: {
    // DIST_DIR lets a second build (a benchmark, a parallel test run) live beside dist/.
    outDir: process.env.DIST_DIR ?? "dist",
    manifest: true,
    // All styles in one small file: cached once for every page, no chain of CSS requests.
    cssCodeSplit: false,
    target: "es2022",
    // Rolldown's per-plugin timing notes are noise in every build log.
    rolldownOptions: {
      checks: { pluginTimings: false },
      // Not index.html (the prerender's template): the modules a built page may load. `islands`, the
      // island runtime (src/islands/wake.ts), only on pages with an interactive block; it fetches
      // React and each block's code as their islands wake. `cursor`, imported by the inline shell
      // script on desktops. `styles`, every style module: its one stylesheet is what pages link.
      input: { islands: "src/islands/wake.ts", cursor: "src/shell/cursor.ts", styles: "src/entry-styles.ts" },
      // Keep the entries' export names (the inline shell script calls the cursor's startCursor);
      // "allow-extension" because the "ui" group below leaves out its modules' dependencies.
      preserveEntrySignatures: "allow-extension",
      // An island page fetches React (with the island hydrator) as one file, the site's shared
      // components, texts and block styles as another, and its block's own code: five files with
      // the runtime, not the ten small chunks the automatic split makes. Fewer requests, and one
      // gzip stream compresses better than many. sonner is fetched only when a form needs it.
      output: {
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: modules({ packages: ["react", "react-dom", "scheduler"], files: ["src/islands/hydrate.tsx", "src/islands/IslandTree.tsx"] }),
            },
            { name: "sonner", test: modules({ packages: ["sonner"] }) },
            // Without their dependencies: the theme's stylesheet module, empty in script, would come
            // along and tie the cursor module (which uses none of these, and no React) to this chunk.
            // So the packages these modules use are named here, or they land in a block's chunk and
            // every island page fetches that block (escape-string-regexp did: the form's, on the home page).
            {
              name: "ui",
              test: modules({
                files: [
                  "virtual:site",
                  "src/ui/",
                  "src/blocks/Section.tsx",
                  "src/content/tokens.ts",
                  "src/styles/layout.css.ts",
                  ...BLOCK_TYPES.map((type) => `src/blocks/${type}/styles.css.ts`),
                ],
                packages: ["escape-string-regexp"],
              }),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});

export default defineConfig(siteConfig());
