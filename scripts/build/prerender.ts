/**
 * The build's last step (scripts/build/build.ts), after the client and server bundles: renders every
 * route into <dist>/<route>/index.html with its head (title, meta, canonical, Open Graph,
 * structured data, the preloads its first view needs), then writes the sitemap, robots.txt,
 * redirects and precompressed copies. Every page reads completely without JavaScript.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Content } from "../../src/content/load.ts";
import type { Page } from "../../src/content/types.ts";
import { headTags, type AppFacts } from "./head.ts";
import { writeRedirects, writeSiteFacts, writeSitemap } from "./seo-files.ts";
import { precompress } from "./compress.ts";
import { writeDeployConfigs } from "./deploy-configs.ts";
import { deferHydration } from "./defer-hydration.ts";

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** Renders `content` with the server bundle in `ssrDir` into the client build in `dist`. */
export async function prerender(content: Content, dist: string, ssrDir: string): Promise<void> {
  // React's production build renders the same HTML about 7 times faster than its development
  // build (no prop validation, no owner stacks). Vite's build() sets this already; this holds
  // the speed if prerender is ever called without it. React reads it when first imported.
  process.env.NODE_ENV ??= "production";
  const template = readFileSync(join(dist, "index.html"), "utf8");
  const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
  const server = (await import(pathToFileURL(resolve(ssrDir, "entry-server.js")).href)) as AppFacts & {
    render(path: string): Promise<string>;
    blockFiles(sections: Page["sections"]): { file: string; deferred: boolean }[];
  };
  // What the template links already (the entry, its imports and their CSS) is not repeated.
  const inTemplate = new Set([...template.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]!));

  /**
   * The chunks a page needs at once (its content and its blocks), with their imports and CSS;
   * deferred blocks contribute their CSS only (their code comes after hydration starts).
   */
  function preloads(modules: string[], cssOnly: string[]): string[] {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string, withCode: boolean) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the build manifest: is its block folder's index.tsx missing?`);
      if (seen.has(key + withCode)) return;
      seen.add(key + withCode);
      if (withCode) scripts.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported, withCode);
    };
    modules.forEach((m) => visit(m, true));
    cssOnly.forEach((m) => visit(m, false));
    return [
      ...[...styles].filter((f) => !inTemplate.has(f)).map((f) => `<link rel="stylesheet" href="/${f}" />`),
      ...[...scripts].filter((f) => !inTemplate.has(f)).map((f) => `<link rel="modulepreload" href="/${f}" />`),
    ];
  }

  // The inline head script must be allowed by hash in the Content-Security-Policy.
  const inlineScripts = [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash("sha256").update(m[1]!).digest("base64")}'`);

  const started = performance.now();
  for (const { file, page } of content.pages) {
    const blocks = server.blockFiles(page.sections);
    const modules = [file, ...blocks.filter((b) => !b.deferred).map((b) => b.file)];
    // Rendered first: rendering registers the page's images, whose variants the lead-image preload names.
    const body = await server.render(page.path);
    const head = headTags(
      content.site,
      page,
      server,
      preloads(
        modules,
        blocks.filter((b) => b.deferred).map((b) => b.file),
      ),
    );
    // The script and preload tags deferHydration moves are all in the template and the head:
    // it scans those, not the rendered body too (its patterns cost about 1 ms over a whole page).
    // Functions as replacements: a "$&" or "$'" in page text must stay text, not a replacement pattern.
    const html = deferHydration(template.replace("<!--head-->", () => head)).replace("<!--app-html-->", () => body);
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
  writeSiteFacts(dist, { redirects: content.site.redirects, scriptHashes: inlineScripts, frameOrigins: [new URL(content.site.contact.mapEmbedUrl).origin] });
  writeDeployConfigs(dist, content.site);
  const rendered = Math.round(performance.now() - started);
  const compressStarted = performance.now();
  const packed = await precompress(dist);
  console.log(
    `prerendered ${content.pages.length} pages in ${rendered} ms; sitemap lists ${indexed}; ${content.site.redirects.length} redirects; ` +
      `precompressed ${packed.files} files in ${Math.round(performance.now() - compressStarted)} ms (${Math.round(packed.bytes / 1024)} KB -> ${Math.round(packed.brotli / 1024)} KB brotli)`,
  );
}
