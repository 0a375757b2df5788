/**
 * Names for the two icon-only buttons on each list item's bar in the editor: the chevron that
 * opens and closes the item, and the cross that removes it. Decap draws them without a name, so a
 * screen reader says only "button", once per item; it names its groups' chevrons, not these, and
 * offers no way to. Each is named after the item's title (its summary, shown under the bar), and
 * renamed when the title changes.
 */
const BAR_BUTTON = 'button[class*="-TopBarButton"]';

export function nameBarButtons(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>(BAR_BUTTON)) {
    const bar = button.parentElement!;
    const title = bar.nextElementSibling?.textContent?.trim();
    const what = title ? ` “${title}”` : " this item";
    const name = button === bar.firstElementChild ? `Open or close${what}` : `Remove${what}`;
    if (button.getAttribute("aria-label") !== name) button.setAttribute("aria-label", name);
  }
}

/** Names the buttons now and after every change of the form (the observer hears each change of a render at once). */
export function nameListButtons(document: Document): void {
  new MutationObserver(() => nameBarButtons(document)).observe(document.body, { childList: true, subtree: true, characterData: true });
  nameBarButtons(document);
}
