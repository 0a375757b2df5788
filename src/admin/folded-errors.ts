/**
 * A folded list item (a section, a card) whose fields hold an error says so on its title row, in
 * the error's words ("Heading: must not be only spaces"): Decap only turns the row's label red and
 * keeps the words inside the folded item, where they cannot be seen. Decap's own messages and the
 * pre-save check's (field-errors.ts) are both read.
 */
const TITLE_ROW = '[class*="-NestedObjectLabel"]';
const MESSAGES = '[class*="-ControlErrorsList"] > li, [data-lariox-error]';

/** "Label: message" for one error shown inside a folded item. */
function describe(message: Element): string {
  const label = message.closest('[class*="-ControlContainer"]')?.querySelector(":scope > label")?.textContent?.trim();
  const text = message.textContent?.trim() ?? "";
  return label && !text.startsWith(label) ? `${label}: ${text}` : text;
}

export function markFoldedErrors(root: ParentNode): void {
  for (const row of root.querySelectorAll<HTMLElement>(TITLE_ROW)) {
    // The item's fields follow its title row, hidden while it is folded (the row itself stays: admin/index.html).
    const fields = row.nextElementSibling;
    const folded = !!fields && getComputedStyle(fields).display === "none";
    const words = folded ? [...new Set([...fields!.querySelectorAll(MESSAGES)].map(describe).filter(Boolean))].join(" · ") : "";
    if (words && row.dataset.larioxErrors !== words) row.dataset.larioxErrors = words;
    if (!words && row.dataset.larioxErrors !== undefined) delete row.dataset.larioxErrors;
  }
}

export function showFoldedErrors(document: Document): void {
  // The row's own attribute is left out of what wakes the observer: its writes would wake it again.
  const changes = { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["class"] };
  new MutationObserver(() => markFoldedErrors(document)).observe(document.body, changes);
  markFoldedErrors(document);
}
