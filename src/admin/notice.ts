/**
 * The editor's own messages (a refusal with the places it names, where a publish went, what an
 * upload became): one box at the foot of the screen, above Decap's dialogs, that stays until it
 * is closed, the next message, the next save or the end of its dialog; a message about what was
 * done also goes at the next keystroke, and one about the entry open goes when the editor leaves it. Decap's notices sit under its Media dialog, pack a list into one narrow
 * paragraph and go after a few seconds, before a long one is read.
 */
export interface Notice {
  /** A refusal is an alert (read out at once); anything else a status. */
  tone: "refusal" | "info";
  text: string;
  /** One line each (the places that use a page). */
  items?: string[];
  /** A link inside `text`, shown where its address appears in it. */
  href?: string;
  /** About the entry open now: gone once the editor leaves its page (goneOnLeaving). */
  ofThisPage?: boolean;
}

const BOX =
  "position:fixed;z-index:100000;left:50%;bottom:16px;transform:translateX(-50%);width:min(640px,calc(100vw - 24px));box-sizing:border-box;max-height:60vh;overflow:auto;padding:14px 44px 14px 18px;border-radius:6px;font:14px/1.5 system-ui;box-shadow:0 4px 16px rgba(0,0,0,.3)";
const TONES = { refusal: "background:#fff;color:#1c2b39;border-left:6px solid #d0021b", info: "background:#1c2b39;color:#fff" };

export const closeNotice = () => document.querySelector("[data-lariox-notice]")?.remove();

export function showNotice({ tone, text, items = [], href, ofThisPage = false }: Notice): HTMLElement {
  closeNotice();
  const box = document.createElement("div");
  box.dataset.larioxNotice = tone;
  box.setAttribute("role", tone === "refusal" ? "alert" : "status");
  box.style.cssText = `${BOX};${TONES[tone]}`;
  const [before = "", after] = href ? text.split(href) : [text];
  const line = document.createElement("p");
  // Decap's page colours every paragraph and list dark: the box's own colour, or white text reads dark on navy.
  line.style.cssText = "margin:0;color:inherit";
  line.append(before);
  if (href && after !== undefined) {
    const link = Object.assign(document.createElement("a"), { href, target: "_blank", rel: "noopener", textContent: href });
    link.style.color = tone === "info" ? "#9fd3ff" : "#1f5fbf";
    line.append(link, after);
  }
  box.append(line);
  if (items.length > 0) {
    const list = document.createElement("ul");
    list.style.cssText = "margin:8px 0 0;padding-left:20px;color:inherit";
    for (const item of items) list.append(Object.assign(document.createElement("li"), { textContent: item }));
    box.append(list);
  }
  const close = Object.assign(document.createElement("button"), { type: "button", textContent: "×", title: "Close" });
  close.setAttribute("aria-label", "Close this message");
  close.style.cssText = "position:absolute;top:6px;right:8px;background:none;border:0;color:inherit;font-size:22px;cursor:pointer";
  close.addEventListener("click", () => box.remove());
  box.append(close);
  document.body.append(box);
  // A message about what was done goes once the editor types again: it would cover the next one.
  if (tone === "info") document.addEventListener("input", () => box.remove(), { once: true });
  endWithItsMoment(box);
  if (ofThisPage) goneOnLeaving(() => box);
  return box;
}

/**
 * The message `current()` names goes once the editor moves on to another page of the editor.
 * `isHere` says which addresses are still this page: the one it was shown on, unless told (a new
 * entry's notice also stays through Decap's own move to the entry's saved address); once such a
 * move is made, that address alone is this page.
 */
export function goneOnLeaving(current: () => Element, isHere?: (hash: string) => boolean): void {
  const shownAt = location.hash;
  let here = isHere ?? ((hash: string) => hash === shownAt);
  const leave = () => {
    const box = current();
    if (box.isConnected && here(location.hash)) {
      const moved = location.hash;
      here = (hash) => hash === moved;
      return;
    }
    box.remove();
    removeEventListener("hashchange", leave);
  };
  addEventListener("hashchange", leave);
}

/** Decap's dialogs (Media) and the editor's own (History). */
const DIALOGS = 'dialog[open], [role="dialog"], .ReactModal__Content';
const openDialogs = () => new Set(document.querySelectorAll(DIALOGS));

/**
 * A message belongs to the moment it was shown in: it goes when the dialog it was about closes
 * ("Not deleted" over the Media window), or when another dialog opens over the screen it spoke of
 * (the save's note once History opens), so it never sits over a window it is not about.
 */
function endWithItsMoment(box: HTMLElement): void {
  const shownOver = openDialogs();
  const watcher = new MutationObserver(() => {
    if (!box.isConnected) return watcher.disconnect();
    const now = openDialogs();
    const closed = [...shownOver].some((dialog) => !now.has(dialog) || !dialog.isConnected);
    const opened = [...now].some((dialog) => !shownOver.has(dialog));
    if (closed || opened) {
      box.remove();
      watcher.disconnect();
    }
  });
  watcher.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["open"] });
}
