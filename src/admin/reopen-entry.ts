/**
 * Decap's editor keeps the entry it opened when the address changes straight to another entry
 * (Back or Forward between two entries, or from a new page to an entry, or an address typed in):
 * its form then shows the entry left, or an empty form marked "Published" with Delete active, and
 * a save or a delete would act on the entry in the address. Opening the editor afresh at the new
 * address shows the right entry. Decap's own moves (to the saved entry's address after "Publish",
 * to a copy after "Duplicate") keep the form it has just filled.
 */
import { isSavedEntryAddress, type Entry } from "./entry.ts";

const EDITOR = /^#\/collections\/[^/]+\/(entries\/|new)/;

export function reopenOnEntryChange(win: Window): { afterSave: (event: { entry: Entry }) => void } {
  let last = win.location.hash;
  // The address Decap may move to after a save: the saved entry's own, which differs from the one
  // shown only for a new or renamed page. Any other next address is a move away, saved or not.
  let savedEntry: ((hash: string) => boolean) | undefined;
  win.addEventListener("hashchange", () => {
    const next = win.location.hash;
    const ownMove = savedEntry?.(next) || next.includes("duplicate=true");
    const fromEditor = EDITOR.test(last);
    last = next;
    savedEntry = undefined;
    if (!ownMove && fromEditor && EDITOR.test(next)) win.location.reload();
  });
  return { afterSave: ({ entry }) => void (savedEntry = isSavedEntryAddress(entry)) };
}
