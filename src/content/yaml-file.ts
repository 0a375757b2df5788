import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from "yaml";
import type { ContentError } from "./errors.ts";

/** A parsed YAML file that can tell where any value in it was written. */
export interface YamlFile {
  file: string;
  data: unknown;
  /** Line and column (1-based) of the value at a JSON pointer; `key` points at a map key instead. */
  locate(pointer: string, key?: string): { line: number; col: number };
}

function pointerSegments(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

const CLOSERS: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

/** The first bracket or quote in `text` left unmatched, e.g. "(" in "iQ-F series (FX5U". */
function unbalanced(text: string): string | undefined {
  const open: string[] = [];
  for (const ch of text) {
    if ("([{".includes(ch)) open.push(ch);
    else if (ch in CLOSERS && open.pop() !== CLOSERS[ch]) return ch;
  }
  if (open.length > 0) return open[0];
  // Straight double quotes pair with each other; typographic ones open and close. An
  // apostrophe (customer's) is no quote.
  if ((text.match(/"/g) ?? []).length % 2 === 1) return '"';
  const opening = (text.match(/\u201C/g) ?? []).length;
  const closing = (text.match(/\u201D/g) ?? []).length;
  if (opening !== closing) return opening > closing ? "\u201C" : "\u201D";
  return undefined;
}

/**
 * Sequence items with an unbalanced bracket or quote: in `[iQ-R, iQ-F (FX5U, FX5UC)]` the
 * unquoted comma splits one item in two, which YAML and the schema both accept.
 */
function listItemErrors(file: string, node: unknown, pointer: string, at: (offset: number | undefined) => { line: number; col: number }): ContentError[] {
  if (isMap(node)) {
    return node.items.flatMap((pair) =>
      isScalar(pair.key) ? listItemErrors(file, pair.value, `${pointer}/${String(pair.key.value).replace(/~/g, "~0").replace(/\//g, "~1")}`, at) : [],
    );
  }
  if (!isSeq(node)) return [];
  return node.items.flatMap((item, i) => {
    const itemPointer = `${pointer}/${i}`;
    if (!isScalar(item) || typeof item.value !== "string") return listItemErrors(file, item, itemPointer, at);
    const mark = unbalanced(item.value);
    if (!mark) return [];
    const hint = node.flow ? "probably an unquoted comma in a [flow, list]; quote the item" : "add the missing bracket or quote, or delete the stray one";
    return [{ file, ...at(item.range?.[0]), pointer: itemPointer, message: `list item "${item.value}" has an unbalanced "${mark}" — ${hint}` }];
  });
}

/**
 * Parses `source`; YAML syntax errors come back as located ContentErrors, and with a parsed
 * file, list items whose brackets or quotes do not pair up.
 */
export function parseYamlFile(file: string, source: string): { yaml?: YamlFile; errors: ContentError[] } {
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    // Only the first syntax error is reliable: the parser's later ones follow from it (an
    // unclosed bracket gives a dozen), so fixing the first and saving shows what is left.
    return {
      errors: doc.errors.slice(0, 1).map((err) => {
        const pos = lineCounter.linePos(err.pos[0]);
        // The parser's own message repeats the position and a code frame; keep its first sentence.
        const reason = err.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
        return { file, line: pos.line, col: pos.col, pointer: "", message: `YAML syntax: ${reason}` };
      }),
    };
  }
  const at = (offset: number | undefined) => (offset === undefined ? { line: 1, col: 1 } : lineCounter.linePos(offset));
  const locate = (pointer: string, key?: string) => {
    const segments = pointerSegments(pointer);
    // Walk down as far as the document goes, so a missing value points at its parent.
    let node: unknown = doc.contents;
    for (const segment of segments) {
      const next = isMap(node) || isSeq(node) ? node.get(segment, true) : undefined;
      if (next === undefined) break;
      node = next;
    }
    if (key !== undefined && isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === key);
      if (pair && isScalar(pair.key)) return at(pair.key.range?.[0]);
    }
    return at((node as Node | null)?.range?.[0]);
  };
  return { yaml: { file, data: doc.toJS(), locate }, errors: listItemErrors(file, doc.contents, "", at) };
}
