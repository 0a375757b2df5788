/**
 * Nothing invalid is saved: before Decap writes an entry (to the disk through the local backend,
 * or to a branch on GitHub), the build's own checks run on it; an error stops the save and the
 * editor reads which field is wrong and why. Decap's own field checks (required, pattern) have
 * already shown their messages at the fields.
 */
import { entryData, entryFile, entryUploads, type Entry } from "./entry.ts";
import { loadSiteIndex, rememberSaved } from "./site-index.ts";
import { entryFields } from "./fields.ts";
import { clean, validateEntry } from "./validate-entry.ts";
import { Refusal } from "./wording.ts";
import { showFieldErrors } from "./field-errors.ts";
import { closeNotice, showNotice } from "./notice.ts";

/** After a save, the rest of the session checks against the entry as saved (site-index.ts). */
export function rememberEntry({ entry }: { entry: Entry }): void {
  const kind = entry.get("collection") === "site" ? "site" : "page";
  rememberSaved(kind, entryFile(entry), clean(entryData(entry), entryFields(kind)), entryUploads(entry));
}

export async function refuseInvalid({ entry }: { entry: Entry }): Promise<undefined> {
  // The last save's message would cover this one's.
  closeNotice();
  const index = await loadSiteIndex();
  // Pictures uploaded into this entry are saved with it: they count as there.
  const assets = [...index.assets, ...entryUploads(entry)];
  const kind = entry.get("collection") === "site" ? "site" : "page";
  const errors = validateEntry(kind, entryFile(entry), entryData(entry), { ...index, assets });
  if (errors.length === 0) return undefined;
  const messages = errors.map((e) => ({ pointer: e.pointer, text: `${e.field}: ${e.message}` }));
  const unplaced = showFieldErrors(messages);
  // Decap's own short notice says only "Not saved" (wording.ts): this one stays, and lists only what no field shows.
  showNotice({
    tone: "refusal",
    text:
      unplaced.length === 0
        ? "Not saved: correct each field marked in red (what to change is said under it), then press Publish again."
        : "Not saved: correct what is listed here, and any field marked in red, then press Publish again.",
    items: unplaced.map((m) => m.text),
    ofThisPage: true,
  });
  throw new Refusal(messages.map((m) => m.text).join(" "));
}
