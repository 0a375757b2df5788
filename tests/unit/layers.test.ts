// @vitest-environment node
/**
 * One direction between the parts, followed through every module each one imports (dpdm reads
 * static, dynamic, type-only imports and re-exports alike):
 * - the build hands the server what it needs through src/handover/ (the built site's file, the
 *   security and cache policies) and reaches no server module;
 * - the server takes the forms from src/forms/, the form domain the page's form block imports
 *   too, and reaches no block.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { parseDependencyTree } from "dpdm";
import { describe, expect, it } from "vitest";

const sources = (folder: string) =>
  readdirSync(folder, { recursive: true, encoding: "utf8" })
    .map((file) => join(folder, file))
    .filter((file) => /\.tsx?$/.test(file));

/** `issuer imports request` for every module reached from `entries` that lies under `forbidden`. */
async function reaching(entries: string[], forbidden: string): Promise<string[]> {
  const tree = await parseDependencyTree(entries, { context: process.cwd() });
  return Object.values(tree)
    .flatMap((dependencies) => dependencies ?? [])
    .filter(({ id }) => id?.startsWith(`${forbidden}/`))
    .map(({ issuer, request }) => `${issuer} imports ${request}`);
}

describe("the build", () => {
  it("reaches no module of the server", async () => {
    expect(await reaching(sources("scripts/build"), "src/server")).toEqual([]);
  }, 60_000);
});

describe("the server", () => {
  it("reaches no block", async () => {
    expect(await reaching(sources("src/server"), "src/blocks")).toEqual([]);
  }, 60_000);
});
