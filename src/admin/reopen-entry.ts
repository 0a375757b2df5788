/**
 * Decap's editor keeps the entry it opened when the address changes straight to another entry
 * (Back or Forward between two entries, or from a new page to an entry, or an address typed in):
 * its form then shows the entry left, or an empty form marked "Published" with Delete active, and
 * a save or a delete would act on the entry in the address. Opening the editor afresh at the new
 * address shows the right entry. Decap's own moves (to the saved page after "Publish", to a copy
 * after "Duplicate") keep the form it has just filled.
 */
const EDITOR = /^#\/collections\/[^/]+\/(entries\/|new)/;

export function reopenOnEntryChange(win: Window): { afterSave: () => void } {
  let last = win.location.hash;
  let ownMove = false;
  win.addEventListener("hashchange", () => {
    const next = win.location.hash;
    const fromEditor = EDITOR.test(last);
    last = next;
    if (ownMove || next.includes("duplicate=true")) {
      ownMove = false;
      return;
    }
    if (fromEditor && EDITOR.test(next)) win.location.reload();
  });
  // Decap moves to the saved entry right after a save (a new page's own address).
  return { afterSave: () => void (ownMove = true) };
}
