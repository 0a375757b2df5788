/**
 * The build of /admin (the visual editor), apart from the site's: its own entry and chunks under
 * <DIST_DIR>/admin/, so the public build's manifest, chunks and first-load JS stay as they are.
 * `npm run build` runs it after the site's bundles (scripts/build/build.ts); `npm run build:admin` alone.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { parse } from "yaml";
import { readSiteIndex } from "./scripts/cms/site-index.ts";
import { imageManifest } from "./src/content/loaders/images.ts";
import { siteDirectory } from "./src/content/directory.ts";
import { listAssets, loadContent } from "./src/content/loaders/load.ts";
import { contentRoot } from "./src/content/loaders/root.ts";

const project = process.cwd();
/** The content the preview and the editor's checks start from (CONTENT_ROOT: the tests' site, in a test build). */
const root = contentRoot();
const outDir = process.env.DIST_DIR ?? "dist";

/**
 * `virtual:site` for what the preview draws: site.yaml as it was at build, and every image's size
 * and inline SVG (as the pages draw their logos), without the variants, which only a build of the
 * site makes: the preview shows the originals.
 */
function siteModule(): Plugin {
  const id = "\0virtual:site";
  return {
    name: "lariox-admin-site",
    resolveId: (source) => (source === "virtual:site" ? id : undefined),
    async load(source) {
      if (source !== id) return undefined;
      const site = parse(readFileSync(join(root, "content/site.yaml"), "utf8")) as unknown;
      const images = await imageManifest(join(root, "public"));
      return `export default ${JSON.stringify(site)};\nexport const images = ${JSON.stringify(images)};`;
    },
  };
}

/** `virtual:directory` for the search block's preview: every page and document as at build (src/content/directory.ts). */
function directoryModule(): Plugin {
  const id = "\0virtual:directory";
  return {
    name: "lariox-admin-directory",
    resolveId: (source) => (source === "virtual:directory" ? id : undefined),
    load(source) {
      if (source !== id) return undefined;
      const { content } = loadContent(root);
      return `export default ${JSON.stringify(siteDirectory(content?.pages.map((p) => p.page) ?? [], listAssets(root)))};`;
    },
  };
}

/**
 * The site's stylesheet goes to admin/preview.css for the preview pane only (main.tsx registers
 * it); linked from the editor's page it would restyle Decap's own interface.
 * site-index.json: the pages and assets the editor checks links against (scripts/cms/site-index.ts).
 * Each build replaces <DIST_DIR>/admin whole.
 */
function adminFiles(): Plugin {
  return {
    name: "lariox-admin-files",
    // The site's files stay (emptyOutDir is off), but an earlier editor's chunks go.
    buildStart() {
      rmSync(join(outDir, "admin"), { recursive: true, force: true });
    },
    transformIndexHtml: { order: "post", handler: (html) => html.replace(/\s*<link rel="stylesheet"[^>]*>/g, "") },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "admin/site-index.json", source: JSON.stringify(readSiteIndex(root)) });
    },
  };
}

export default defineConfig({
  plugins: [siteModule(), directoryModule(), adminFiles(), vanillaExtractPlugin(), react()],
  publicDir: false,
  define: {
    __CMS_BACKEND__: JSON.stringify({
      repo: process.env.CMS_REPO ?? "lariox/website",
      branch: process.env.CMS_BRANCH ?? "main",
      baseUrl: process.env.CMS_AUTH_URL ?? "",
      // How long the deploy job takes from a merge to the live site, as the editor tells it after a publish.
      liveMinutes: Number(process.env.CMS_LIVE_MINUTES ?? 10),
    }),
  },
  build: {
    outDir,
    // The site is already there (or comes next): only admin/ is written.
    emptyOutDir: false,
    assetsDir: "admin/assets",
    manifest: false,
    cssCodeSplit: false,
    target: "es2022",
    chunkSizeWarningLimit: 8000,
    rolldownOptions: {
      input: { admin: join(project, "admin/index.html"), styles: join(project, "src/admin/preview-styles.ts") },
      // Decap's dependencies (gray-matter, toml, js-sha256) use eval; warning about each is noise.
      checks: { pluginTimings: false, eval: false },
      output: { assetFileNames: (asset) => (asset.names.some((n) => n.endsWith(".css")) ? "admin/preview.css" : "admin/assets/[name]-[hash][extname]") },
    },
  },
});
