import { randomUUID } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import pLimit from "p-limit";
import sharp from "sharp";
import { AVIF_MIN_SAVING, pictureFormats, variantBase, variantWidths, type Images, type VariantFormat } from "../image-formats.ts";
import { inlineSvg } from "../inline-svg.ts";
import { contentHash, drawFirstPage } from "./pdf-pages.ts";

function listImages(publicDir: string): string[] {
  return readdirSync(join(publicDir, "assets"), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(jpe?g|png|svg)$/.test(d.name))
    .map((d) => join(d.parentPath, d.name));
}

/** One responsive variant: `url` at `width` px in `format`, named after the source's hash. */
interface Variant {
  url: string;
  hash: string;
  width: number;
  format: VariantFormat;
}

const variantName = (v: Variant) => `${variantBase(v.url, v.hash).slice(1)}-${v.width}.${v.format}`;

/**
 * Encodes variants into `cacheDir`, each only once (names carry the source's hash, so a cached
 * file is always current), two at a time: the machine has two cores and libvips threads within
 * each encode. `encoded` counts what this build had to encode.
 */
export function variantEncoder(publicDir: string, cacheDir: string) {
  mkdirSync(cacheDir, { recursive: true });
  const limit = pLimit(2);
  const encoder = {
    cacheDir,
    encoded: 0,
    /** Variants whose source is not the file at their URL: a PDF's first page, by the PDF's URL. */
    drawn: new Map<string, string>(),
    /** The cached file of `v`, encoded first if the cache lacks it. */
    async file(v: Variant): Promise<string> {
      const cached = join(cacheDir, basename(variantName(v)));
      if (existsSync(cached)) return cached;
      await limit(async () => {
        const image = sharp(encoder.drawn.get(v.url) ?? join(publicDir, v.url)).resize({ width: v.width, withoutEnlargement: true });
        const output =
          v.format === "avif" ? image.avif({ quality: 50, effort: 2 }) : v.format === "webp" ? image.webp({ quality: 68 }) : image.jpeg({ quality: 72, mozjpeg: true, progressive: true });
        // Written whole under another name first: another build sharing the cache may look meanwhile.
        const partial = `${cached}.${randomUUID()}.partial`;
        await output.toFile(partial);
        renameSync(partial, cached);
        encoder.encoded++;
      });
      return cached;
    },
  };
  return encoder;
}
export type VariantEncoder = ReturnType<typeof variantEncoder>;

/** Whether the photo's AVIF variants are enough smaller than its WebP ones to be offered (AVIF_MIN_SAVING). */
async function avifPays(url: string, hash: string, width: number, encoder: VariantEncoder): Promise<boolean> {
  const bytes = async (format: VariantFormat) => {
    const files = await Promise.all(variantWidths(width).map((w) => encoder.file({ url, hash, width: w, format })));
    return files.reduce((sum, f) => sum + statSync(f).size, 0);
  };
  const [avif, webp] = await Promise.all([bytes("avif"), bytes("webp")]);
  return avif <= webp * (1 - AVIF_MIN_SAVING);
}

/**
 * The entry of a PDF a page embeds: its first page drawn (src/content/loaders/pdf-pages.ts) as a
 * picture with variants, its page count and its size, for the datasheet block on phones.
 */
async function pdfEntry(publicDir: string, url: string, encoder: VariantEncoder): Promise<[string, Images[string]]> {
  const file = join(publicDir, url);
  const hash = contentHash(file);
  const page = await drawFirstPage(file, hash, encoder.cacheDir);
  encoder.drawn.set(url, page.png);
  return [url, { width: page.width, height: page.height, hash, pages: page.pages, bytes: statSync(file).size }];
}

/**
 * Sizes of every image under public/assets; given an `encoder` (a build), also each photo's
 * hash and whether its AVIF variants pay, which takes encoding them, and the first page of each
 * PDF in `pdfs` drawn as a picture.
 */
export async function imageManifest(publicDir: string, encoder?: VariantEncoder, pdfs: string[] = []): Promise<Images> {
  const pdfEntries = encoder ? await Promise.all(pdfs.filter((url) => existsSync(join(publicDir, url))).map((url) => pdfEntry(publicDir, url, encoder))) : [];
  const entries = await Promise.all(
    listImages(publicDir).map(async (file): Promise<[string, Images[string]]> => {
      const meta = await sharp(file).metadata();
      const url = "/" + relative(publicDir, file).split("\\").join("/");
      const size = { width: meta.width ?? 0, height: meta.height ?? 0 };
      // SVG scales by itself: it is drawn inline where it can be, else as it is.
      if (file.endsWith(".svg")) {
        const svg = inlineSvg(readFileSync(file, "utf8"));
        if (!svg) return [url, size];
        return [url, svg.viewBox === `0 0 ${size.width} ${size.height}` ? { ...size, body: svg.body } : { ...size, ...svg }];
      }
      if (!encoder || !/\.jpe?g$/.test(file)) return [url, size];
      const hash = contentHash(file);
      // Only a photo whose AVIF pays says so: most do not, and every page's chunk carries these entries.
      return [url, (await avifPays(url, hash, size.width, encoder)) ? { ...size, hash, avif: true } : { ...size, hash }];
    }),
  );
  return Object.fromEntries([...entries, ...pdfEntries].sort(([a], [b]) => a.localeCompare(b)));
}

/** Copies into `outDir` the variants the pages name: each photo's JPEG fallback and its <source> formats. */
export async function writeVariants(outDir: string, manifest: Images, encoder: VariantEncoder): Promise<void> {
  mkdirSync(join(outDir, "assets/img"), { recursive: true });
  const copies: Promise<void>[] = [];
  for (const [url, entry] of Object.entries(manifest)) {
    const { width, hash } = entry;
    if (!hash) continue;
    for (const w of variantWidths(width)) {
      for (const format of [...pictureFormats(entry), "jpg" as const]) {
        const v = { url, hash, width: w, format };
        copies.push(encoder.file(v).then((cached) => copyFileSync(cached, join(outDir, variantName(v)))));
      }
    }
  }
  await Promise.all(copies);
}
