import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/lib/chromium.ts";
import { E2E_DIST } from "./tests/site-fixture.ts";

const port = Number(process.env.E2E_PORT ?? 4321);

const launchOptions = chromiumLaunchOptions;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, launchOptions } },
    // Tests tagged @once check what is the same at every width (content, server answers, form logic, timings).
    { name: "mobile", use: { ...devices["Pixel 7"], viewport: { width: 375, height: 740 }, launchOptions }, grepInvert: /@once/ },
  ],
  webServer: {
    // The tests' site (npm run build:test-site ran before) served by the real server, with a throwaway store.
    command: "node --import tsx src/server/main.ts",
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR ?? ".tmp/e2e-data",
      DIST_DIR: E2E_DIST,
      RATE_LIMIT: "1000",
      HELD_PER_CLIENT_DAILY: "1000",
      // A test types a form faster than a person; a proof of work of a few hundred attempts keeps the runs short.
      SPAM_MIN_SECONDS: "0",
      ALTCHA_MAX_NUMBER: "400",
    },
    timeout: 60_000,
  },
});
