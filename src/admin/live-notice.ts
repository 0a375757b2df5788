/**
 * After a publish, the editor reads when the change will be live and where to see it: on GitHub,
 * the merge to the main branch starts the deploy job, which rebuilds and switches the site by
 * itself; on this machine (Decap's local backend) the change is in the files here, not yet public.
 */
import type { Entry } from "./entry.ts";
import { siteIndex } from "./site-index.ts";

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
      text: `Saved in the site's files on this computer. The site on this computer shows it at ${href} once it is rebuilt; the public site gets it when this change is sent to the company's repository.`,
    };
  }
  const href = `${siteIndex()?.site.company.siteUrl ?? ""}${path}`;
  return {
    href,
    text: `Published. The site rebuilds itself with this change: it is live in about ${liveMinutes} minutes at ${href}. Until then visitors see the previous version; if the new one fails its checks, they keep seeing it and nothing breaks.`,
  };
}

/** Shows the notice at the foot of the editor until closed, the editor moves on, or the next publish. */
export function showLiveNotice(entry: Entry, liveMinutes: number): void {
  const { text, href } = liveNotice(entry, backend === "proxy" ? "local" : "public", liveMinutes, location.origin);
  document.querySelector("[data-lariox-live]")?.remove();
  const box = document.createElement("div");
  box.dataset.larioxLive = "";
  box.setAttribute("role", "status");
  box.style.cssText =
    "position:fixed;z-index:1000;left:50%;bottom:16px;transform:translateX(-50%);max-width:640px;padding:14px 44px 14px 18px;border-radius:6px;background:#1c2b39;color:#fff;font:14px/1.5 system-ui;box-shadow:0 4px 16px rgba(0,0,0,.3)";
  const [before, after = ""] = text.split(href);
  const link = Object.assign(document.createElement("a"), { href, target: "_blank", rel: "noopener", textContent: href });
  link.style.color = "#9fd3ff";
  const close = Object.assign(document.createElement("button"), { type: "button", textContent: "×", title: "Close" });
  close.setAttribute("aria-label", "Close");
  close.style.cssText = "position:absolute;top:6px;right:8px;background:none;border:0;color:#fff;font-size:20px;cursor:pointer";
  close.addEventListener("click", () => box.remove());
  box.append(before ?? "", link, after, close);
  document.body.append(box);
  // Gone once the editor moves on (Decap's own move to a new page's address comes at once).
  const shown = Date.now();
  const leave = () => {
    if (Date.now() - shown < 3000) return;
    box.remove();
    removeEventListener("hashchange", leave);
  };
  addEventListener("hashchange", leave);
}
