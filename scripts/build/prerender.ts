/**
 * The build's last step (scripts/build/build.ts), after the client and server bundles: renders every
 * route into <dist>/<route>/index.html with its head (title, meta, canonical, Open Graph,
 * structured data, the lead image preload) and the files it boots (boot.ts), then writes the sitemap,
 * robots.txt, redirects and precompressed copies. Every page reads completely without JavaScript.
 */
import { salesContactFromSite } from "../../src/server/receipt.ts";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Content } from "../../src/content/load.ts";
import type { Page } from "../../src/content/types.ts";
import type { LoadedPage } from "../../src/app/App.tsx";
import { headTags } from "./head.ts";
import { writeRedirects, writeSiteFacts, writeSitemap } from "./seo-files.ts";
import { precompress } from "./compress.ts";
import { writeDeployConfigs } from "./deploy-configs.ts";
import { bootTags, compileLoader, pageFiles, scriptHash } from "./boot.ts";
import type { Manifest } from "vite";

/** Renders `content` into index.html (the project's) with the server bundle in `ssrDir`, beside the client build in `dist`. */
export async function prerender(content: Content, dist: string, ssrDir: string): Promise<void> {
  // React's production build renders the same HTML about 7 times faster than its development
  // build (no prop validation, no owner stacks). Vite's build() sets this already; this holds
  // the speed if prerender is ever called without it. React reads it when first imported.
  process.env.NODE_ENV ??= "production";
  const template = readFileSync("index.html", "utf8");
  const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
  const server = (await import(pathToFileURL(resolve(ssrDir, "entry-server.js")).href)) as {
    loadPage(path: string): Promise<LoadedPage>;
    render(path: string, loaded: LoadedPage): string;
    notFoundPath: string;
    blockFiles(sections: Page["sections"]): { file: string; deferred: boolean }[];
  };
  const loader = await compileLoader();
  // The inline scripts (the template's and the loader) are allowed by hash in the Content-Security-Policy.
  const inlineScripts = [...[...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!), loader].map(scriptHash);

  const started = performance.now();
  for (const { file, page } of content.pages) {
    const blocks = server.blockFiles(page.sections);
    const modules = [file, ...blocks.filter((b) => !b.deferred).map((b) => b.file)];
    // The page with its images: the body draws them, the head preloads the lead image's variants.
    const loaded = await server.loadPage(page.path);
    const body = server.render(page.path, loaded);
    const head = headTags(content.site, page, loaded.images, server.notFoundPath);
    const files = pageFiles(
      manifest,
      modules,
      blocks.filter((b) => b.deferred).map((b) => b.file),
    );
    // Functions as replacements: a "$&" or "$'" in page text must stay text, not a replacement pattern.
    const html = template
      .replace("<!--head-->", () => head)
      .replace("<!--boot-->", () => bootTags(loader, files))
      .replace("<!--app-html-->", () => body);
    const out = page.path === "/" ? join(dist, "index.html") : join(dist, page.path.slice(1), "index.html");
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, html);
  }
  // Hosts without our server look for a top-level 404.html.
  copyFileSync(join(dist, "404", "index.html"), join(dist, "404.html"));
  const indexed = writeSitemap(
    dist,
    content.site,
    content.pages.map((p) => p.page.path),
    server.notFoundPath,
  );
  writeRedirects(dist, content.site);
  writeSiteFacts(dist, {
    redirects: content.site.redirects,
    scriptHashes: inlineScripts,
    frameOrigins: [new URL(content.site.contact.mapEmbedUrl).origin],
    sales: salesContactFromSite(content.site),
  });
  writeDeployConfigs(dist, content.site);
  const rendered = Math.round(performance.now() - started);
  const compressStarted = performance.now();
  const packed = await precompress(dist);
  console.log(
    `prerendered ${content.pages.length} pages in ${rendered} ms; sitemap lists ${indexed}; ${content.site.redirects.length} redirects; ` +
      `precompressed ${packed.files} files in ${Math.round(performance.now() - compressStarted)} ms (${Math.round(packed.bytes / 1024)} KB -> ${Math.round(packed.brotli / 1024)} KB brotli)`,
  );
}
