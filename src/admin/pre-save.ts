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

/** After a save, the rest of the session checks against the entry as saved (site-index.ts). */
export function rememberEntry({ entry }: { entry: Entry }): void {
  const kind = entry.get("collection") === "site" ? "site" : "page";
  rememberSaved(kind, entryFile(entry), clean(entryData(entry), entryFields(kind)), entryUploads(entry));
}

export async function refuseInvalid({ entry }: { entry: Entry }): Promise<undefined> {
  const index = await loadSiteIndex();
  // Pictures uploaded into this entry are saved with it: they count as there.
  const assets = [...index.assets, ...entryUploads(entry)];
  const kind = entry.get("collection") === "site" ? "site" : "page";
  const errors = validateEntry(kind, entryFile(entry), entryData(entry), { ...index, assets });
  if (errors.length === 0) return undefined;
  const messages = errors.map((e) => ({ pointer: e.pointer, text: `${e.field}: ${e.message}` }));
  showFieldErrors(messages);
  throw new Refusal(messages.map((m) => m.text).join(" "));
}

/**
 * Puts each message under the field it is about, as Decap shows its own. The last name in the
 * pointer names the input (`/sections/1/links/0/href`: an `href-field-…`); of several, the one
 * whose value the message quotes (a link's target), else the first empty one, else the first.
 */
export function showFieldErrors(errors: { pointer: string; text: string }[]): void {
  document.querySelectorAll("[data-lariox-error]").forEach((n) => n.remove());
  for (const { pointer, text } of errors) {
    const name = pointer
      .split("/")
      .filter((s) => !/^\d+$/.test(s))
      .pop();
    if (!name) continue;
    const inputs = [...document.querySelectorAll<HTMLInputElement>(`[id^="${name}-field-"]`)];
    const target = inputs.find((i) => i.value && text.includes(`"${i.value}"`)) ?? inputs.find((i) => !i.value) ?? inputs[0];
    if (!target) continue;
    const note = document.createElement("p");
    note.dataset.larioxError = "";
    note.setAttribute("role", "alert");
    note.textContent = text;
    note.style.cssText = "color:#ff003b;font-size:13px;font-weight:600;margin:6px 0 0;padding:0 14px";
    target.insertAdjacentElement("afterend", note);
    // Gone once the field is changed: a fixed field shows no old error.
    target.addEventListener("input", () => note.remove(), { once: true });
  }
}

// Another entry, or the list: the notes were about the entry left.
addEventListener("hashchange", () => document.querySelectorAll("[data-lariox-error]").forEach((n) => n.remove()));
