// Generates every static asset under public/assets/: drawn banner and card images,
// logos and icons as SVG, sample PDFs and a sample PPTX. Deterministic: the same
// inputs give the same files, so re-running only changes what the code changed.
//
//   npx tsx tools/sample-pictures/make.ts
import { readdir, stat } from "node:fs/promises";
import { join, relative, dirname } from "node:path";
import { makeBrand } from "./brand.ts";
import { makeIcons } from "./icons.ts";
import { loadMetrics } from "./measure.ts";
import { makePdfs } from "./pdfs.ts";
import { makeBanners, makeCards } from "./photos.ts";
import { makePptx } from "./pptx.ts";
import { OUT_DIR } from "./util.ts";
import { makeWordmarks } from "./wordmarks.ts";

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(p)));
    else out.push(p);
  }
  return out;
}

async function printSummary(): Promise<void> {
  const rows = new Map<string, { files: number; bytes: number }>();
  for (const file of await listFiles(OUT_DIR)) {
    const folder = relative(OUT_DIR, dirname(file)) || ".";
    const row = rows.get(folder) ?? { files: 0, bytes: 0 };
    row.files += 1;
    row.bytes += (await stat(file)).size;
    rows.set(folder, row);
  }
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  let files = 0;
  let bytes = 0;
  console.log(`\n${"folder".padEnd(22)}${"files".padStart(6)}${"size".padStart(12)}`);
  for (const [folder, row] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${folder.padEnd(22)}${String(row.files).padStart(6)}${kb(row.bytes).padStart(12)}`);
    files += row.files;
    bytes += row.bytes;
  }
  console.log(`${"total".padEnd(22)}${String(files).padStart(6)}${kb(bytes).padStart(12)}`);
}

const steps: [string, () => Promise<void>][] = [
  ["text metrics", loadMetrics],
  ["logo, favicon, og-image", makeBrand],
  ["icons", makeIcons],
  ["logo wordmarks", makeWordmarks],
  ["banners", makeBanners],
  ["cards", makeCards],
  ["datasheets and brochures", makePdfs],
  ["presentation", makePptx],
];

for (const [label, run] of steps) {
  const t0 = performance.now();
  await run();
  console.log(`${label.padEnd(28)} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
await printSummary();
