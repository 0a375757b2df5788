/** Reading Decap's entry (an Immutable map, as its preview templates and events receive it). */
import type { PreviewTemplateComponentProps } from "decap-cms-core";

export type Entry = PreviewTemplateComponentProps["entry"];

/** The form's data as plain values. */
export const entryData = (entry: Entry): unknown => entry.get("data")?.toJS() ?? {};

/** Where the entry is saved; a new page has no path yet and is saved in its folder under its slug. */
export function entryFile(entry: Entry): string {
  const folder = String(entry.getIn(["meta", "path"]) ?? "").replace(/^\/$/, "");
  return String(entry.get("path") ?? "") || `content/pages/${folder ? `${folder}/` : ""}${String(entry.get("slug"))}.yaml`;
}

/** The public URLs of the pictures uploaded into the entry, saved with it. */
export function entryUploads(entry: Entry): string[] {
  const files: unknown = entry.get("mediaFiles")?.toJS() ?? [];
  return Array.isArray(files) ? files.map((file: { path: string }) => file.path.replace(/^public\//, "/")) : [];
}

/**
 * Whether an address is where Decap moves after saving `entry`: the entry's own. A new page's slug
 * is worked out as its file is written, after Decap handed the entry to its save events, so there
 * it has none: Decap's move after saving it goes to an entry of the collection, which one unknown.
 */
export function isSavedEntryAddress(entry: Entry): (hash: string) => boolean {
  const entries = `#/collections/${String(entry.get("collection"))}/entries/`;
  const slug = String(entry.get("slug") ?? "");
  return (hash) => (slug ? hash === `${entries}${slug}` : hash.startsWith(entries));
}
