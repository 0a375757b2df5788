import escapeStringRegexp from "escape-string-regexp";
import type { ReactNode } from "react";

/** `text` with each word of `query` it contains marked (a result's title; Pagefind marks the excerpt itself). */
export function highlight(text: string, query: string): ReactNode[] {
  const words = query.split(/\s+/).filter(Boolean).map(escapeStringRegexp);
  if (words.length === 0) return [text];
  // A capturing split keeps the matches at the odd places.
  return text.split(new RegExp(`(${words.join("|")})`, "gi")).map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part));
}
