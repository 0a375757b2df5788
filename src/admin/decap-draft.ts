/**
 * Puts an earlier version of an entry into the editor's form, as Decap puts back a draft it kept
 * in the browser ("restore unsaved changes"): the form shows that version marked as changed, the
 * preview draws it, and the editor's Publish saves it through the same checks as any save. The
 * version's own text rides along as the file's source (cms-format.ts), so an unchanged restore
 * writes that version back byte for byte.
 */
import type { Map as ImmutableMap } from "immutable";
import { fromJS } from "immutable";
import { store } from "decap-cms-core/dist/esm/redux/index.js";
import { loadLocalBackup, localBackupRetrieved } from "decap-cms-core/dist/esm/actions/entries.js";
import { fromFile } from "./cms-format.ts";

type Draft = ImmutableMap<string, unknown>;

/** The entry the form holds now (its collection, slug, path and meta), or undefined when no editor is open. */
export function openDraft(): Draft | undefined {
  const entry = store.getState().entryDraft.get("entry") as Draft | undefined;
  return entry && entry.size > 0 ? entry : undefined;
}

/**
 * Fills the open form with the file `text` (a version of it). `folder`: for a page brought back
 * into a new entry, the folder under content/pages it was in.
 */
export function fillForm(text: string, folder?: string): void {
  const draft = openDraft();
  if (!draft) throw new Error("no entry is open in the editor");
  let entry = draft.set("data", fromJS(fromFile(text)));
  if (folder !== undefined) entry = entry.setIn(["meta", "path"], folder);
  store.dispatch(localBackupRetrieved(entry));
  store.dispatch(loadLocalBackup());
}
