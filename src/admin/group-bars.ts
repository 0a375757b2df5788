/**
 * A group or list item opens from anywhere on its bar, and an open group's bar keeps its name.
 * Decap opens them only from the small chevron, and its object widget drops the group's name from
 * the bar once it is open; a list item's title (the row under its bar) is kept in view by
 * admin/index.html's rules.
 */
const BARS = '[class*="-TopBarContainer"], [class*="-StyledListItemTopBar"], [class*="-NestedObjectLabel"]';
const CONTROLS = "button, a, input, select, textarea, label, [role='button']";

/** The chevron that opens and closes the group or item whose bar (or title row) is `part`. */
function toggleOf(part: Element): HTMLButtonElement | null {
  const bar = part.matches('[class*="-NestedObjectLabel"]') ? part.previousElementSibling : part;
  return bar?.querySelector<HTMLButtonElement>('[data-testid="expand-button"]') ?? bar?.querySelector<HTMLButtonElement>("button") ?? null;
}

/** Names each open group's bar after the group's label (shown by admin/index.html's rule). */
export function nameOpenGroups(root: ParentNode): void {
  for (const container of root.querySelectorAll<HTMLElement>('[class*="-ExpandButtonContainer"]')) {
    const ownText = [...container.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
    const label = container.closest('[class*="-ControlContainer"]')?.querySelector("label")?.textContent?.trim();
    if (!ownText && label) container.dataset.larioxName = label;
    else delete container.dataset.larioxName;
  }
}

export function openGroupsFromTheirBars(document: Document): void {
  document.addEventListener("click", (event) => {
    const target = event.target as Element | null;
    const bar = target?.closest(BARS);
    // The bar's own buttons (chevron, remove, the drag handle, "Add") do their own job.
    if (!bar || target!.closest(CONTROLS)) return;
    toggleOf(bar)?.click();
  });
  const changes = { childList: true, subtree: true, characterData: true };
  new MutationObserver(() => nameOpenGroups(document)).observe(document.body, changes);
  nameOpenGroups(document);
}
