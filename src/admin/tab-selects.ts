/**
 * Tabbing into a text box selects its text, as everywhere else, so typing replaces it. Decap's
 * text boxes put the cursor back where the last edit left it when they redraw on focus
 * (decap-cms-widget-string's StringControl), so typing after Tab added to the old text: a changed
 * page name became "About usAbout". The text is selected again once that redraw is done.
 */
export function selectOnTab(doc: Document): void {
  let tabbing = false;
  doc.addEventListener("keydown", (e) => (tabbing = e.key === "Tab"), true);
  doc.addEventListener("pointerdown", () => (tabbing = false), true);
  doc.addEventListener(
    "focusin",
    (e) => {
      const box = e.target;
      if (tabbing && box instanceof HTMLInputElement && box.type === "text") setTimeout(() => doc.activeElement === box && box.select());
    },
    true,
  );
}
