import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import sharp from "sharp";
import { VARIANT_FORMATS, variantBase, variantWidths, type ImageEntry } from "./image-formats.ts";
import { inlineSvg } from "./inline-svg.ts";

function listImages(publicDir: string): string[] {
  return readdirSync(join(publicDir, "assets"), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(jpe?g|png|svg)$/.test(d.name))
    .map((d) => join(d.parentPath, d.name));
}

/** Sizes of every image under public/assets, and (with `variants`) the names of their variants. */
export async function imageManifest(publicDir: string, variants: boolean): Promise<Record<string, ImageEntry>> {
  const entries = await Promise.all(
    listImages(publicDir).map(async (file): Promise<[string, ImageEntry]> => {
      const meta = await sharp(file).metadata();
      const url = "/" + relative(publicDir, file).split("\\").join("/");
      const size: [number, number] = [meta.width ?? 0, meta.height ?? 0];
      // SVG scales by itself: it is drawn inline where it can be, else as it is.
      if (file.endsWith(".svg")) {
        const svg = inlineSvg(readFileSync(file, "utf8"));
        return [url, svg ? [...size, svg] : size];
      }
      if (!variants || !/\.jpe?g$/.test(file)) return [url, size];
      return [url, [...size, createHash("sha1").update(readFileSync(file)).digest("hex").slice(0, 10)]];
    }),
  );
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Writes every variant into `outDir`, encoding only what `cacheDir` lacks (names carry the
 * source's hash, so a cached file is always current). Returns how many were encoded.
 */
export async function writeVariants(publicDir: string, outDir: string, manifest: Record<string, ImageEntry>, cacheDir: string): Promise<number> {
  mkdirSync(cacheDir, { recursive: true });
  mkdirSync(join(outDir, "assets/img"), { recursive: true });
  const jobs: { source: string; width: number; format: (typeof VARIANT_FORMATS)[number]; name: string }[] = [];
  for (const [url, [width, , hash]] of Object.entries(manifest)) {
    if (typeof hash !== "string") continue;
    for (const w of variantWidths(width)) {
      for (const format of VARIANT_FORMATS) jobs.push({ source: join(publicDir, url), width: w, format, name: `${variantBase(url, hash).slice(1)}-${w}.${format}` });
    }
  }
  let encoded = 0;
  const run = async (job: (typeof jobs)[number]) => {
    const cached = join(cacheDir, basename(job.name));
    if (!existsSync(cached)) {
      const image = sharp(job.source).resize({ width: job.width, withoutEnlargement: true });
      const encoder =
        job.format === "avif" ? image.avif({ quality: 50, effort: 2 }) : job.format === "webp" ? image.webp({ quality: 68 }) : image.jpeg({ quality: 72, mozjpeg: true, progressive: true });
      await encoder.toFile(cached);
      encoded++;
    }
    copyFileSync(cached, join(outDir, job.name));
  };
  // Two at a time: the machine has two cores and libvips threads within each encode.
  const queue = [...jobs];
  await Promise.all([0, 1].map(async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await run(job);
  }));
  return encoded;
}
