/**
 * `npm run format:content`: rewrites every content file into the canonical form the visual
 * editor (/admin) writes, so its saves change only what the editor changed.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatYaml } from "../../src/admin/yaml-format.ts";
import { contentFiles } from "./content-files.ts";

const root = process.argv[2] ?? process.cwd();
let changed = 0;
for (const file of contentFiles(root)) {
  const source = readFileSync(join(root, file), "utf8");
  const formatted = formatYaml(source);
  if (formatted === source) continue;
  writeFileSync(join(root, file), formatted);
  console.log(`formatted ${file}`);
  changed++;
}
console.log(changed === 0 ? "content already canonical" : `${changed} file${changed === 1 ? "" : "s"} rewritten`);
