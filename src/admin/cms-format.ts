/**
 * Decap's file format for content/*.yaml: reads a file into the form's data and writes the data
 * back in the canonical form (yaml-format.ts). The original text rides along in `_source`, so a
 * save rewrites only the values that changed and keeps every comment and the schema line.
 */
import { Document, isMap, isScalar, isSeq, parseDocument, type Node } from "yaml";
import { formatDocument } from "./yaml-format.ts";
import { clean } from "./validate-entry.ts";
import { entryFields } from "./fields.ts";

/** A page created in the editor sits directly in content/pages/. */
const NEW_PAGE = "# yaml-language-server: $schema=../../schema/page.schema.json\n{}\n";

/** `node` changed as little as possible to hold `value`: unchanged values keep their node (and comments). */
function patch(doc: Document, node: unknown, value: unknown): unknown {
  if (Array.isArray(value)) {
    if (!isSeq(node)) return doc.createNode(value);
    node.items = value.map((v, i) => patch(doc, node.items[i], v)) as typeof node.items;
    return node;
  }
  if (value && typeof value === "object") {
    if (!isMap(node)) return doc.createNode(value);
    const record = value as Record<string, unknown>;
    node.items = node.items.filter((pair) => isScalar(pair.key) && String(pair.key.value) in record);
    for (const [key, v] of Object.entries(record)) {
      const pair = node.items.find((p) => isScalar(p.key) && p.key.value === key);
      if (pair) pair.value = patch(doc, pair.value, v) as Node;
      else node.add(doc.createPair(key, v));
    }
    return node;
  }
  if (isScalar(node) && node.value === value) return node;
  return doc.createNode(value);
}

export function fromFile(text: string): Record<string, unknown> {
  return { ...(parseDocument(text).toJS() as Record<string, unknown>), _source: text };
}

export function toFile(data: Record<string, unknown>): string {
  const source = typeof data._source === "string" ? data._source : NEW_PAGE;
  const doc = parseDocument(source);
  // site.yaml names its schema on its first line, as every page names the page schema.
  const kind = source.includes("site.schema.json") ? "site" : "page";
  doc.contents = patch(doc, doc.contents, clean(data, entryFields(kind))) as typeof doc.contents;
  return formatDocument(doc);
}

export const yamlFormat = { fromFile, toFile };
