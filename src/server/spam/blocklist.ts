/**
 * The configurable blocklist: a text file, one entry a line, `#` starts a comment.
 *
 *   @example.net        an e-mail domain (and its subdomains)
 *   /casino\s+bonus/    a regular expression, matched case-insensitively against every field
 *   first page of google   anything else: a phrase, matched case-insensitively as whole words
 *
 * src/server/spam/default-blocklist.txt is used unless SPAM_BLOCKLIST_FILE names another file.
 */
import { readFileSync } from "node:fs";
import escape from "escape-string-regexp";
import { emailDomain } from "./disposable.ts";

export interface Blocklist {
  domains: Set<string>;
  patterns: Array<{ entry: string; pattern: RegExp }>;
}

export class BlocklistError extends Error {}

/** Parses the file's text; a bad regular expression is an error naming its line. */
export function parseBlocklist(text: string, source = "blocklist"): Blocklist {
  const list: Blocklist = { domains: new Set(), patterns: [] };
  text.split(/\r?\n/).forEach((raw, index) => {
    const entry = raw.replace(/(^|\s)#.*$/, "").trim();
    if (!entry) return;
    if (/^@[^\s@]+$/.test(entry)) {
      list.domains.add(entry.slice(1).toLowerCase());
    } else if (entry.length > 2 && entry.startsWith("/") && entry.endsWith("/")) {
      const expression = entry.slice(1, -1);
      try {
        new RegExp(expression, "iu"); // the syntax every expression is held to
        list.patterns.push({ entry, pattern: new RegExp(expression, matchFlags(expression)) });
      } catch (error) {
        throw new BlocklistError(`${source}:${index + 1}: ${(error as Error).message}`);
      }
    } else {
      const words = entry.split(/\s+/).map(escape).join("\\s+");
      list.patterns.push({ entry, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${words}(?![\\p{L}\\p{N}])`, "iu") });
    }
  });
  return list;
}

/**
 * An expression is checked as Unicode ("iu"), and matched without the u flag when it is plain ASCII
 * with no Unicode-only syntax: V8 runs \b an order of magnitude slower under "iu", on every post,
 * and for such a pattern the flags differ only on rare characters (a Kelvin sign, a long s, a
 * character beyond U+FFFF taken as two).
 */
function matchFlags(source: string): "i" | "iu" {
  return /^[\x20-\x7e]*$/.test(source) && !/\\[pPu]/.test(source) ? "i" : "iu";
}

export const DEFAULT_BLOCKLIST_FILE = new URL("./default-blocklist.txt", import.meta.url);

export function loadBlocklist(path: string | URL = DEFAULT_BLOCKLIST_FILE): Blocklist {
  return parseBlocklist(readFileSync(path, "utf8"), String(path));
}

/** The first entry the post hits, for the reason; undefined when none. */
export function blocklistHit(list: Blocklist, email: string, texts: string[]): string | undefined {
  const labels = emailDomain(email).split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    const domain = labels.slice(i).join(".");
    if (list.domains.has(domain)) return `@${domain}`;
  }
  for (const { entry, pattern } of list.patterns) if (texts.some((t) => pattern.test(t))) return entry;
  return undefined;
}
