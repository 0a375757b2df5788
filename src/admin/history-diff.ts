/**
 * What a version changed, short enough for a row of the History panel: the file's changed lines,
 * before and after, as a reader of the form would say them ("heading: About Us → About Lariox").
 */
import { diffLines } from "diff";

export interface ChangedLine {
  before?: string;
  after?: string;
}

/** The lines that differ between two texts of a file, a removed line and the added one that replaces it paired; at most `limit`. */
export function changedLines(before: string, after: string, limit = 8): { lines: ChangedLine[]; more: number } {
  const removed: string[] = [];
  const added: string[] = [];
  const lines: ChangedLine[] = [];
  const flush = () => {
    for (let i = 0; i < Math.max(removed.length, added.length); i++) lines.push({ before: removed[i], after: added[i] });
    removed.length = added.length = 0;
  };
  for (const part of diffLines(before, after)) {
    const text = part.value.split("\n").filter((line) => line.trim() !== "");
    if (part.removed) removed.push(...text.map((line) => line.trim()));
    else if (part.added) added.push(...text.map((line) => line.trim()));
    else flush();
  }
  flush();
  return { lines: lines.slice(0, limit), more: Math.max(0, lines.length - limit) };
}

/** One changed line in words: "heading: About Us → About Lariox", "added: - Phone", "removed: …". */
export function describeLine({ before, after }: ChangedLine): string {
  if (before === undefined) return `added ${after}`;
  if (after === undefined) return `removed ${before}`;
  const key = /^(- )?([\w-]+): /.exec(before)?.[0];
  if (key && after.startsWith(key)) return `${key}${before.slice(key.length)} → ${after.slice(key.length)}`;
  return `${before} → ${after}`;
}
