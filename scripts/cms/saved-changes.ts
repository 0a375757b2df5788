/**
 * `npm run edit -- --workflow` commits the whole work tree with each draft (decap-server's git
 * mode), so it needs one without loose changes. The editor's own saves (content/ and
 * public/, from `npm run edit` on a checkout that is not committing, or files copied in by hand)
 * are committed first, with a message in words ("Saved changes to the About page, the site
 * settings and 1 picture"); anything else is a developer's work, and is left for them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { commitPaths, gitIn } from "./git-run.ts";

/** Folders the editor writes; a change anywhere else is not hers to commit. */
const EDITOR_FOLDERS = ["content/", "public/"];

/** What a content file is, in words: “About” page, the site settings, a picture. */
export function fileInWords(root: string, path: string): string {
  if (path === "content/site.yaml") return "the site settings";
  if (path.startsWith("content/pages/")) {
    try {
      const title = (parse(readFileSync(join(root, path), "utf8")) as { title?: unknown } | null)?.title;
      if (typeof title === "string" && title.trim()) return `the ${title.trim()} page`;
    } catch {
      // Deleted, or not YAML: its name says it.
    }
    return `the page ${path.slice("content/pages/".length).replace(/\.ya?ml$/, "")}`;
  }
  return path.slice(path.lastIndexOf("/") + 1);
}

/** “a, b and c”. */
const listed = (items: string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

export function messageFor(root: string, paths: string[]): string {
  const content = paths.filter((p) => p.startsWith("content/")).map((p) => fileInWords(root, p));
  const files = paths.filter((p) => !p.startsWith("content/"));
  const parts = [...new Set(content)].slice(0, 4);
  if (content.length > 4) parts.push(`${content.length - 4} more`);
  if (files.length) parts.push(files.length === 1 ? fileInWords(root, files[0]!) : `${files.length} files`);
  return `Saved changes to ${listed(parts)}`;
}

/** The work tree's changed paths (renames as their new path). */
async function changedPaths(root: string): Promise<string[]> {
  const { stdout } = await gitIn(root, ["status", "--porcelain", "-z", "--untracked-files=all"]);
  const fields = stdout.split("\0");
  const paths: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i]!;
    if (!entry) continue;
    paths.push(entry.slice(3));
    if (entry[0] === "R" || entry[0] === "C") i++;
  }
  return paths;
}

/**
 * Commits the editor's own changes; returns the message (undefined when there were none) and the
 * changed paths it left (a developer's).
 */
export async function commitSavedChanges(root: string): Promise<{ message?: string; others: string[] }> {
  const paths = await changedPaths(root);
  const hers = paths.filter((p) => EDITOR_FOLDERS.some((folder) => p.startsWith(folder)));
  const others = paths.filter((p) => !hers.includes(p));
  if (hers.length === 0) return { others };
  const message = messageFor(root, hers);
  return { message: (await commitPaths(root, hers, message)) ? message : undefined, others };
}
