/**
 * The build's last step (scripts/build/build.ts), after the client and server bundles: renders every
 * route into <dist>/<route>/index.html with its head (title, meta, canonical, Open Graph,
 * structured data, the lead image preload), its inline scripts and stylesheet, and the island runtime
 * if it holds an interactive block (boot.ts), then writes the sitemap, robots.txt, redirects and
 * precompressed copies. Every page reads completely without JavaScript; a page without an
 * interactive block loads none.
 */
import { choiceLabelsOf } from "../../src/forms/choice-labels.ts";
import { salesContactFromSite } from "../../src/handover/built-site.ts";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Content } from "../../src/content/loaders/load.ts";
import type { Page } from "../../src/content/types.ts";
import type { LoadedPage } from "../../src/app/App.tsx";
import { headTags } from "./head.ts";
import { writeRedirects, writeBuiltSite, writeSitemap } from "./seo-files.ts";
import { precompress } from "./compress.ts";
import { writeSearchIndex } from "./search-index.ts";
import { writeDeployConfigs } from "./deploy-configs.ts";
import { mapOrigin } from "../../src/ui/map.ts";
import { bootTags, inlineScripts, scriptHash, siteFiles } from "./boot.ts";
import type { Manifest } from "vite";

/** Renders `content` into index.html (the project's) with the server bundle in `ssrDir`, beside the client build in `dist`. */
export async function prerender(content: Content, dist: string, ssrDir: string): Promise<void> {
  // React's production build renders the same HTML several times faster than its development
  // build (no prop validation, no owner stacks). Vite's build() sets this already; this holds
  // the speed if prerender is ever called without it. React reads it when first imported.
  process.env.NODE_ENV ??= "production";
  const template = readFileSync("index.html", "utf8");
  const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
  const server = (await import(pathToFileURL(resolve(ssrDir, "entry-server.js")).href)) as {
    loadPage(path: string): Promise<LoadedPage>;
    render(path: string, loaded: LoadedPage): string;
    notFoundPath: string;
    islandTypes(sections: Page["sections"]): string[];
  };
  const files = siteFiles(manifest);
  const scripts = await inlineScripts(content.site);
  // The inline scripts (the template's, the boot ones and the Speculation Rules) are allowed by hash in the Content-Security-Policy.
  const scriptHashes = [
    ...[...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!),
    scripts.intro,
    scripts.visit,
    scripts.shell,
    scripts.menus,
    scripts.cursor,
    scripts.ahead,
    scripts.embeds,
    scripts.beacon,
    scripts.islands,
    scripts.speculation,
  ].map(scriptHash);

  const started = performance.now();
  for (const { page } of content.pages) {
    // The page with its images: the body draws them, the head preloads the lead image's variants.
    const loaded = await server.loadPage(page.path);
    const body = server.render(page.path, loaded);
    const head = headTags(content.site, page, loaded.images, server.notFoundPath);
    const hasIslands = server.islandTypes(page.sections).length > 0;
    // Functions as replacements: a "$&" or "$'" in page text must stay text, not a replacement pattern.
    const html = template
      .replace("<!--head-->", () => head)
      .replace("<!--boot-->", () => bootTags(scripts, files, content.site, hasIslands))
      .replace("<!--app-html-->", () => body);
    const out = page.path === "/" ? join(dist, "index.html") : join(dist, page.path.slice(1), "index.html");
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, html);
  }
  // The search index reads the pages just written, and is written before the host configs and the compression cover it.
  const indexStarted = performance.now();
  const indexed = await writeSearchIndex(
    content.pages.map((p) => p.page),
    dist,
  );
  console.log(
    `search index: ${indexed.pages} pages and ${indexed.documents} PDFs, ${Math.round(indexed.bytes / 1024)} KB, in ${Math.round(performance.now() - indexStarted)} ms`,
  );
  // Hosts without our server look for a top-level 404.html.
  copyFileSync(join(dist, "404", "index.html"), join(dist, "404.html"));
  const listed = writeSitemap(
    dist,
    content.site,
    content.pages.map((p) => p.page.path),
    server.notFoundPath,
  );
  writeRedirects(dist, content.site);
  writeBuiltSite(dist, {
    redirects: content.site.redirects,
    scriptHashes,
    frameOrigins: [mapOrigin(content.site.contact)],
    sales: salesContactFromSite(content.site),
    choiceLabels: choiceLabelsOf(content.pages.flatMap((p) => p.page.sections)),
    routes: content.pages.map((p) => p.page.path).filter((p) => p !== server.notFoundPath),
  });
  writeDeployConfigs(dist, content.site);
  const rendered = Math.round(performance.now() - started);
  const compressStarted = performance.now();
  const packed = await precompress(dist);
  console.log(
    `prerendered ${content.pages.length} pages in ${rendered} ms; sitemap lists ${listed}; ${content.site.redirects.length} redirects; ` +
      `precompressed ${packed.files} files in ${Math.round(performance.now() - compressStarted)} ms (${Math.round(packed.bytes / 1024)} KB -> ${Math.round(packed.brotli / 1024)} KB brotli)`,
  );
}
