/**
 * After a publish, the editor reads when the change will be live and where to see it: on GitHub,
 * the merge to the main branch starts the deploy job, which rebuilds and switches the site by
 * itself; on this machine (Decap's local backend) the change is in the files here, which the
 * editor's own site (`npm run edit`) shows at once, and someone still has to send it to the repository.
 */
import { isSavedEntryAddress, type Entry } from "./entry.ts";
import { siteIndex } from "./site-index.ts";
import { showNotice } from "./notice.ts";

let backend = "github";
/** Which backend Decap started (backend-hooks.ts): "proxy" on this machine, else "github". */
export const rememberBackend = (name: string) => void (backend = name);

/** The notice's text and link for a published entry. */
export function liveNotice(entry: Entry, kind: "local" | "public", liveMinutes: number, origin: string): { text: string; href: string } {
  const path = entry.get("collection") === "pages" ? String(entry.getIn(["data", "path"]) ?? "/") : "/";
  if (kind === "local") {
    const href = `${origin}${path}`;
    return {
      href,
      text: `Saved on this computer, and the site here shows it now: ${href}. Visitors do not see it yet: the person who looks after the site's code puts it online by sending it to the company's repository, so tell them it is ready. It is live about ${liveMinutes} minutes after that.`,
    };
  }
  const href = `${siteIndex()?.site.company.siteUrl ?? ""}${path}`;
  return {
    href,
    text: `Published. The site rebuilds itself with this change: it is live in about ${liveMinutes} minutes at ${href}. Until then visitors see the previous version; if the new one fails its checks, they keep seeing it and nothing breaks.`,
  };
}

/** Shows the notice (notice.ts) until closed, the editor moves on, the next save or the next publish. */
export function showLiveNotice(entry: Entry, liveMinutes: number): void {
  const { text, href } = liveNotice(entry, backend === "proxy" ? "local" : "public", liveMinutes, location.origin);
  const box = showNotice({ tone: "info", text, href });
  box.dataset.larioxLive = "";
  // Gone once the editor moves on; Decap's own move of a new entry to its saved address is not that.
  let own = isSavedEntryAddress(entry);
  const leave = () => {
    if (own(location.hash)) {
      // That move made, the notice belongs to this address only.
      const saved = location.hash;
      own = (hash) => hash === saved;
      return;
    }
    box.remove();
    removeEventListener("hashchange", leave);
  };
  addEventListener("hashchange", leave);
}
