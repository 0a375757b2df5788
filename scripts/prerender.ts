/**
 * Runs after `vite build` (client) and `vite build --ssr` (server bundle): renders every route
 * to dist/<route>/index.html with its title, meta tags and the preload of its content chunk,
 * so each page reads completely before (and without) JavaScript.
 */
import { mkdirSync, readFileSync, writeFileSync, copyFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadContent } from "../src/content/load.ts";
import { headTags } from "./prerender/head.ts";

const dist = "dist";
const template = readFileSync(join(dist, "index.html"), "utf8");
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Record<string, { file: string }>;
const server = (await import(pathToFileURL(join("dist-ssr", "entry-server.js")).href)) as { render(path: string): Promise<string> };

const { content, errors } = loadContent(process.cwd());
if (!content) throw new Error(`content errors: ${errors.length}; run npm run validate`);

const started = performance.now();
for (const { file, page } of content.pages) {
  const chunk = manifest[file]?.file;
  const head = headTags(content.site, page) + (chunk ? `\n    <link rel="modulepreload" href="/${chunk}" />` : "");
  const body = await server.render(page.path);
  const html = template.replace("<!--head-->", head).replace("<!--app-html-->", body);
  const out = page.path === "/" ? join(dist, "index.html") : join(dist, page.path.slice(1), "index.html");
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, html);
}
// Hosts without our server look for a top-level 404.html.
copyFileSync(join(dist, "404", "index.html"), join(dist, "404.html"));
console.log(`prerendered ${content.pages.length} pages in ${Math.round(performance.now() - started)} ms`);
