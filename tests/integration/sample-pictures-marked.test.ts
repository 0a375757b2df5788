// @vitest-environment node
/**
 * Every file `npm run assets` (tools/sample-pictures) draws carries its mark, so `npm run
 * launch-check` names each one until it is replaced: drawn into a folder of its own
 * (SAMPLE_PICTURES_OUT), not the company's public/, whose files editors replace one by one.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, expect, it } from "vitest";
import { findPlaceholders } from "../../scripts/launch-check.ts";
import { tempDir } from "../server/helpers.ts";

const dir = tempDir("lariox-sample-pictures-");
afterAll(() => dir.remove());

it("names every file the sample pictures tool draws, the favicon, the Open Graph picture and the brand logos among them", async () => {
  const assets = join(dir.path, "public/assets");
  const drawn = spawnSync(process.execPath, ["--import", "tsx", "tools/sample-pictures/make.ts"], {
    env: { ...process.env, SAMPLE_PICTURES_OUT: assets },
    encoding: "utf8",
  });
  expect(drawn.status, drawn.stderr).toBe(0);
  const files = readdirSync(assets, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir.path, join(entry.parentPath, entry.name)).split("\\").join("/"));
  expect(files.length).toBeGreaterThan(100);

  const findings = await findPlaceholders(dir.path);
  const named = new Set(findings.map((f) => f.file));
  expect(files.filter((file) => !named.has(file))).toEqual([]);
  const about = (file: string) =>
    findings
      .filter((f) => f.file === `public/assets/${file}`)
      .map((f) => f.message)
      .join(" ");
  expect(about("favicon.png")).toMatch(/favicon/i);
  expect(about("og-image.jpg")).toMatch(/Open Graph/i);
  expect(findings.some((f) => /real brand name/.test(f.message))).toBe(true);
}, 240_000);
