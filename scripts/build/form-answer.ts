/**
 * The build's step for the answers to form posts sent without script (src/server/enquiries/form-pages.ts):
 * src/entry-form-answer.tsx as one self-contained module (React and all, so the server can load it
 * from wherever DIST_DIR is), with only the pages that hold a form, and index.html made into those
 * answers' document: the site's stylesheet, the inline head scripts the Content-Security-Policy
 * already allows, and no module script: the answers need none.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build, mergeConfig, type Manifest, type Plugin, type UserConfig } from "vite";
import type { Content } from "../../src/content/loaders/load.ts";
import { pageModule } from "../../src/content/loaders/vite-plugin.ts";
import { contentRoot } from "../../src/content/loaders/root.ts";
import { FORM_ANSWER_DIR, FORM_ANSWER_ENTRY, FORM_ANSWER_TEMPLATE, TEMPLATE_SLOTS } from "../../src/handover/form-answer.ts";

const FORM_PAGES = "virtual:form-pages";

/** `virtual:form-pages`: each page holding a form, as the content plugin serves it (the page and its images). */
function formPagesPlugin(content: Content): Plugin {
  const files = content.pages.filter((p) => p.page.sections.some((s) => s.type === "form")).map((p) => p.file);
  return {
    name: "lariox-form-pages",
    resolveId: (id) => (id === FORM_PAGES ? "\0" + FORM_PAGES : undefined),
    load(id) {
      if (id !== "\0" + FORM_PAGES) return undefined;
      const imports = files.map((file, i) => `import page${i}, { images as images${i} } from ${JSON.stringify(pageModule(contentRoot(), file))};`);
      const list = files.map((_, i) => `{ page: page${i}, images: images${i} }`);
      return `${imports.join("\n")}\nexport const formPages = [${list.join(", ")}];\n`;
    },
  };
}

/**
 * Builds the render entry into `<dist>/.site/form-answer/` with `config` (the site's, as build.ts
 * makes it) and writes its template from the client build's manifest.
 */
export async function buildFormAnswer(content: Content, dist: string, config: UserConfig): Promise<void> {
  const outDir = join(dist, FORM_ANSWER_DIR);
  await build(
    mergeConfig(config, {
      plugins: [formPagesPlugin(content)],
      ssr: { noExternal: true },
      // React's production build only: the module bundles React, whose packages pick a build at run time.
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      build: {
        ssr: "src/entry-form-answer.tsx",
        outDir,
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
        rolldownOptions: { output: { codeSplitting: false, entryFileNames: FORM_ANSWER_ENTRY } },
      },
    } satisfies UserConfig),
  );

  // With cssCodeSplit off (vite.config.ts) every style of the site is in this one file.
  const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
  const stylesheet = manifest["style.css"]?.file;
  if (!stylesheet) throw new Error("form answers: the client build's manifest names no style.css; the answers' pages need the site's one stylesheet");
  const template = readFileSync("index.html", "utf8");
  for (const slot of [TEMPLATE_SLOTS.head, TEMPLATE_SLOTS.body, "<!--boot-->"]) {
    if (!template.includes(slot)) throw new Error(`form answers: index.html has no ${slot}`);
  }
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    join(outDir, FORM_ANSWER_TEMPLATE),
    template.replace("<!--boot-->", () => `<link rel="stylesheet" href="/${stylesheet}" />`),
  );
}
