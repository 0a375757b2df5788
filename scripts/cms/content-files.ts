import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { ContentError } from "../../src/content/errors.ts";
import { PAGES_DIR, SITE_FILE } from "../../src/content/loaders/load.ts";
import { firstNonCanonicalLine } from "../../src/admin/yaml-format.ts";

/** Every content file (site.yaml and pages/**), relative to `root`, in a stable order. */
export function contentFiles(root: string): string[] {
  const pages = readdirSync(join(root, PAGES_DIR), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.ya?ml$/.test(d.name))
    .map((d) => relative(root, join(d.parentPath, d.name)).split("\\").join("/"));
  return [SITE_FILE, ...pages.sort()];
}

/**
 * A file not in the canonical form the visual editor writes (src/admin/yaml-format.ts): an error
 * at its first differing line. Hand edits in another style would otherwise turn the next save
 * from the editor into a diff of unrelated lines.
 */
export function canonicalFormErrors(root: string): ContentError[] {
  return contentFiles(root).flatMap((file) => {
    const line = firstNonCanonicalLine(readFileSync(join(root, file), "utf8"));
    if (line === undefined) return [];
    return [{ file, line, col: 1, pointer: "", message: "not in the canonical form the visual editor writes: run `npm run format:content` to rewrite it" }];
  });
}
