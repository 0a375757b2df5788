/**
 * `npm run launch-check`: lists every placeholder still in content/ and public/ as `file:line  what`
 * (documents without a line) and exits 1 while any remain, 0 once the site is ready to launch:
 *
 *   - example.com addresses and links (and a social link to a profile named "example")
 *   - placeholder phone numbers: +91 00000 … (the WhatsApp click-to-chat number named as such)
 *   - what content marks `placeholder: true`: site.yaml's contact details (with their street
 *     address) and the logo sections of invented client and partner names
 *   - the sample datasheets, brochures and presentation tools/sample-pictures draws (`npm run
 *     assets`; their Subject carries SAMPLE_NOTE, the vendor's own files do not)
 *   - every picture it draws (banners, cards, icons, logos, the favicon, the Open Graph picture):
 *     each carries DRAWN_NOTE (an SVG's <metadata>, a JPEG's, PNG's or WebP's XMP), and a drawn
 *     logo bearing a real brand's name says so, since it would stand in for that brand's own artwork
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { inflateRawSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit } from "yaml";
import type { YAMLMap } from "yaml";
import { readSvgMark, readXmpMark, SAMPLE_NOTE, unescapeXml } from "../tools/sample-pictures/sample-marker.ts";

export interface Finding {
  /** Relative to the project, with "/". */
  file: string;
  line?: number;
  message: string;
}

const PATTERNS: Array<[RegExp, string]> = [
  [/[\w.+-]*@(?:[\w-]+\.)*example\.(?:com|net|org)\b/gi, "example.com e-mail address"],
  [/\b(?:https?:\/\/)?(?:[\w-]+\.)*example\.(?:com|net|org)\b[^\s"'<>)]*/gi, "example.com address"],
  [/https?:\/\/[^\s"'<>]+\/example\/?(?=[\s"'<>?#]|$)/gi, "link to a profile named example"],
  [/\+\d{1,3}[\s-]?0{5}[\s-]?\d*/g, "placeholder phone number"],
];

/** Findings in one piece of text (a YAML value or a line of a text file); an e-mail counts once. */
function inText(text: string): string[] {
  const found: string[] = [];
  const taken: Array<[number, number]> = [];
  for (const [pattern, what] of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const [start, end] = [match.index, match.index + match[0].length];
      if (taken.some(([s, e]) => start < e && end > s)) continue;
      taken.push([start, end]);
      found.push(`${what}: ${match[0]}`);
    }
  }
  return found;
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort();
  } catch {
    return [];
  }
}

const text = (node: unknown) => (isScalar(node) ? String(node.value) : "");

/** What a map marked `placeholder: true` holds, in words. */
function describeMarked(map: YAMLMap, parentKey: string | undefined): string {
  const type = text(map.get("type", true));
  const logos = map.get("logos", true);
  if (type && isSeq(logos)) {
    const names = logos.items.map((item) => (isMap(item) ? text(item.get("name", true)) : "")).filter(Boolean);
    const shown = names.length > 4 ? `${names.slice(0, 4).join(", ")}, … (${names.length} in all)` : names.join(", ");
    return `${type} section "${text(map.get("heading", true))}" is marked placeholder: true: ${shown}`;
  }
  return `${parentKey ?? "this block"} is marked placeholder: true: replace the details, then set it to false`;
}

function checkYaml(file: string, source: string): Array<Omit<Finding, "file">> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter });
  const lineOf = (node: { range?: [number, number, number] | null }) => (node.range ? lineCounter.linePos(node.range[0]).line : undefined);
  const findings: Array<Omit<Finding, "file">> = [];
  visit(doc, {
    Pair(_, pair, path) {
      if (!isScalar(pair.key) || pair.key.value !== "placeholder" || !isScalar(pair.value) || pair.value.value !== true) return;
      const map = path.at(-1);
      const parent = path.at(-2);
      if (!isMap(map)) return;
      const parentKey = isPair(parent) && isScalar(parent.key) ? String(parent.key.value) : undefined;
      findings.push({ line: lineOf(pair.value), message: describeMarked(map, parentKey) });
      // The street address has no telltale pattern: the mark on its block stands for it.
      const street = parentKey === "contact" ? map.getIn(["address", "street"], true) : undefined;
      if (isScalar(street)) findings.push({ line: lineOf(street), message: `placeholder street address: ${text(street)}` });
    },
    Scalar(key, node, path) {
      if (key === "key" || typeof node.value !== "string") return;
      // A sample WhatsApp number is named as such: every product page links to it.
      const whatsapp = isPair(path.at(-1)) && isPair(path.at(-3)) && text((path.at(-3) as { key: unknown }).key) === "whatsapp";
      for (const message of inText(node.value)) {
        findings.push({ line: lineOf(node), message: whatsapp ? `WhatsApp click-to-chat number is a ${message}` : message });
      }
    },
  });
  return findings;
}

