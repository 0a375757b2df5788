/**
 * Runs after `vite build` (client) and `vite build --ssr` (server bundle): renders every route
 * into dist/<route>/index.html with its head (title, meta, canonical, Open Graph, structured
 * data, the preloads its first view needs), then writes the sitemap, robots.txt, redirects
 * and precompressed copies. Every page reads completely without JavaScript.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadContent } from "../src/content/load.ts";
import { headTags, type AppFacts } from "./prerender/head.ts";
import { writeRedirects, writeSitemap } from "./prerender/seo-files.ts";
import { precompress } from "./prerender/compress.ts";

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

const dist = process.env.DIST_DIR ?? "dist";
const template = readFileSync(join(dist, "index.html"), "utf8");
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
const server = (await import(pathToFileURL(join(process.env.SSR_DIR ?? "dist-ssr", "entry-server.js")).href)) as AppFacts & {
  render(path: string): Promise<string>;
};

const { content, errors } = loadContent(process.cwd());
if (!content) throw new Error(`${errors.length} content errors: run npm run validate`);

/** The chunks (and their CSS) a page needs at once: its content and the lazy blocks it uses. */
function preloads(modules: string[]): string[] {
  const tags = new Set<string>();
  for (const key of modules) {
    const chunk = manifest[key];
    if (!chunk) continue;
    tags.add(`<link rel="modulepreload" href="/${chunk.file}" />`);
    for (const css of chunk.css ?? []) tags.add(`<link rel="stylesheet" href="/${css}" />`);
  }
  return [...tags];
}

const LAZY_BLOCKS: Record<string, string> = { hero: "src/blocks/Hero.tsx", form: "src/blocks/FormWithToasts.tsx" };

// The inline head script must be allowed by hash in the Content-Security-Policy.
const inlineScripts = [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash("sha256").update(m[1]!).digest("base64")}'`);

const started = performance.now();
for (const { file, page } of content.pages) {
  const modules = [file, ...new Set(page.sections.map((s) => LAZY_BLOCKS[s.type]).filter((m): m is string => Boolean(m)))];
  const head = headTags(content.site, page, server, preloads(modules));
  const body = await server.render(page.path);
  const html = template.replace("<!--head-->", head).replace("<!--app-html-->", body);
  const out = page.path === "/" ? join(dist, "index.html") : join(dist, page.path.slice(1), "index.html");
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, html);
}
// Hosts without our server look for a top-level 404.html.
copyFileSync(join(dist, "404", "index.html"), join(dist, "404.html"));
const indexed = writeSitemap(dist, content.site, content.pages.map((p) => p.page.path), server.notFoundPath);
writeRedirects(dist, content.site);
mkdirSync(join(dist, ".site"), { recursive: true });
writeFileSync(join(dist, ".site/inline-script-hashes.json"), JSON.stringify(inlineScripts));
const rendered = Math.round(performance.now() - started);
const packed = precompress(dist);
console.log(
  `prerendered ${content.pages.length} pages in ${rendered} ms; sitemap lists ${indexed}; ${content.site.redirects.length} redirects; ` +
    `precompressed ${packed.files} files (${Math.round(packed.bytes / 1024)} KB -> ${Math.round(packed.brotli / 1024)} KB brotli)`,
);
