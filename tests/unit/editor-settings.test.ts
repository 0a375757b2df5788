/**
 * VS Code with the recommended YAML extension (redhat.vscode-yaml) gives content editors
 * completion, hover text and checks while typing: the workspace settings map the schemas to
 * the content files (and each file names its schema on its first line as well).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
/** VS Code settings are JSON with comments; these files use whole-line comments only. */
const readJsonc = (file: string) => JSON.parse(readFileSync(join(root, file), "utf8").replace(/^\s*\/\/.*$/gm, "")) as Record<string, unknown>;

describe("editor settings", () => {
  it("map the site and page schemas to the content files", () => {
    const schemas = readJsonc(".vscode/settings.json")["yaml.schemas"] as Record<string, string[]>;
    expect(schemas).toEqual({
      "./schema/site.schema.json": ["content/site.yaml"],
      "./schema/page.schema.json": ["content/pages/**/*.yaml"],
    });
    for (const schema of Object.keys(schemas)) expect(existsSync(join(root, schema)), schema).toBe(true);
  });

  it("recommend the YAML extension", () => {
    expect(readJsonc(".vscode/extensions.json").recommendations).toContain("redhat.vscode-yaml");
  });
});
