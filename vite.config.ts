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
    rolldownOptions: { checks: { pluginTimings: false } },
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/server/**/*.test.ts"],
    environment: "node",
    // Generous: a block's first import is compiled on demand, slow on a busy two-core machine.
    testTimeout: 20_000,
    setupFiles: ["tests/unit/setup.ts"],
  },
});
