import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { siteConfig } from "./vite.config.ts";
import { SITE_FIXTURE } from "./tests/site-fixture.ts";

export default defineConfig({
  // The tests' site: what virtual:site and the pages hold in a unit test, as the browser tests see it.
  ...siteConfig(undefined, SITE_FIXTURE),
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Generous: a block's first import is compiled on demand, and a hook may start a server or a
    // git repository; both are slow on a busy two-core machine.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Most server suites wait on sockets, child processes and timers: two files at a time even on
    // two cores (Vitest's default there is one); three starve the crash and timing tests.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ["tests/unit/setup.ts"],
  },
});
