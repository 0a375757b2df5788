import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, it } from "vitest";

/**
 * `npm run bench:build` (a README command) at its smallest size: it copies the tracked files, so a
 * file added to the project (a config the build reads, say) cannot leave its copy unbuildable again.
 */
it("npm run bench:build validates and builds a copy of the project with 30 generated pages", async () => {
  const { stdout } = await promisify(execFile)("npx", ["tsx", "scripts/bench/build-scale.ts", "30"], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  expect(stdout).toMatch(/^30 generated pages \(\+ the site's own\): validate \d+ ms, build \d+ ms/m);
  expect(stdout).toMatch(/^ {2}prerender in \d+ ms$/m);
  expect(stdout).toMatch(/^\| 30 \| \d+ \| \d+ \| [\d.]+ \|$/m);
}, 600_000);
