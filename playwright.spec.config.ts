import { defineConfig } from "@playwright/test";
import site from "./playwright.config.ts";

/**
 * `npm run check:spec`: the spec's own wording and counts, checked on the real content as
 * `npm run build` built it (tests/spec). Not part of `npm test`: an editor's change of a heading or a card may make it
 * report a difference from the spec, which is for people to weigh, not a reason to hold a deploy.
 * The same server and browser as the end-to-end tests; desktop only.
 */
// The project's own content as `npm run build` built it, for the server and for the tests' workers.
process.env.E2E_DIST_DIR = "dist";
process.env.CONTENT_ROOT = process.cwd();
const server = site.webServer as Exclude<NonNullable<typeof site.webServer>, unknown[]>;

export default defineConfig({
  ...site,
  testDir: "tests/spec",
  projects: site.projects!.filter((project) => project.name === "desktop"),
  webServer: { ...server, env: { ...server.env, DIST_DIR: "dist" } },
});
