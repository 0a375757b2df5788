/**
 * Each save's version is named in words: the backend's persistEntry, deleteFiles and persistMedia
 * get a commit message that says what changed ("Changed the About page: heading") instead of
 * Decap's "Content: update pages “about”". Both of this machine's modes commit with it (the local
 * backend's fs mode through scripts/cms/save-commits.ts, git mode by itself), and GitHub too.
 *
 * It also keeps the text each save wrote, so History knows which version is saved now right after
 * a save: Decap's form still holds the text it opened with until the entry is opened again.
 */
import { parse } from "yaml";
import type { Implementation } from "./backend-hooks.ts";
import { openDraft } from "./decap-draft.ts";
import { entryFields } from "./fields.ts";
import { entryInWords, saveMessage } from "./history-words.ts";

const savedTexts = new Map<string, string>();

/** The text last saved at `path` in this window, if any. */
export const savedText = (path: string): string | undefined => savedTexts.get(path);

const parsed = (text: string | undefined): unknown => {
  try {
    return text === undefined ? undefined : parse(text);
  } catch {
    return undefined;
  }
};

const fileName = (path: string) => path.slice(path.lastIndexOf("/") + 1);

export function nameSavesInWords(implementation: Implementation): void {
  const persistEntry = implementation.persistEntry.bind(implementation);
  implementation.persistEntry = async (entry, options) => {
    const opts = options as { commitMessage?: string; newEntry?: boolean; collectionName?: string };
    const file = entry.dataFiles[0];
    const draft = openDraft();
    let commitMessage = opts.commitMessage;
    if (file) {
      const collection = opts.collectionName ?? String(draft?.get("collection") ?? "pages");
      const source = draft?.getIn(["data", "_source"]);
      const before = parsed(savedTexts.get(file.path) ?? (typeof source === "string" ? source : undefined));
      const fields = entryFields(collection === "site" ? "site" : "page");
      commitMessage = saveMessage(collection, before, parsed(file.raw), fields, Boolean(opts.newEntry));
    }
    const answer = await persistEntry(entry, { ...opts, commitMessage });
    for (const f of entry.dataFiles) savedTexts.set(f.newPath ?? f.path, f.raw);
    return answer;
  };

  const deleteFiles = implementation.deleteFiles.bind(implementation);
  implementation.deleteFiles = async (paths, commitMessage) => {
    const draft = openDraft();
    const data = draft?.get("data") as { toJS?: () => unknown } | undefined;
    const entryPath = draft?.get("path");
    const words =
      paths.length === 1 && paths[0] === entryPath
        ? `Deleted ${entryInWords(String(draft?.get("collection") ?? "pages"), data?.toJS?.())}`
        : `Deleted ${paths.map(fileName).join(", ")}`;
    const answer = await deleteFiles(paths, words || commitMessage);
    for (const path of paths) savedTexts.delete(path);
    return answer;
  };

  const persistMedia = implementation.persistMedia?.bind(implementation);
  if (persistMedia) implementation.persistMedia = (file, options) => persistMedia(file, { ...options, commitMessage: `Added the file ${fileName(file.path)}` });
}
