/**
 * Names for the two icon-only buttons on each list item's bar in the editor: the chevron that
 * opens and closes the item (saying whether it is open), and the cross that removes it. Decap
 * draws them without a name, so a screen reader says only "button", once per item; it names its
 * groups' chevrons, not these, and offers no way to. Each is named after the item's title (its
 * summary, under the bar), and renamed when the title changes.
 */
const BAR_BUTTON = 'button[class*="-TopBarButton"]';

export function nameBarButtons(root: ParentNode): void {
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
  new MutationObserver(() => nameBarButtons(document)).observe(document.body, changes);
  nameBarButtons(document);
}
