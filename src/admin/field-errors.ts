/**
 * The pre-save check's messages, each put under the field it is about, as Decap shows its own.
 * A message names its field by a JSON pointer (`/sections/3/cards/0/text`); the field is found by
 * walking Decap's form the same way, so a name used at several levels (`text`, `heading`, `href`)
 * finds the right one:
 *
 * - each field's control has the id `<name>-field-<n>`, inside the control of the list or object
 *   holding it (a field of the entry itself is held by none);
 * - a list's control holds a top bar, then its items in order.
 *
 * A field inside a closed item or group is opened, so the message is seen where it is. Field names
 * are the schemas' keys (letters and digits), so they go into a selector as they are.
 */

const FIELD_ID = /^(.+)-field-\d+$/;

/** The list or object field `element` sits in, or null for a field of the entry itself. */
function holder(element: Element): Element | null {
  for (let el = element.parentElement; el; el = el.parentElement) if (FIELD_ID.test(el.id)) return el;
  return null;
}

/** The control of the field at `pointer`, or undefined when the form does not show it. */
export function fieldAt(pointer: string, root: ParentNode = document): HTMLElement | undefined {
  if (!pointer) return undefined;
  let field: HTMLElement | null = null;
  let within: ParentNode = root;
  for (const segment of pointer.split("/").slice(1)) {
    if (/^\d+$/.test(segment)) {
      const item = field?.lastElementChild?.children[Number(segment)];
      if (!item) return undefined;
      within = item;
      continue;
    }
    const found = [...within.querySelectorAll<HTMLElement>(`[id^="${segment}-field-"]`)].find(
      (el) => FIELD_ID.exec(el.id)?.[1] === segment && holder(el) === field,
    );
    if (!found) return undefined;
    field = within = found;
  }
  // A pointer ending at a list item (a paragraph of a list of texts): the item's own input.
  if (within !== field) return within.querySelector<HTMLElement>("input, textarea, select") ?? undefined;
  return field ?? undefined;
}

/** Opens every closed list item or group around `element`: each hidden part's toggle is the first button before it. */
function reveal(element: HTMLElement): void {
  const hidden: Element[] = [];
  for (let el = element.parentElement; el && el !== document.body; el = el.parentElement) if (getComputedStyle(el).display === "none") hidden.unshift(el);
  for (const part of hidden) {
    for (let before = part.previousElementSibling; before; before = before.previousElementSibling) {
      const toggle = before.matches("button") ? before : before.querySelector("button");
      if (toggle instanceof HTMLButtonElement) {
        toggle.click();
        break;
      }
    }
  }
}

const clear = () => document.querySelectorAll("[data-lariox-error]").forEach((n) => n.remove());

/** Puts each message under its field; answers the messages whose field the form does not show. */
export function showFieldErrors<E extends { pointer: string; text: string }>(errors: E[]): E[] {
  clear();
  const unplaced: E[] = [];
  let first: HTMLElement | undefined;
  for (const error of errors) {
    const { pointer, text } = error;
    const target = fieldAt(pointer);
    if (!target) {
      unplaced.push(error);
      continue;
    }
    const note = document.createElement("p");
    note.dataset.larioxError = "";
    note.setAttribute("role", "alert");
    note.textContent = text;
    note.style.cssText = "color:#ff003b;font-size:13px;font-weight:600;margin:6px 0 0;padding:0 14px";
    target.insertAdjacentElement("afterend", note);
    // Gone once the field is changed: a fixed field shows no old error.
    target.addEventListener("input", () => note.remove(), { once: true });
    reveal(target);
    first ??= note;
  }
  first?.scrollIntoView({ block: "center" });
  return unplaced;
}

// Another entry, or the list: the notes were about the entry left.
addEventListener("hashchange", clear);
