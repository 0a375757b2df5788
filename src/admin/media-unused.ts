/**
 * The Media dialog marks each file nothing uses (no page, menu, sidebar or site setting: the check
 * a delete makes, refuse-delete.ts), so a replaced datasheet does not sit in the folder unnoticed,
 * and offers to remove it: its Remove button deletes through Decap's own delete, which the backend
 * hook checks again against the site as it is then (guardDeletes), like "Delete selected".
 */
import type { SiteIndex } from "../content/types.ts";
import { isUnused, UNUSED_MARK, unusedLine } from "./unused-files.ts";
import { store } from "decap-cms-core/dist/esm/redux/index.js";
import { deleteMedia } from "decap-cms-core/dist/esm/actions/mediaLibrary.js";
import { loadSiteIndex, siteIndex } from "./site-index.ts";

/** A file as Decap's media library keeps it in its store. */
interface ListedFile {
  name: string;
  path: string;
  draft?: boolean;
}

const BADGE =
  "position:absolute;left:0;right:0;bottom:0;display:flex;align-items:center;justify-content:space-between;gap:6px;padding:4px 6px 4px 8px;background:#fff7ed;color:#9a3412;font:600 12px/1.3 system-ui;border-top:1px solid #fdba74";
const REMOVE = "padding:3px 8px;border:1px solid #9a3412;border-radius:4px;background:#fff;color:#9a3412;font:600 12px/1.3 system-ui;cursor:pointer";

function badgeFor(file: ListedFile): HTMLElement {
  const badge = Object.assign(document.createElement("div"), { style: BADGE });
  badge.dataset.larioxUnused = file.path;
  const words = Object.assign(document.createElement("span"), { textContent: UNUSED_MARK });
  const remove = Object.assign(document.createElement("button"), { type: "button", textContent: "Remove", style: REMOVE });
  remove.setAttribute("aria-label", `Remove ${file.name}, not used on any page`);
  remove.addEventListener("click", (event) => {
    // The card under it would select the file (or unselect it) on the same click.
    event.stopPropagation();
    if (!window.confirm(`Remove “${file.name}”? No page uses it; it is checked again before it goes.`)) return;
    store.dispatch(deleteMedia(file));
  });
  badge.append(words, remove);
  return badge;
}

/** Each file's verdict once an index: the check runs over the whole site (some 130 ms for 200 files), and the dialog redraws at every keystroke and scroll. */
const verdicts = new WeakMap<SiteIndex, Map<string, boolean>>();
function unusedIn(index: SiteIndex, path: string): boolean {
  const known = verdicts.get(index) ?? new Map<string, boolean>();
  verdicts.set(index, known);
  if (!known.has(path)) known.set(path, isUnused(index, path));
  return known.get(path)!;
}

/** Marks the cards drawn now (the grid draws only those in view) and writes the count under the title. */
function mark(document: Document, index: SiteIndex, title: Element): void {
  const files = (store.getState().mediaLibrary.get("files") as ListedFile[] | undefined) ?? [];
  const unused = new Map(files.filter((file) => !file.draft && unusedIn(index, file.path)).map((file) => [file.name, file]));
  for (const text of document.querySelectorAll<HTMLElement>('[class*="-CardText"]')) {
    const card = text.parentElement!;
    const file = unused.get(text.textContent?.trim() ?? "");
    const badge = card.querySelector<HTMLElement>("[data-lariox-unused]");
    if (badge && badge.dataset.larioxUnused === file?.path) continue;
    badge?.remove();
    // Over the foot of the picture, whose wrapper is already placed (Decap's "draft" label sits in it the same way).
    if (file) card.firstElementChild?.append(badgeFor(file));
  }
  const line = title.parentElement?.querySelector<HTMLElement>("[data-lariox-unused-line]");
  const text = unusedLine(unused.size);
  if ((line?.textContent ?? "") === text) return;
  if (!text) return void line?.remove();
  const next = line ?? Object.assign(document.createElement("p"), { style: "flex-basis:100%;margin:4px 0 0;font-size:14px;color:#9a3412;font-weight:normal" });
  next.dataset.larioxUnusedLine = "";
  next.textContent = text;
  if (!line) (title.parentElement?.querySelector("[data-lariox-folder]") ?? title).insertAdjacentElement("afterend", next);
}

export function markUnusedMedia(document: Document): void {
  // The site as it is when the dialog opens (a save a minute ago may have used a file), fetched once an opening.
  let opened: Element | undefined;
  let index: SiteIndex | undefined;
  new MutationObserver(() => {
    const title = document.querySelector('h1[class*="-LibraryTitle"]');
    if (!title) return void (opened = undefined);
    if (title !== opened) {
      opened = title;
      index = siteIndex();
      void loadSiteIndex()
        .then((fresh) => {
          index = fresh;
          if (title.isConnected) mark(document, fresh, title);
        })
        .catch(() => undefined);
    }
    if (index) mark(document, index, title);
  }).observe(document.body, { childList: true, subtree: true });
}
