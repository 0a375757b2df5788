/**
 * The Media dialog says which folder it shows and where an upload goes. Opened from a picture
 * field, Decap lists that field's folder only (config.ts: banners for a banner, cards for a card)
 * and saves an upload there, without naming it; opened from the top bar, it lists every folder
 * (pictures.ts). Decap keeps the field the dialog was opened for in its store.
 */
import type { Map as ImmutableMap } from "immutable";
import { store } from "decap-cms-core/dist/esm/redux/index.js";
import { MEDIA_FOLDER } from "./config.ts";

/**
 * The line under the dialog's title for a field's `mediaFolder` (/public/assets/banners), or for
 * the whole library. A picture field's folder holds pictures; a file field's (a brochure, a
 * datasheet) documents, so it is not called a picture.
 */
export function folderLine(mediaFolder: string | undefined, kind: "image" | "file" = "image"): string {
  const folder = mediaFolder?.replace(/^\/?public\/assets\/?/, "");
  if (folder === undefined) {
    const uploads = MEDIA_FOLDER.replace(/^public\/assets\//, "");
    return `Every picture and file of the site, each named by its folder (banners/about.jpg): type a folder's name in the search box to see only it. An upload from here goes to “${uploads}”.`;
  }
  const [things, one] = kind === "file" ? ["documents (PDF and other files)", "a document"] : ["pictures", "a picture"];
  return `The folder “${folder || "assets"}”, where this field's ${things} are kept: ${one} you upload here is saved in it.`;
}

/** The field the dialog was opened for: its media folder and widget; none when opened from the top bar (Decap then keeps no field, or not as a map). */
function dialogField(): { folder?: string; kind: "image" | "file" } {
  const field: unknown = store.getState().mediaLibrary.get("field");
  const map = field && typeof (field as Partial<ImmutableMap<string, unknown>>).get === "function" ? (field as ImmutableMap<string, unknown>) : undefined;
  const folder = map?.get("media_folder");
  return { folder: typeof folder === "string" ? folder : undefined, kind: map?.get("widget") === "file" ? "file" : "image" };
}

export function nameMediaFolder(document: Document): void {
  new MutationObserver(() => {
    const title = document.querySelector('h1[class*="-LibraryTitle"]');
    if (!title) return;
    const { folder, kind } = dialogField();
    const text = folderLine(folder, kind);
    const line = title.parentElement?.querySelector<HTMLElement>("[data-lariox-folder]");
    if (line?.textContent === text) return;
    const next = line ?? Object.assign(document.createElement("p"), { style: "flex-basis:100%;margin:4px 0 0;font-size:14px;color:#555;font-weight:normal" });
    next.dataset.larioxFolder = "";
    next.textContent = text;
    if (line) return;
    // On a phone Decap lays the title and the close button out as a row: the lines go under both, full width.
    title.parentElement!.style.flexWrap = "wrap";
    title.insertAdjacentElement("afterend", next);
  }).observe(document.body, { childList: true, subtree: true });
}
