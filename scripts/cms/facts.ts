import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";
import type { Facts } from "../../src/admin/facts.ts";
import { validators } from "../../src/content/schemas.ts";
import { contentFiles } from "./content-files.ts";

/** The facts the editor checks links and assets against (src/admin/facts.ts), read from `root`. */
export function readFacts(root: string): Facts {
  const [siteFile, ...pageFiles] = contentFiles(root);
  const read = (file: string): unknown => parse(readFileSync(join(root, file), "utf8"));
  const { site: isSite, page: isPage } = validators();
  const site = read(siteFile!);
  if (!isSite(site)) throw new Error(`${siteFile} does not match its schema; npm run validate says where.`);
  const publicDir = join(root, "public");
  const assets = readdirSync(join(publicDir, "assets"), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => "/" + relative(publicDir, join(d.parentPath, d.name)).split("\\").join("/"))
    .sort();
  // A page that does not match its schema is not part of the site the build makes: it links to nothing.
  const pages = pageFiles.flatMap((file) => {
    const data = read(file);
    return isPage(data) ? [{ file, path: data.path, data }] : [];
  });
  return { site, pages, assets };
}
