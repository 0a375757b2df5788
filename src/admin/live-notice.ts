/**
 * After a publish, the editor reads when the change will be live and where to see it. On GitHub
 * the merge to the main branch starts the deploy job, which rebuilds and switches the site by
 * itself. On this machine (Decap's local backend) the publish is a commit here, and the editor
 * asks the backend to send `main` to the repository's remote (scripts/cms/publish.ts), whose push
 * starts the same deploy job; when there is no remote, or it refuses, she reads what to ask for.
 */
import { isSavedEntryAddress, type Entry } from "./entry.ts";
import { siteIndex } from "./site-index.ts";
import { goneOnLeaving, showNotice } from "./notice.ts";
import { localBackendUrl } from "./history-source.ts";

let backend = "github";
/** Which backend Decap started (backend-hooks.ts): "proxy" on this machine, else "github". */
export const rememberBackend = (name: string) => void (backend = name);

/** What the local backend's `publishLive` answered (scripts/cms/publish.ts), or "unreachable". */
export type PublishState = "pushed" | "up-to-date" | "no-remote" | "not-main" | "behind" | "refused" | "no-repository" | "unreachable";

const ASK = "Ask the person who looks after the site's code";

const clock = (at: Date) => at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });

/**
 * The notice's text and link for a published entry: `public` on GitHub; `local` on this machine,
 * with what became of sending it (`state`), `now` the time it was sent.
 */
export function liveNotice(
  entry: Entry,
  kind: "local" | "public",
  liveMinutes: number,
  origin: string,
  state?: PublishState,
  now = new Date(),
): { text: string; href: string } {
  const path = entry.get("collection") === "pages" ? String(entry.getIn(["data", "path"]) ?? "/") : "/";
  const publicHref = `${siteIndex()?.site.company.siteUrl ?? ""}${path}`;
  if (kind === "public") {
    return {
      href: publicHref,
      text: `Published. The site rebuilds itself with this change: it is live in about ${liveMinutes} minutes at ${publicHref}. Until then visitors see the previous version; if the new one fails its checks, they keep seeing it and nothing breaks.`,
    };
  }
  const localHref = `${origin}${path}`;
  const by = clock(new Date(now.getTime() + liveMinutes * 60_000));
  const savedHere = `Saved on this computer, and the site here shows it now: ${localHref}. It is not live yet:`;
  switch (state) {
    case "pushed":
      return {
        href: publicHref,
        text: `Published and sent to the company's repository: the deploy has started. The site checks the change, builds itself and shows it in about ${liveMinutes} minutes, by ${by}, at ${publicHref}. Until then visitors see the previous version; if a check fails, they keep seeing it and nothing breaks.`,
      };
    case "up-to-date":
      return {
        href: publicHref,
        text: `Published. The company's repository already had this version, so there was nothing new to send: the site shows it at ${publicHref} (or will, by ${by}, if an earlier publish is still being deployed).`,
      };
    case "no-remote":
      return {
        href: localHref,
        text: `${savedHere} this copy of the site is not connected to the company's repository. ${ASK} to connect it (to add the repository as its “remote”); from then on Publish puts changes live by itself, and this one goes with the next.`,
      };
    case "behind":
      return {
        href: localHref,
        text: `${savedHere} the company's repository has changes this computer does not have yet, so it refused this one. ${ASK} to bring this copy up to date (a “pull”), then press Publish again.`,
      };
    case "refused":
      return {
        href: localHref,
        text: `${savedHere} the company's repository did not accept it from this computer. ${ASK} to give this computer the right to send changes (“push access”), then press Publish again.`,
      };
    case "not-main":
      return {
        href: localHref,
        text: `${savedHere} this copy is set to a version of the site other than its main one. ${ASK} to switch it back to “main”, then press Publish again.`,
      };
    case "no-repository":
      return {
        href: localHref,
        text: `${savedHere} this folder is not a copy of the company's repository, so it keeps no versions and cannot send changes. ${ASK} to set it up as a clone of the repository.`,
      };
    default:
      return {
        href: localHref,
        text: `${savedHere} the editor's helper program on this computer did not answer. Check that “npm run edit” is still running, then press Publish again; if it still fails, ${ASK.charAt(0).toLowerCase()}${ASK.slice(1)} for help.`,
      };
  }
}

/** Asks the local backend to send the published change to the repository's remote. */
async function publishHere(): Promise<PublishState> {
  const url = localBackendUrl();
  if (!url) return "unreachable";
  try {
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: '{"action":"publishLive"}' });
    if (!response.ok) return "unreachable";
    return ((await response.json()) as { state: PublishState }).state;
  } catch {
    return "unreachable";
  }
}

function show(text: string, href: string | undefined): HTMLElement {
  const box = showNotice({ tone: "info", text, href });
  box.dataset.larioxLive = "";
  return box;
}

/** Shows the notice (notice.ts) until closed, the editor moves on, the next save or the next publish. */
export function showLiveNotice(entry: Entry, liveMinutes: number): void {
  let box: HTMLElement;
  if (backend === "proxy") {
    box = show("Saved on this computer. Sending it to the company's repository…", undefined);
    void publishHere().then((state) => {
      // Gone already: the editor moved on, and the answer is not hers to read there.
      if (!box.isConnected) return;
      const { text, href } = liveNotice(entry, "local", liveMinutes, location.origin, state);
      box.remove();
      box = show(text, href);
      box.dataset.larioxPublish = state;
    });
  } else {
    const { text, href } = liveNotice(entry, "public", liveMinutes, location.origin);
    box = show(text, href);
  }
  // Gone once the editor moves on; Decap's own move of a new entry to its saved address is not that.
  goneOnLeaving(() => box, isSavedEntryAddress(entry));
}
