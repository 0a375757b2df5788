/**
 * The one canonical form of a content file, shared by the visual editor (its save format),
 * `npm run format:content` and `npm run validate`. The form depends only on the data, the
 * comments and the top-level blank lines, so saving an unchanged entry rewrites the same bytes
 * and changing one heading changes one line.
 *
 * - every string on one line, however long (text with line breaks as a `|` block);
 * - a map or list of short scalars on one line (`{ label: Apply, href: /contact }`) when it
 *   fits, except sections and prose lists (paragraphs, bullets), one item a line;
 * - comments kept where they are (the schema line first); blank lines only between top-level keys.
 */
import { Document, isMap, isPair, isScalar, isSeq, parseDocument, Scalar, stringify, type Node } from "yaml";

export const WIDTH = 120;
// lineWidth 0: yaml never folds a long string onto a second line.
const TO_STRING = { lineWidth: 0, flowCollectionPadding: true } as const;
/** Lists whose items are sentences: one a line even when they would fit on one. */
const BLOCK_LISTS = new Set(["sections", "sections[]", "paragraphs", "bullets"]);

/**
 * Sets the style of `node` and everything under it. `start` is the column its value starts at
 * (after `key: ` or `- `), `indent` the column of its keys or dashes when it is written as a block.
 */
function style(node: unknown, start: number, indent: number, key: string | undefined): void {
  if (isScalar(node)) {
    // One value, one line: an edit to a sentence is a one-line diff. Only text with line breaks is a block.
    node.type = typeof node.value === "string" && node.value.includes("\n") ? Scalar.BLOCK_LITERAL : undefined;
    return;
  }
  if (!isMap(node) && !isSeq(node)) return;
  node.flow = fitsOnOneLine(node, start, key);
  if (node.flow) return;
  for (const item of node.items) {
    // Blank lines are kept between top-level keys only (the groups of site.yaml).
    const spaced = isPair(item) ? (item.key as Node | null) : (item as Node | null);
    if (indent > 0 && spaced && typeof spaced === "object" && "spaceBefore" in spaced) spaced.spaceBefore = false;
    if (isPair(item)) {
      const name = isScalar(item.key) ? String(item.key.value) : "";
      style(item.value, indent + name.length + 2, indent + 2, name);
    } else {
      // A list's items carry its name (`sections[]`): a section is never squeezed onto one line.
      style(item, indent + 2, indent + 2, key === undefined ? undefined : `${key}[]`);
    }
  }
}

/** A collection of plain scalars, without comments, that fits on the line it starts on. */
function fitsOnOneLine(node: Node, column: number, key: string | undefined): boolean {
  if (column === 0 || (key !== undefined && BLOCK_LISTS.has(key))) return false;
  const values = isMap(node) ? node.items.map((p) => (isPair(p) ? p.value : p)) : isSeq(node) ? node.items : [];
  if (values.length === 0) return true;
  const plain = values.every((v) => isScalar(v) && !v.comment && !v.commentBefore && !(typeof v.value === "string" && v.value.includes("\n")));
  const keysPlain = !isMap(node) || node.items.every((p) => isPair(p) && isScalar(p.key) && !p.key.commentBefore && !p.key.comment);
  if (!plain || !keysPlain || node.comment || node.commentBefore) return false;
  const oneLine = stringify(node.toJSON(), { collectionStyle: "flow", flowCollectionPadding: true, lineWidth: 0 }).trimEnd();
  return column + oneLine.length <= WIDTH;
}

/** The canonical text of a parsed document (restyled in place). */
export function formatDocument(doc: Document): string {
  style(doc.contents, 0, 0, undefined);
  return doc.toString(TO_STRING);
}

/** The canonical form of a content file's text. */
export function formatYaml(source: string): string {
  const doc = parseDocument(source);
  if (doc.errors.length > 0) throw doc.errors[0];
  return formatDocument(doc);
}

/** Does `source` already have its canonical form? If not, the first line that differs. */
export function firstNonCanonicalLine(source: string): number | undefined {
  const doc = parseDocument(source);
  // A file that does not parse has a syntax error to fix first; the schema check reports it.
  if (doc.errors.length > 0) return undefined;
  const canonical = formatDocument(doc);
  if (canonical === source) return undefined;
  const a = source.split("\n");
  const b = canonical.split("\n");
  const i = a.findIndex((line, n) => line !== b[n]);
  return (i === -1 ? a.length : i) + 1;
}
