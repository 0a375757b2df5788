/**
 * What a prerendered page loads, from Vite's build manifest, and the inline loader that starts it
 * (src/boot/loader.ts says when and why). The prerender's only source of script and stylesheet
 * tags: index.html names none.
 */
import { createHash } from "node:crypto";
import { build, type Manifest, type Rolldown } from "vite";
import type { BootModules } from "../../src/boot/loader.ts";

export interface PageFiles {
  stylesheets: string[];
  modules: BootModules;
}

/**
 * A page's files, as URLs. `run` is the entry; `preload` the page's chunks (`withCode`: its content
 * chunk and eager blocks) with everything they and the entry import. `cssOnly` chunks (deferred
 * blocks) add their stylesheets: their code comes after hydration starts.
 */
export function pageFiles(manifest: Manifest, withCode: string[], cssOnly: string[]): PageFiles {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the build manifest, found ${entries.length}: ${entries.join(", ")}`);
  const entry = manifest[entries[0]!]!;
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, code: boolean) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: is its block folder's index.tsx missing?`);
    if (seen.has(key + code)) return;
    seen.add(key + code);
    if (code) scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported, code);
  };
  // With cssCodeSplit off (vite.config.ts) every style is in this one file, which no chunk names.
  const allStyles = manifest["style.css"]?.file;
  if (allStyles) styles.add(allStyles);
  visit(entries[0]!, true);
  withCode.forEach((key) => visit(key, true));
  cssOnly.forEach((key) => visit(key, false));
  scripts.delete(entry.file);
  const url = (file: string) => `/${file}`;
  return { stylesheets: [...styles].map(url), modules: { preload: [...scripts].map(url), run: [url(entry.file)] } };
}

/** The loader first: an inline script after a stylesheet would wait for it. The list is data, never run. */
export function bootTags(loader: string, files: PageFiles): string {
  // "<" escaped so no file name can close the script element.
  const list = JSON.stringify(files.modules).replace(/</g, "\\u003c");
  return [
    `<script>${loader}</script>`,
    ...files.stylesheets.map((href) => `<link rel="stylesheet" href="${href}" />`),
    `<script type="application/json" id="boot-modules">${list}</script>`,
  ].join("\n    ");
}

/** src/boot/loader.ts as one minified classic script (an IIFE: its names stay out of the page's globals). */
export async function compileLoader(): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: "warn",
    build: { write: false, minify: true, target: "es2022", lib: { entry: "src/boot/loader.ts", formats: ["iife"], name: "bootLoader" } },
  })) as Rolldown.RolldownOutput[];
  return output[0]!.output[0].code.trim();
}

/** The Content-Security-Policy source that allows an inline script with exactly this text. */
export const scriptHash = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
