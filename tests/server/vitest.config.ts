/**
 * Server tests without the site's Vite plugins (content checks, vanilla-extract, React), for
 * when the front end is mid-change:  npx vitest run --config tests/server/vitest.config.ts
 * The root vite.config.ts includes tests/server too, so `npx vitest run tests/server` runs the same tests.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["tests/server/**/*.test.ts"],
    environment: "node",
  },
});
