import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Site } from "../../src/content/types.ts";
import { BUILT_SITE_FILE } from "../../src/handover/built-site.ts";
import type { BuiltSite } from "../../src/handover/built-site.ts";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** sitemap.xml with every page a search engine should index, and robots.txt pointing at it. */
export function writeSitemap(dist: string, site: Site, paths: string[], notFoundPath: string): number {
  const indexed = paths.filter((p) => p !== notFoundPath).sort();
  const urls = indexed.map((p) => `  <url><loc>${escapeXml(site.company.siteUrl + p)}</loc></url>`);
  writeFileSync(
    join(dist, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
  );
  writeFileSync(join(dist, "robots.txt"), `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${site.company.siteUrl}/sitemap.xml\n`);
  return indexed.length;
}

/**
 * Redirects for every kind of host: `_redirects`
 * for hosts that read that file, and a small page at the old path for plain static hosts.
 */
export function writeRedirects(dist: string, site: Site): void {
  writeFileSync(join(dist, "_redirects"), site.redirects.map((r) => `${r.from} ${r.to} 301`).join("\n") + "\n");
  for (const { from, to } of site.redirects) {
    const dir = join(dist, from.slice(1));
    // On a case-insensitive disk /products/Hmi *is* /products/hmi: never overwrite the real page.
    if (existsSync(dir)) {
      console.warn(`redirect page for ${from} skipped: this disk does not tell it from ${to}`);
      continue;
    }
    const url = site.company.siteUrl + to;
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "index.html"),
      `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8" />\n<title>Moved to ${to}</title>\n<link rel="canonical" href="${url}" />\n<meta name="robots" content="noindex" />\n<meta http-equiv="refresh" content="0; url=${to}" />\n</head>\n<body>\n<p>This page has moved to <a href="${to}">${to}</a>.</p>\n</body>\n</html>\n`,
    );
  }
}

/** The one file the server reads from the build (src/handover/built-site.ts). */
export function writeBuiltSite(dist: string, builtSite: BuiltSite): void {
  mkdirSync(join(dist, ".site"), { recursive: true });
  writeFileSync(join(dist, BUILT_SITE_FILE), JSON.stringify(builtSite, null, 2));
}
