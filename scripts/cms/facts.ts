import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";
import type { Facts } from "../../src/admin/facts.ts";
import { contentFiles } from "./content-files.ts";

/** The facts the editor checks links and assets against (src/admin/facts.ts), read from `root`. */
export function readFacts(root: string): Facts {
  const [siteFile, ...pageFiles] = contentFiles(root);
  const read = (file: string) => parse(readFileSync(join(root, file), "utf8")) as Record<string, unknown>;
  const publicDir = join(root, "public");
  const assets = readdirSync(join(publicDir, "assets"), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => "/" + relative(publicDir, join(d.parentPath, d.name)).split("\\").join("/"))
    .sort();
  return {
    site: read(siteFile!) as unknown as Facts["site"],
    pages: pageFiles.map((file) => {
      const data = read(file) as unknown as Facts["pages"][number]["data"];
      return { file, path: String(data?.path ?? ""), data };
    }),
    assets,
  };
}
