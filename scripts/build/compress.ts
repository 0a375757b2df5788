import { availableParallelism } from "node:os";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import pLimit from "p-limit";

// With the site search's data files (scripts/build/search-index.ts).
const COMPRESSIBLE = /\.(html|js|css|svg|json|xml|txt|webmanifest|pagefind|pf_meta|pf_index|pf_fragment|pf_filter)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli quality per file. Hashed files under assets/ are few, change only with the code and
 * are cached for a year: the best quality (11) pays off. Pages and the other files the prerender
 * writes are many and change every build: quality 11 is many times slower than 8, which makes a
 * file only a little larger (still smaller than gzip -9); `npm run bench:build` times a build of
 * thousands of pages.
 */
const quality = (path: string) => (path.startsWith("assets/") ? 11 : 8);

/**
 * Writes .br and .gz beside every text file worth it, so the server sends them without
 * compressing per request. The compressing runs on zlib's thread pool, one file per core at
 * a time; reads and writes stay synchronous (cheaper than async file calls for small files).
 */
export async function precompress(dist: string): Promise<{ files: number; bytes: number; brotli: number }> {
  const totals = { files: 0, bytes: 0, brotli: 0 };
  const files = readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  const compress = async (file: string) => {
    const data = readFileSync(file);
    if (data.length < 1024) return;
    const q = quality(relative(dist, file).split("\\").join("/"));
    const [br, gz] = await Promise.all([
      brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: q, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
      gzipAsync(data, { level: 9 }),
    ]);
    writeFileSync(file + ".br", br);
    writeFileSync(file + ".gz", gz);
    totals.files++;
    totals.bytes += data.length;
    totals.brotli += br.length;
  };
  const limit = pLimit(availableParallelism());
  await Promise.all(files.map((file) => limit(() => compress(file))));
  return totals;
}
