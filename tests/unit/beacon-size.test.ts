// @vitest-environment node
/**
 * The page-view beacon and its Web Vitals (src/boot/beacon.ts) are inline in every page: as the
 * build compiles them, at most 1.5 KB brotli, and naming no script file and no host but our own.
 */
import { brotliCompressSync, constants } from "node:zlib";
import { expect, it } from "vitest";
import { compileInline } from "../../scripts/build/boot.ts";

it("compiles to at most 1.5 KB brotli, sending only to the site's own /api/v", async () => {
  const code = await compileInline("src/boot/beacon.ts", {}, 2048);
  const brotli = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  console.log(`beacon: ${code.length} bytes, ${brotli} bytes brotli`);
  expect(brotli).toBeLessThanOrEqual(1536);
  expect(code).toContain("sendBeacon(`/api/v`");
  expect(code).not.toMatch(/https?:\/\/|import\(|\.js\b/);
}, 60_000);
