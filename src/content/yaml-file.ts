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

/** Parses `source`; YAML syntax errors come back as located ContentErrors. */
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
  return { yaml: { file, data: doc.toJS(), locate }, errors: [] };
}
