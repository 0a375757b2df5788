/**
 * A save, upload or delete the backend did not take is said in words at the foot of the screen,
 * with what to do, for the backend in use (the helper on this computer, or GitHub); the exception
 * itself goes to the console for whoever looks after the code. Decap's own short notice then
 * points to that message (wording.ts). A refusal of the editor's own (wording.ts' Refusal) has
 * said its words already and passes as it is. A save the local backend wrote but could not keep
 * as a version (scripts/cms/save-commits.ts) is said too: saved, and what is missing. A failed
 * read, publish or move on the board, which Decap says in words of its own, is logged.
 */
import type { Implementation } from "./backend-hooks.ts";
import { showNotice } from "./notice.ts";
import { Refusal } from "./wording.ts";

type Act = "save" | "upload" | "delete";
const NOT = { save: "Not saved", upload: "Not uploaded", delete: "Not deleted" };
const AGAIN = { save: "press Publish again", upload: "upload the file again", delete: "delete it again" };

/** The words for a failed `act` on the backend `name` ("proxy" on this computer, else GitHub). */
export function failureInWords(act: Act, name: string): string {
  const kept = act === "delete" ? "Nothing was deleted." : act === "save" ? "Your changes are still in the form." : "The file was not added.";
  return name === "proxy"
    ? `${NOT[act]}: this computer's copy of the site did not take the change. ${kept} Check that the window running “npm run edit” is still open (start it again if it was closed), then ${AGAIN[act]}.`
    : `${NOT[act]}: GitHub, where the site is kept, did not take the change. ${kept} Check the internet connection and sign in again if the editor asks, then ${AGAIN[act]}.`;
}

/** What the local backend adds to an answer when the files are written but no version was kept. */
const versionNotKept = (answer: unknown): string | undefined =>
  answer && typeof answer === "object" && "versionNotKept" in answer && typeof answer.versionNotKept === "string" ? answer.versionNotKept : undefined;

function sayFailures<A extends unknown[]>(act: Act, name: string, call: (...args: A) => Promise<unknown>) {
  return async (...args: A): Promise<unknown> => {
    try {
      const answer = await call(...args);
      const missing = versionNotKept(answer);
      if (missing) showNotice({ tone: "refusal", text: missing });
      return answer;
    } catch (error) {
      if (error instanceof Refusal) throw error;
      console.error(error);
      showNotice({ tone: "refusal", text: failureInWords(act, name) });
      throw new Refusal("The message at the foot of the screen says what to do.");
    }
  };
}

/** The methods behind Decap's other failure messages: their words carry no detail (wording.ts), so the error is logged here. */
const LOGGED = [
  "entriesByFolder",
  "entriesByFiles",
  "getEntry",
  "unpublishedEntries",
  "publishUnpublishedEntry",
  "updateUnpublishedEntryStatus",
  "deleteUnpublishedEntry",
] as const satisfies ReadonlyArray<keyof Implementation>;

function logFailures(backend: Implementation): void {
  for (const method of LOGGED) {
    const call = backend[method];
    if (!call) continue;
    backend[method] = async (...args: unknown[]) => {
      try {
        return await call.apply(backend, args);
      } catch (error) {
        console.error(error);
        throw error;
      }
    };
  }
}

export function sayBackendFailures(backend: Implementation, name: string): void {
  backend.persistEntry = sayFailures("save", name, backend.persistEntry.bind(backend));
  backend.deleteFiles = sayFailures("delete", name, backend.deleteFiles.bind(backend));
  if (backend.persistMedia) backend.persistMedia = sayFailures("upload", name, backend.persistMedia.bind(backend));
  logFailures(backend);
}
