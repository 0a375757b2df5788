/**
 * History, as WordPress keeps it: an entry's "History" button lists its earlier versions (when,
 * who, what changed), and "Restore this version" puts one in the form, to be looked over in the
 * preview and saved with Publish, through the same checks as any save. The pages list has
 * "Deleted pages", each brought back the same way as a new page. The versions come from git on
 * this machine or from GitHub (history-source.ts); nothing here writes. What a version changed,
 * and what a restore brings back, are said by the form's labels (history-words.ts), and each
 * version by a message in words (history-message.ts).
 */
import { parse } from "yaml";
import { alsoForEachBackend, historySource, unreadable, type DeletedEntry, type HistorySource, type Version } from "./history-source.ts";
import { changesInWords, describeChange, type FieldChange } from "./history-words.ts";
import { messageInWords } from "./history-message.ts";
import { nameSavesInWords, savedText } from "./history-saves.ts";
import { entryFields } from "./fields.ts";
import { fillForm, openDraft } from "./decap-draft.ts";
import { showNotice } from "./notice.ts";
import type { Field } from "./schema-fields.ts";

// Every save a version named in words, and its text kept for "the version saved now".
alsoForEachBackend(nameSavesInWords);

const PAGES = "content/pages";
/** How many versions get their changes shown (each needs its text and the one before). */
const DESCRIBED = 10;
const EDITING = /^#\/collections\/(pages|site)\/entries\/./;
const PAGE_LIST = /^#\/collections\/pages(\/filter\/[^?]*)?$/;

const when = (iso: string) => new Date(iso).toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text = "", style = ""): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.textContent = text;
  if (style) node.style.cssText = style;
  return node;
}

const BUTTON =
  "margin:0 0 0 10px;padding:0 16px;height:36px;border:0;border-radius:5px;background:#eff0f4;color:#313d3e;font:600 14px system-ui;cursor:pointer";
const ACTION = "padding:6px 14px;border:0;border-radius:5px;background:#3a69c7;color:#fff;font:600 14px system-ui;cursor:pointer";

/** A modal dialog above everything (the browser's top layer), closed by Escape or its Close button. */
function openDialog(title: string, intro: string): { dialog: HTMLDialogElement; list: HTMLOListElement } {
  document.querySelector("dialog[data-lariox-history]")?.remove();
  const dialog = element(
    "dialog",
    "",
    "width:min(720px,calc(100vw - 24px));max-height:85vh;box-sizing:border-box;padding:20px 24px;border:0;border-radius:8px;font:14px/1.5 system-ui;color:#1c2b39",
  );
  dialog.dataset.larioxHistory = "";
  const close = element("button", "Close", `${BUTTON};float:right`);
  close.type = "button";
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => dialog.remove());
  const list = element("ol", "", "list-style:none;margin:16px 0 0;padding:0");
  dialog.append(close, element("h2", title, "margin:0 0 6px;font-size:20px"), element("p", intro, "margin:0;color:#555"), list);
  document.body.append(dialog);
  dialog.showModal();
  return { dialog, list };
}

const row = () => element("li", "", "padding:12px 0;border-top:1px solid #dfdfe3");

/** How many changed fields a row lists before "and N more". */
const LISTED = 8;

const parsed = (text: string): unknown => {
  try {
    return parse(text);
  } catch {
    return undefined;
  }
};

/** `changes` as a short list, in the form's words. */
function changeList(changes: FieldChange[]): HTMLElement {
  const list = element("ul", "", "margin:4px 0 0;padding-left:18px;color:#333;overflow-wrap:anywhere");
  for (const change of changes.slice(0, LISTED)) list.append(element("li", describeChange(change)));
  if (changes.length > LISTED) list.append(element("li", `and ${changes.length - LISTED} more`));
  return list;
}

/** The changes a version made, against the version before it (`older`), as a short list. */
async function describeVersion(source: HistorySource, version: Version, older: Version | undefined, into: HTMLElement, fields: Field[]): Promise<string> {
  const text = await source.contentAt(version.path, version.commit);
  if (!older) {
    into.replaceChildren(element("span", "The oldest version kept.", "color:#555"));
    return text;
  }
  const changes = changesInWords(parsed(await source.contentAt(older.path, older.commit)), parsed(text), fields);
  into.replaceChildren(changes.length > 0 ? changeList(changes) : element("span", "No change to the text (only its place or name).", "color:#555"));
  return text;
}

function restored(label: string, changes: FieldChange[] = []): void {
  const brings = changes.length === 0 ? "" : ` It changes ${changes.length === 1 ? "one field" : `${changes.length} fields`}, listed below.`;
  showNotice({
    tone: "info",
    text: `${label} is in the form.${brings} Look it over in the preview, then press Publish to save it as the newest version; until then nothing is saved.`,
    items: changes.slice(0, LISTED).map(describeChange),
    // About the form of this entry: on another page it would speak of a form not shown.
    ofThisPage: true,
  });
}

