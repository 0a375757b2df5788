/**
 * `npm run bench:build`: how validation and the build grow with the number of pages.
 * For 30, 300 and 3000 pages (or the counts given: `npm run bench:build -- 30`) it makes a
 * throwaway copy of the project, adds generated pages beside the real ones, and times
 * `npm run validate` and `npm run build` there. Prints a table and ms per page.
 * The copy is every file git tracks (`git ls-files`), so a file added to the project is in it
 * without a change here; public/ (the pictures, large) and node_modules (so the image cache too)
 * are shared by symbolic links.
 */
import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { copyProject } from "../lib/project-copy.ts";

const counts = (process.argv[2] ?? "30,300,3000").split(",").map(Number);
const project = process.cwd();
function page(i: number, n: number): string {
  return `# yaml-language-server: $schema=../../../schema/page.schema.json
path: /generated/page-${i}
title: Generated page ${i}
description: A generated page for measuring how the build scales with the number of pages, number ${i}.
sections:
  - type: banner
    image: /assets/banners/products.jpg
    heading: Generated page ${i}
  - type: richText
    heading: Section ${i}
    paragraphs:
      - Paragraph one of page ${i}, long enough to be a realistic paragraph of marketing copy for a product.
      - Paragraph two of page ${i}, with a second sentence. And a third one to make it read like prose.
  - type: linkList
    links:
      - { label: Home, href: / }
      - { label: Next, href: /generated/page-${(i + 1) % n} }
`;
}

const rows: { pages: number; validateMs: number; buildMs: number }[] = [];
for (const n of counts) {
  const dir = mkdtempSync(join(tmpdir(), `scale-${n}-`));
  copyProject(project, dir);
  mkdirSync(join(dir, "content/pages/generated"), { recursive: true });
  for (let i = 0; i < n; i++) writeFileSync(join(dir, `content/pages/generated/page-${i}.yaml`), page(i, n));
  const time = (cmd: string) => {
    const started = performance.now();
    // The copy's own dist/ and dist-ssr/, whatever a caller's environment names.
    const env = { ...process.env, DIST_DIR: "dist", SSR_DIR: "dist-ssr" };
    const out = execSync(cmd, { cwd: dir, env, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });
    return { ms: Math.round(performance.now() - started), out };
  };
  const validateMs = time("npm run --silent validate").ms;
  const build = time("npm run --silent build");
  const buildMs = build.ms;
  rows.push({ pages: n, validateMs, buildMs });
  console.log(`${n} generated pages (+ the site's own): validate ${validateMs} ms, build ${buildMs} ms (${(buildMs / n).toFixed(1)} ms per page)`);
  // The build's own step times (scripts/build/build.ts prints one line per step): where the time went.
  for (const line of build.out.split("\n").filter((l) => / in \d+ ms/.test(l))) console.log(`  ${line}`);
  rmSync(dir, { recursive: true, force: true });
}
console.log("\n| generated pages | validate ms | build ms (validate + client + SSR + prerender) | build ms per page |\n|---|---|---|---|");
for (const r of rows) console.log(`| ${r.pages} | ${r.validateMs} | ${r.buildMs} | ${(r.buildMs / r.pages).toFixed(1)} |`);
