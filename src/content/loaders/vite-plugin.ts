import { join, relative, resolve, sep } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { imageManifest, variantEncoder, writeVariants, type VariantEncoder } from "./images.ts";
import { embeddedPdfs } from "./pdf-pages.ts";
import type { Images } from "../image-formats.ts";
import type { ContentError } from "../errors.ts";
import { overlayError } from "./dev-errors.ts";
import { siteDirectory } from "../directory.ts";
import { listAssets, loadContent, PAGES_DIR, SITE_FILE, type Content, type PageFile } from "./load.ts";

/** The module id of a page's YAML file: its absolute path, as the content may live outside Vite's root (CONTENT_ROOT). */
export const pageModule = (root: string, file: string): string => resolve(root, file);

/**
 * Serves the content to the app as modules, validated on the way in:
 * - `virtual:site`          the parsed content/site.yaml
 * - `virtual:routes`        the route table, each page's sections loaded lazily (one chunk per route)
 * - `virtual:directory`     every page and the documents it offers (src/content/directory.ts), for the search block
 * - `content/pages/*.yaml`  one page, checked against the page schema
 * The site and each page also export `images`: the size and variants of every image they name, so
 * a page carries what its <img> tags need and no page carries the whole site's.
 * Any invalid file fails the build (or shows the dev overlay) with file:line:col.
 * `given`: content scripts/build/build.ts has already read and checked, used as it is, so the client
 * and server builds do not read and check every page again. Without it (the dev server) the plugin
 * reads the content itself, and again on every change.
 */
export function contentPlugin(root = process.cwd(), given?: Content): Plugin {
  const ids = { site: "virtual:site", routes: "virtual:routes", directory: "virtual:directory" };
  let server: ViteDevServer | undefined;
  let isBuild = false;
  let isSsr = false;
  let outDir = "dist";
  let manifest: Promise<Images> | undefined;
  const publicDir = join(root, "public");
  // Variants exist only in a build; the dev server shows the originals.
  let encoder: VariantEncoder | undefined;
  const images = (ctx: { error(e: unknown): never }) => {
    // IMAGE_CACHE_DIR: a cache kept outside the checkout (.ci/run: a fresh clone each run).
    if (isBuild) encoder ??= variantEncoder(publicDir, process.env.IMAGE_CACHE_DIR ?? join(root, "node_modules/.cache/lariox-images"));
    return (manifest ??= imageManifest(publicDir, encoder, embeddedPdfs(content(ctx).pages.map((p) => p.page))));
  };

  const fail = (ctx: { error(e: unknown): never }, errors: ContentError[]): never => ctx.error(overlayError(root, errors));

  // All content is read and checked once per build (or per change in dev), not once per module:
  // a site with thousands of pages would otherwise re-read site.yaml for each of them.
  let checked: ReturnType<typeof loadContent> | undefined = given && { content: given, errors: [] };
  const content = (ctx: { error(e: unknown): never }): Content => {
    checked ??= loadContent(root);
    if (checked.errors.length > 0 || !checked.content) return fail(ctx, checked.errors);
    return checked.content;
  };
  // Each page module looks its page up by file: a map, not a scan of thousands of pages per page.
  let byFile: { content: Content; pages: Map<string, PageFile> } | undefined;
  const pageOf = (ctx: { error(e: unknown): never }, file: string): PageFile | undefined => {
    const current = content(ctx);
    if (byFile?.content !== current) byFile = { content: current, pages: new Map(current.pages.map((p) => [p.file, p])) };
    return byFile.pages.get(file);
  };

  /** A module exporting `data` and the entries of the images it names. */
  const withImages = async (ctx: { error(e: unknown): never }, data: unknown): Promise<string> => {
    const all = await images(ctx);
    const used = Object.fromEntries([...JSON.stringify(data).matchAll(/"(\/assets\/[^"]+)"/g)].map((m) => m[1]!).filter((src) => src in all).map((src) => [src, all[src]!]));
    return `export default ${JSON.stringify(data)};\nexport const images = ${JSON.stringify(used)};\n`;
  };

  return {
    name: "lariox-content",
    enforce: "pre",
    configResolved(config) {
      isBuild = config.command === "build";
      isSsr = Boolean(config.build.ssr);
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(s) {
      server = s;
    },
    // The client build writes the responsive image variants the pages' srcsets name.
    async closeBundle() {
      if (!isBuild || isSsr) return;
      const started = performance.now();
      await writeVariants(outDir, await images(this), encoder!);
      console.log(`image variants: ${encoder!.encoded} encoded, the rest from cache; written in ${Math.round(performance.now() - started)} ms`);
    },
    buildStart() {
      // Unit tests check content errors themselves and must run while content is broken.
      if (process.env.VITEST) return;
      if (!given) checked = undefined;
      content(this);
      this.addWatchFile(resolve(root, SITE_FILE));
    },
    resolveId(id) {
      if (Object.values(ids).includes(id)) return "\0" + id;
      return undefined;
    },
    async load(id) {
      if (id === "\0" + ids.site) {
        this.addWatchFile(resolve(root, SITE_FILE));
        return await withImages(this, content(this).site);
      }
      if (id === "\0" + ids.routes) {
        const { pages, site } = content(this);
        for (const p of pages) this.addWatchFile(resolve(root, p.file));
        const entries = pages.map(
          (p) => `  { path: ${JSON.stringify(p.page.path)}, title: ${JSON.stringify(p.page.title)}, load: () => import(${JSON.stringify(pageModule(root, p.file))}) }`,
        );
        return `export const routes = [\n${entries.join(",\n")}\n];\nexport const redirects = ${JSON.stringify(site.redirects)};\n`;
      }
      if (id === "\0" + ids.directory) {
        const { pages } = content(this);
        return `export default ${JSON.stringify(siteDirectory(pages.map((p) => p.page), listAssets(root)))};\n`;
      }
      if (id.endsWith(".yaml") && id.startsWith(resolve(root, PAGES_DIR))) {
        const file = relative(root, id).split("\\").join("/");
        const page = pageOf(this, file);
        if (!page) return this.error(`${file} is not a page of the content (it is under ${PAGES_DIR} but was not loaded)`);
        return await withImages(this, page.page);
      }
      return undefined;
    },
    // A YAML change can add a route, break a link elsewhere or change a contact token every page
    // fills in: re-check all content, then show the errors or reload with every content module fresh.
    handleHotUpdate({ file }) {
      const contentDir = resolve(root, "content") + sep;
      if (!file.endsWith(".yaml") || !file.startsWith(contentDir) || !server) return undefined;
      checked = loadContent(root);
      const { errors } = checked;
      const logger = server.config.logger;
      if (errors.length > 0) {
        const err = overlayError(root, errors);
        logger.error(`[lariox-content] ${err.message}\n${err.frame}`, { timestamp: true, clear: false });
        server.ws.send({ type: "error", err });
        return [];
      }
      for (const environment of Object.values(server.environments)) {
        const graph = environment.moduleGraph;
        for (const mod of graph.idToModuleMap.values()) {
          if (Object.values(ids).some((id) => mod.id === "\0" + id) || mod.file?.startsWith(contentDir)) graph.invalidateModule(mod);
        }
      }
      logger.info(`[lariox-content] ${relative(root, file).split(sep).join("/")} ok, reloading`, { timestamp: true, clear: false });
      server.ws.send({ type: "full-reload" });
      return [];
    },
  };
}