export async function showEntryHistory(): Promise<void> {
  const source = historySource();
  const draft = openDraft();
  const path = draft?.get("path");
  if (!source || typeof path !== "string") return;
  const name = String((draft!.getIn(["data", "title"]) as string | undefined) ?? path);
  // Right after a save the form still holds the text it opened with: the saved one is what counts.
  const current = savedText(path) ?? draft!.getIn(["data", "_source"]);
  const fields = entryFields(draft!.get("collection") === "site" ? "site" : "page");
  const { list } = openDialog(
    `Earlier versions of “${name}”`,
    "Newest first: every save is a version. Restoring one puts it in the form; nothing is saved until you press Publish.",
  );
  const loading = element("li", "Reading the history…");
  list.append(loading);
  let versions: Version[];
  try {
    versions = await source.versions(path);
  } catch (error) {
    loading.textContent = unreadable("The history could not be read", "History", error);
    return;
  }
  loading.remove();
  if (versions.length === 0) list.append(element("li", "No earlier version is kept yet: this entry has not been saved to the repository."));
  const heads: HTMLElement[] = [];
  versions.forEach((version, i) => {
    const item = row();
    const head = element("div", "", "display:flex;gap:12px;align-items:baseline;flex-wrap:wrap");
    heads.push(head);
    const message = element("span", messageInWords(version.message), "color:#555");
    message.title = version.message;
    head.append(element("strong", when(version.date)), element("span", `by ${version.author}`), message);
    const changes = element("div", i < DESCRIBED ? "Reading what changed…" : "", "margin-top:4px");
    const restore = element("button", "Restore this version", ACTION);
    restore.type = "button";
    const action = element("div", "", "margin-top:8px");
    action.append(restore);
    item.append(head, changes, action);
    list.append(item);
    const text = i < DESCRIBED ? describeVersion(source, version, versions[i + 1], changes, fields) : source.contentAt(version.path, version.commit);
    void text.then(
      (content) => {
        if (content !== current) return;
        action.replaceChildren(element("span", "This is the version saved now.", "color:#2a7d4f;font-weight:600"));
        // The one before it is what the last save replaced: restoring it undoes that save.
        if (i === 0)
          heads[1]?.prepend(element("span", "Before the last save", "padding:1px 8px;border-radius:10px;background:#fff3c4;color:#5c4400;font-weight:600"));
      },
      (error: unknown) => void (changes.textContent = unreadable("This version could not be read", "History", error)),
    );
    restore.addEventListener("click", async () => {
      const content = await text;
      const now = typeof current === "string" ? parsed(current) : undefined;
      fillForm(content);
      document.querySelector<HTMLDialogElement>("dialog[data-lariox-history]")?.close();
      restored(`The version of ${when(version.date)} by ${version.author}`, changesInWords(now, parsed(content), fields));
    });
  });
}

/** Waits for Decap to open the new, empty page the address asked for. */
async function newPageOpened(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const draft = openDraft();
    if (draft?.get("newRecord") && draft.get("collection") === "pages") return;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  throw new Error("the new page did not open");
}

async function bringBack(source: HistorySource, entry: DeletedEntry, title: string): Promise<void> {
  const text = await source.contentAt(entry.path, entry.lastVersion);
  const folder = entry.path.slice(PAGES.length + 1, Math.max(PAGES.length + 1, entry.path.lastIndexOf("/")));
  document.querySelector<HTMLDialogElement>("dialog[data-lariox-history]")?.close();
  location.hash = `#/collections/pages/new${folder ? `?path=${encodeURIComponent(folder)}` : ""}`;
  await newPageOpened();
  fillForm(text, folder);
  restored(`The deleted page “${title}”`);
}

export async function showDeletedPages(): Promise<void> {
  const source = historySource();
  if (!source) return;
  const { list } = openDialog(
    "Deleted pages",
    "Pages deleted from the site, latest first. Bringing one back opens it as a new page; nothing is saved until you press Publish.",
  );
  const loading = element("li", "Reading the history…");
  list.append(loading);
  try {
    const deleted = await source.deleted(PAGES);
    loading.remove();
    if (deleted.length === 0) list.append(element("li", "No page has been deleted."));
    for (const entry of deleted) {
      const item = row();
      const page = parse(await source.contentAt(entry.path, entry.lastVersion)) as { title?: string; path?: string } | null;
      const title = page?.title ?? entry.path;
      const gone = entry.deletedIn
        ? `deleted ${when(entry.deletedIn.date)} by ${entry.deletedIn.author}`
        : "deleted on this computer, not yet sent to the repository";
      const head = element("div", "", "display:flex;gap:12px;align-items:baseline;flex-wrap:wrap");
      head.append(element("strong", title), element("span", page?.path ?? ""), element("span", gone, "color:#555"));
      const back = element("button", "Bring back", ACTION);
      back.type = "button";
      back.addEventListener(
        "click",
        () =>
          void bringBack(source, entry, title).catch((error: unknown) =>
            showNotice({ tone: "refusal", text: unreadable(`“${title}” was not brought back`, "Deleted pages", error, false) }),
          ),
      );
      const action = element("div", "", "margin-top:8px");
      action.append(back);
      item.append(head, action);
      list.append(item);
    }
  } catch (error) {
    loading.textContent = unreadable("The deleted pages could not be read", "Deleted pages", error);
  }
}

/** A button with `label` at the end of `container`, once (`marker` is its data attribute). */
function addButtonOnce(container: Element | null, marker: string, label: string, onClick: () => void): void {
  if (!container || container.querySelector(`[data-${marker}]`)) return;
  const button = element("button", label, BUTTON);
  button.type = "button";
  button.setAttribute(`data-${marker}`, "");
  button.addEventListener("click", onClick);
  container.append(button);
}

/** Puts "History" in an entry's toolbar and "Deleted pages" above the pages list, whenever Decap draws them. */
export function offerHistory(document: Document): void {
  const place = () => {
    const hash = location.hash;
    if (EDITING.test(hash))
      addButtonOnce(document.querySelector('[class*="-ToolbarSubSectionFirst"]'), "lariox-history-button", "History", () => void showEntryHistory());
    if (PAGE_LIST.test(hash))
      addButtonOnce(document.querySelector('[class*="-CollectionTopRow"]'), "lariox-deleted-button", "Deleted pages", () => void showDeletedPages());
  };
  new MutationObserver(place).observe(document.body, { childList: true, subtree: true });
  place();
}
