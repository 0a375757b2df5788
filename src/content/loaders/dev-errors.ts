import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { codeFrameColumns } from "@babel/code-frame";
import { formatError, type ContentError } from "../errors.ts";

/** The shape Vite's error overlay reads (its ErrorPayload["err"]), and what `this.error()` accepts. */
export interface OverlayError {
  message: string;
  id: string;
  loc: { file: string; line: number; column: number };
  frame: string;
  plugin: string;
  stack: string;
}

/**
 * Invalid content as the dev server shows it, in the browser overlay and the terminal alike:
 * every error as `file:line:col  /pointer: message`, the first one located and framed.
 * Columns count from 1, as in the message and in editors, so the overlay's `file:line:col`
 * (a link that opens the editor there) names the same place as the message.
 */
export function overlayError(root: string, errors: ContentError[]): OverlayError {
  const first = errors[0]!;
  const file = resolve(root, first.file);
  return {
    message: `${errors.length} content error${errors.length === 1 ? "" : "s"}:\n${errors.map(formatError).join("\n")}`,
    id: file,
    loc: { file, line: first.line, column: first.col },
    frame: codeFrame(file, first.line, first.col),
    plugin: "lariox-content",
    stack: "",
  };
}

/** Two lines either side of `line`, with a caret under column `col` (both 1-based); "" if unreadable. */
export function codeFrame(file: string, line: number, col: number): string {
  try {
    return codeFrameColumns(readFileSync(file, "utf8"), { start: { line, column: col } }, { linesAbove: 2, linesBelow: 2 });
  } catch {
    return "";
  }
}
