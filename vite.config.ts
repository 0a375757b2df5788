import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { contentPlugin } from "./src/content/vite-plugin.ts";

export default defineConfig({
  plugins: [contentPlugin(), vanillaExtractPlugin(), react()],
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
      // Everything the entry imports is one chunk with it (index-*.js). Left alone, Rolldown splits
      // each module the entry shares with a lazy chunk into a chunk of its own: twenty files per
      // first view, each a request and a main-thread task on a phone, most under 1 KB. Lazy chunks
      // (pages, carousel, form, cursor...) stay apart and import what they share from the entry's.
      output: { codeSplitting: { groups: [{ name: "index", tags: ["$initial"] }] } },
    },
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Generous: a block's first import is compiled on demand, slow on a busy two-core machine.
    testTimeout: 20_000,
    setupFiles: ["tests/unit/setup.ts"],
  },
});
