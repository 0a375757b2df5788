import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { listAssets } from "../../src/content/loaders/load.ts";
import { validators } from "../../src/content/schemas.ts";
import type { SiteIndex } from "../../src/content/types.ts";
import { contentFiles } from "./content-files.ts";

/** The site the editor checks links and assets against (src/admin/site-index.ts), read from `root`. */
export function readSiteIndex(root: string): SiteIndex {
  const [siteFile, ...pageFiles] = contentFiles(root);
  const read = (file: string): unknown => parse(readFileSync(join(root, file), "utf8"));
  const { site: isSite, page: isPage } = validators();
  const site = read(siteFile!);
  if (!isSite(site)) throw new Error(`${siteFile} does not match its schema; npm run validate says where.`);
  // A page that does not match its schema is not part of the site the build makes: it links to nothing.
  const pages = pageFiles.flatMap((file) => {
    const data = read(file);
    return isPage(data) ? [{ file, data }] : [];
  });
  return { site, pages, assets: listAssets(root) };
}