/** One entry of a zip file (a pptx, docx or xlsx), found through the central directory. */
function zipEntry(zip: Buffer, name: string): Buffer | undefined {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) return undefined;
  let offset = zip.readUInt32LE(end + 16);
  for (let i = zip.readUInt16LE(end + 10); i > 0 && zip.readUInt32LE(offset) === 0x02014b50; i--) {
    const [method, size, nameLength] = [zip.readUInt16LE(offset + 10), zip.readUInt32LE(offset + 20), zip.readUInt16LE(offset + 28)];
    if (zip.toString("utf8", offset + 46, offset + 46 + nameLength) === name) {
      const local = zip.readUInt32LE(offset + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      return method === 8 ? inflateRawSync(data) : method === 0 ? data : undefined;
    }
    offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return undefined;
}

/** The document's Subject when it is one of the generated samples. */
async function sampleSubject(path: string): Promise<string | undefined> {
  const bytes = readFileSync(path);
  let subject: string | undefined;
  if (path.endsWith(".pdf")) {
    subject = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true }).then(
      (doc) => doc.getSubject(),
      () => undefined, // not readable by pdf-lib, so not one it wrote
    );
  } else if (/\.(?:pptx|docx|xlsx)$/.test(path)) {
    const core = zipEntry(bytes, "docProps/core.xml")?.toString("utf8");
    const raw = core && /<dc:subject>([\s\S]*?)<\/dc:subject>/.exec(core)?.[1];
    subject = raw ? unescapeXml(raw) : undefined;
  }
  return subject?.includes(SAMPLE_NOTE) ? subject : undefined;
}

/** The pictures every page names by a fixed path, named for what they are. */
const ROLES: Record<string, string> = {
  "public/assets/favicon.png": "the favicon: ",
  "public/assets/og-image.jpg": "the Open Graph picture shown where a page is shared: ",
};

/** What a picture's mark says: drawn by tools/sample-pictures, and a drawn logo's real brand. */
async function drawnPicture(path: string, file: string): Promise<string | undefined> {
  let mark: { brand?: string } | undefined;
  if (path.endsWith(".svg")) mark = readSvgMark(readFileSync(path, "utf8"));
  else if (/\.(?:jpe?g|png|webp)$/i.test(path)) {
    mark = await sharp(path)
      .metadata()
      .then((m) => readXmpMark(m.xmpAsString))
      .catch(() => undefined); // not a picture sharp reads, so not one the tools drew
  }
  if (!mark) return undefined;
  const role = ROLES[file] ?? "";
  if (mark.brand)
    return `${role}drawn logo bearing the real brand name "${mark.brand}", not its own artwork: use the brand's official logo with its permission, or remove it`;
  return `${role}sample picture drawn by tools/sample-pictures`;
}

const TEXT_FILE = /\.(?:svg|html?|txt|json|xml|webmanifest|css|js|md|csv)$/;

export async function findPlaceholders(root: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  const rel = (path: string) => relative(root, path).split("\\").join("/");
  for (const path of filesUnder(join(root, "content")).filter((p) => /\.ya?ml$/.test(p))) {
    for (const f of checkYaml(rel(path), readFileSync(path, "utf8"))) findings.push({ file: rel(path), ...f });
  }
  for (const path of filesUnder(join(root, "public"))) {
    const drawn = await drawnPicture(path, rel(path));
    if (drawn) findings.push({ file: rel(path), message: drawn });
    if (TEXT_FILE.test(path)) {
      readFileSync(path, "utf8")
        .split("\n")
        .forEach((line, i) => inText(line).forEach((message) => findings.push({ file: rel(path), line: i + 1, message })));
    } else {
      const subject = await sampleSubject(path);
      if (subject) findings.push({ file: rel(path), message: `sample document from tools/sample-pictures ("${subject}")` });
    }
  }
  return findings.sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
}

export function formatFindings(findings: Finding[]): string {
  if (findings.length === 0) return "No placeholders left in content/ or public/: ready to launch.\n";
  const where = (f: Finding) => `${f.file}${f.line === undefined ? "" : `:${f.line}`}`;
  const width = Math.max(...findings.map((f) => where(f).length));
  const lines = findings.map((f) => `${where(f).padEnd(width)}  ${f.message}`);
  return `${findings.length} placeholder${findings.length === 1 ? "" : "s"} to replace before launch:\n${lines.join("\n")}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const findings = await findPlaceholders(process.argv[2] ?? process.cwd());
  process.stdout.write(formatFindings(findings));
  process.exitCode = findings.length > 0 ? 1 : 0;
}
