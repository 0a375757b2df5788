// @vitest-environment node
/**
 * src/content is a pure core (schemas, checks, types) that the editor (src/admin) runs in the
 * browser, with the loaders that read and write files apart in src/content/loaders/. Nothing the
 * core or the editor imports, itself or through the modules it imports (static, dynamic, type-only
 * and re-exports alike, as dpdm reads them with TypeScript), is a node: module or a loader.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { parseDependencyTree } from "dpdm";
import { describe, expect, it } from "vitest";

const CORE = "src/content";
const LOADERS = join(CORE, "loaders");

/** The .ts and .tsx files under `folder`. */
const sources = (folder: string) =>
  readdirSync(folder, { recursive: true, encoding: "utf8" })
    .map((file) => join(folder, file))
    .filter((file) => /\.tsx?$/.test(file));

/** The core: everything under src/content but the loaders. */
const coreFiles = sources(CORE).filter((file) => !file.startsWith(`${LOADERS}/`));

describe("src/content's core", () => {
  it("is the folder's modules outside loaders/", () => {
    expect(coreFiles).toContain(join(CORE, "schemas.ts"));
    expect(coreFiles).not.toContain(join(LOADERS, "load.ts"));
  });

  it("and the editor reach no node: module and no loader", async () => {
    const tree = await parseDependencyTree([...coreFiles, ...sources("src/admin")], { context: process.cwd() });
    const forbidden = Object.values(tree)
      .flatMap((dependencies) => dependencies ?? [])
      .filter(({ request, id }) => request.startsWith("node:") || id?.startsWith(`${LOADERS}/`))
      .map(({ issuer, request }) => `${issuer} imports ${request}`);
    expect(forbidden).toEqual([]);
  });
});
