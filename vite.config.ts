import { defineConfig } from "vitest/config";
import type { Plugin, UserConfig } from "vite";
import react from "@vitejs/plugin-react";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { contentPlugin } from "./src/content/vite-plugin.ts";
import type { Content } from "./src/content/load.ts";

const ENTRY = "src/entry-client.tsx";

/** index.html names no script (built pages get theirs from the prerender); the dev server adds the entry. */
export const devEntry: Plugin = {
  name: "dev-entry",
  apply: "serve",
  transformIndexHtml: () => [{ tag: "script", attrs: { type: "module", src: `/${ENTRY}` }, injectTo: "body" }],
};

/**
 * The site's Vite config. `content`: what scripts/build/build.ts has read and checked already, handed
 * to the content plugin as it is; the dev server (no content given) has the plugin read it.
 */
export const siteConfig = (content?: Content): UserConfig => ({
  plugins: [contentPlugin(process.cwd(), content), vanillaExtractPlugin(), react(), devEntry],
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
      // The entry module, not index.html: the prerender writes each page's scripts from the manifest
      // (scripts/build/boot.ts). Named index, so its chunk is index-*.js.
      input: { index: ENTRY },
      // Everything the entry imports is one chunk with it (index-*.js). Left alone, Rolldown splits
      // each module the entry shares with a lazy chunk into a chunk of its own: twenty files per
      // first view, each a request and a main-thread task on a phone, most under 1 KB. Lazy chunks
      // (pages, carousel, form, cursor...) stay apart and import what they share from the entry's.
      output: { codeSplitting: { groups: [{ name: "index", tags: ["$initial"] }] } },
    },
  },
});

export default defineConfig({
  ...siteConfig(),
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Generous: a block's first import is compiled on demand, slow on a busy two-core machine.
    testTimeout: 20_000,
    setupFiles: ["tests/unit/setup.ts"],
  },
});
