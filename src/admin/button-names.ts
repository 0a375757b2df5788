/**
 * Names for the two icon-only buttons on each list item's bar in the editor: the chevron that
 * opens and closes the item (saying whether it is open), and the cross that removes it. Decap
 * draws them without a name, so a screen reader says only "button", once per item; it names its
 * groups' chevrons, not these, and offers no way to. Each is named after the item's title (its
 * summary, under the bar), and renamed when the title changes. The drag handle beside them is
 * named too, and the drag library's announcements name the item, not its random key.
 */
const BAR_BUTTON = 'button[class*="-TopBarButton"]';

const DRAG_HANDLE = '[class*="-StyledListItemTopBar"] > [aria-roledescription="sortable"]';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The title of the list item whose bar holds `element`, as its row shows it. */
const itemTitle = (element: Element): string => element.closest('[class*="-StyledListItemTopBar"]')?.nextElementSibling?.textContent?.trim() ?? "";

/**
 * Decap's drag library announces an item by its random key ("Picked up draggable item
 * 3f2a…"): the announcement names the item being moved (the focused handle's) instead, and
 * another item's key as "another item".
 */
export function nameDragAnnouncement(region: Element, focused: Element | null): void {
  const text = region.textContent ?? "";
  if (!text.match(UUID)) return;
  const moving = focused?.matches(DRAG_HANDLE) ? `“${itemTitle(focused)}”` : "the item";
  let first = true;
  region.textContent = text.replace(UUID, () => (first ? ((first = false), moving) : "another item")).replace(/draggable item |droppable area /gi, "");
}

export function nameBarButtons(root: ParentNode): void {
  for (const handle of root.querySelectorAll(DRAG_HANDLE)) {
    const title = itemTitle(handle);
    handle.setAttribute("aria-label", `Drag to move ${title ? `“${title}”` : "this item"}`);
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>(BAR_BUTTON)) {
    const bar = button.parentElement!;
    const title = bar.nextElementSibling?.textContent?.trim();
    const what = title ? ` “${title}”` : " this item";
    const toggle = button === bar.firstElementChild;
    button.setAttribute("aria-label", toggle ? `Open or close${what}` : `Remove${what}`);
    // The item's fields follow its title, hidden while it is closed.
    const fields = bar.nextElementSibling?.nextElementSibling;
    if (toggle && fields) button.setAttribute("aria-expanded", String(getComputedStyle(fields).display !== "none"));
  }
}

/**
 * Names the buttons now and after every change of the form: the observer hears each render at
 * once, an item opened or closed by its class.
 */
export function nameListButtons(document: Document): void {
  const changes = { childList: true, subtree: true, characterData: true, attributeFilter: ["class"] };
  new MutationObserver(() => {
    nameBarButtons(document);
    for (const region of document.querySelectorAll('[id^="DndLiveRegion-"]')) nameDragAnnouncement(region, document.activeElement);
  }).observe(document.body, changes);
  nameBarButtons(document);
}
