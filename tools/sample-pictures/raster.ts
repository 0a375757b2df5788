// SVG -> JPEG + WebP with sharp. Scenes are drawn at 640 px tall and resized,
// which also gives cards a gentle supersampled look.
import sharp from "sharp";
import { join } from "node:path";
import { mkdir } from "node:fs/promises";
import { xmpMark } from "./sample-marker.ts";
import { OUT_DIR } from "./util.ts";

export interface RasterOpts {
  width: number;
  height: number;
  jpeg: number;
  webp?: number; // omit to skip the WebP copy
}

export async function rasterise(svg: string, relBase: string, o: RasterOpts): Promise<void> {
  const file = join(OUT_DIR, relBase);
  await mkdir(join(file, ".."), { recursive: true });
  // Each copy carries the mark that it is a sample (the launch check reads it).
  const img = sharp(Buffer.from(svg)).resize(o.width, o.height, { fit: "cover" }).withXmp(xmpMark());
  // mozjpeg implies progressive scans, trellis quantisation and optimised Huffman tables.
  await img
    .clone()
    .jpeg({ quality: o.jpeg, mozjpeg: true, progressive: true })
    .toFile(file + ".jpg");
  if (o.webp !== undefined)
    await img
      .clone()
      .webp({ quality: o.webp, effort: 6 })
      .toFile(file + ".webp");
}
