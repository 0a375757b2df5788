// @vitest-environment node
/**
 * One direction between the parts, followed through every module each one imports (dpdm reads
 * static, dynamic, type-only imports and re-exports alike):
 * - the build hands the server what it needs through src/handover/ (the built site's file, the
 *   security and cache policies) and reaches no server module;
 * - the server takes the forms from src/forms/, the form domain the page's form block imports
 *   too, and reaches no block;
 * - inside the server, no folder imports one that imports it back: http -> enquiries -> (outbox,
 *   spam, store) -> database.
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

/** The folder of src/server a module lies in ("" for the files beside the folders: settings, entry point). */
const serverFolder = (file: string) => /^src\/server\/([^/]+)\//.exec(file)?.[1] ?? "";

describe("the server's folders", () => {
  it("import one another one way only", async () => {
    const tree = await parseDependencyTree(sources("src/server"), { context: process.cwd() });
    const edges = new Set<string>();
    for (const [issuer, dependencies] of Object.entries(tree)) {
      for (const { id } of dependencies ?? []) {
        const [from, to] = [serverFolder(issuer), serverFolder(id ?? "")];
        if (from && to && from !== to && id?.startsWith("src/server/")) edges.add(`${from} -> ${to}`);
      }
    }
    expect(edges).toContain("enquiries -> outbox");
    expect(edges).toContain("store -> database");
    const both = [...edges].filter((edge) => edges.has(edge.split(" -> ").reverse().join(" -> ")));
    expect(both).toEqual([]);
  }, 60_000);
});
