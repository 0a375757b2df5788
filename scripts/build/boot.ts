/**
 * What a prerendered page loads, from Vite's build manifest, and the inline scripts of its head
 * (compiled from src/boot/, each allowed by its hash in the Content-Security-Policy). The
 * prerender's only source of script and stylesheet tags: index.html names none.
 */
import { createHash } from "node:crypto";
import { build, type Manifest, type Rolldown } from "vite";
import type { Site } from "../../src/content/types.ts";
import { speculationRules } from "./speculation.ts";

/** The built files every page may name: the stylesheet, the island runtime, the cursor module. */
export interface SiteFiles {
  stylesheet: string;
  islands: string;
  cursor: string;
}

export function siteFiles(manifest: Manifest): SiteFiles {
  const entry = (src: string) => {
    const chunk = manifest[src];
    if (!chunk?.isEntry) throw new Error(`${src} is not an entry of the client build (vite.config.ts)`);
    return chunk;
  };
  // With cssCodeSplit off (vite.config.ts) every style is in one file; the styles entry is what gathers them.
  const stylesheet = manifest["style.css"]?.file ?? entry("src/entry-styles.ts").css?.[0];
  if (!stylesheet) throw new Error("the client build wrote no stylesheet");
  const url = (file: string) => `/${file}`;
  return { stylesheet: url(stylesheet), islands: url(entry("src/islands/wake.ts").file), cursor: url(entry("src/shell/cursor.ts").file) };
}

/** The inline scripts of every page, compiled once per build, as the page holds them (their hashes are of this text). */
export interface InlineScripts {
  intro: string;
  visit: string;
  shell: string;
  menus: string;
  cursor: string;
  ahead: string;
  embeds: string;
  /** The page-view count and the Web Vitals (src/server/analytics/). */
  beacon: string;
  islands: string;
  speculation: string;
}

export async function inlineScripts(site: Site): Promise<InlineScripts> {
  return {
    intro: await compileInline("src/boot/intro.ts", { INTRO_DURATION_MS: String(site.behaviour.intro.durationMs) }),
    visit: await compileInline("src/boot/visit.ts"),
    shell: await compileInline("src/boot/shell.ts"),
    menus: await compileInline("src/boot/menus.ts"),
    cursor: await compileInline("src/boot/cursor.ts"),
    ahead: await compileInline("src/boot/ahead.ts"),
    embeds: await compileInline("src/boot/embeds.ts"),
    // The count and three measures in one script: held to 1.5 KB brotli by tests/unit/beacon-size.test.ts.
    beacon: await compileInline("src/boot/beacon.ts", {}, 2048),
    islands: await compileInline("src/boot/islands.ts"),
    // "<" escaped so no rule can close the script element.
    speculation: JSON.stringify(speculationRules()).replace(/</g, "\\u003c"),
  };
}

/**
 * A page's script and stylesheet tags. Intro decision first, before the stylesheet (an inline script
 * after a stylesheet would wait for it); where the visit came from; the shell's menu rules and the wide screens' menu keys and mouse; the cursor's loader, which names
 * the cursor module and its settings; a phone's head start (the links in view to prerender); embedded documents held while the page is prerendered; the page-view beacon; the Speculation Rules; and only on a page with islands, the
 * island runtime's loader, which names the runtime and fetches it once the page has loaded.
 */
export function bootTags(scripts: InlineScripts, files: SiteFiles, site: Site, hasIslands: boolean): string {
  const attr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  return [
    `<script>${scripts.intro}</script>`,
    `<script>${scripts.visit}</script>`,
    `<script>${scripts.shell}</script>`,
    `<script>${scripts.menus}</script>`,
    `<script data-cursor="${attr(files.cursor)}" data-cursor-settings="${attr(JSON.stringify(site.behaviour.cursor))}">${scripts.cursor}</script>`,
    `<script>${scripts.ahead}</script>`,
    `<script>${scripts.embeds}</script>`,
    `<script>${scripts.beacon}</script>`,
    `<link rel="stylesheet" href="${files.stylesheet}" />`,
    `<script type="speculationrules">${scripts.speculation}</script>`,
    ...(hasIslands ? [`<script data-islands="${attr(files.islands)}">${scripts.islands}</script>`] : []),
  ].join("\n    ");
}

/** A file of src/boot/ as one minified classic script (an IIFE: its names stay out of the page's globals). */
export async function compileInline(entry: string, define: Record<string, string> = {}, limit = 1024): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: "warn",
    define,
    build: { write: false, minify: true, target: "es2022", lib: { entry, formats: ["iife"], name: "inline" } },
  })) as Rolldown.RolldownOutput[];
  const code = output[0]!.output[0].code.trim();
  // Each runs before the page can be used; kept small on purpose (see scripts/build/README.md).
  if (code.length > limit) throw new Error(`${entry} compiles to ${code.length} bytes; this inline script must stay under ${limit} bytes`);
  return code;
}

/** The Content-Security-Policy source that allows an inline script with exactly this text. */
export const scriptHash = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
