// Small shared helpers: seeded randomness, slugs, colour maths, file output.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** public/assets/, or SAMPLE_PICTURES_OUT (a test draws them into a folder of its own). */
export const OUT_DIR = process.env.SAMPLE_PICTURES_OUT
  ? join(resolve(process.env.SAMPLE_PICTURES_OUT), "/")
  : fileURLToPath(new URL("../../public/assets/", import.meta.url));

export const BRAND = {
  navy: "#0b1a2e",
  navy2: "#12263f",
  steel: "#5b6b7f",
  steelLight: "#c9d2dc",
  purple: "#7c3aed",
  lilac: "#a78bfa",
} as const;

export const FONT_STACK = "Inter, Segoe UI, Helvetica, Arial, sans-serif";

export type Rng = () => number;

// FNV-1a hash of the seed text feeding mulberry32: the same name always gives the
// same picture, and different names give different pictures.
export function seeded(seedText: string): Rng {
  let h = 2166136261;
  for (let i = 0; i < seedText.length; i++) {
    h ^= seedText.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const range = (rng: Rng, lo: number, hi: number): number => lo + (hi - lo) * rng();
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

// One decimal is plenty for pixels and keeps the SVG text short and stable.
export const r1 = (v: number): number => Math.round(v * 10) / 10;

export function mix(a: string, b: string, k: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (shift: number) => {
    const x = (pa >> shift) & 255;
    const y = (pb >> shift) & 255;
    return Math.round(x + (y - x) * k);
  };
  return "#" + ((ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).padStart(6, "0");
}

export function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export async function save(relPath: string, data: string | Uint8Array): Promise<void> {
  const file = join(OUT_DIR, relPath);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, data);
}
