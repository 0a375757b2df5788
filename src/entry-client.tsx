import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import "./styles/global.css.ts";
import { App, loadPage } from "./app/App.tsx";
import { findRedirect } from "./app/routes.ts";
import { normalisePath } from "./ui/format.ts";
import { rememberVisit } from "./blocks/form/lead-source.ts";

// Run by src/boot/loader.ts on built pages. The prerendered HTML already shows the page; load its
// content chunk, then hydrate.
// Not a top-level await: the lazy chunks the page loads import from this module's own chunk
// (vite.config.ts), so they could not evaluate while it still waited on them.
async function start(): Promise<void> {
  // The visit's first page, its referring site and UTM parameters, before anything changes the URL
  // (an enquiry sends them: src/blocks/form/lead-source.ts). Every page's first load must run this.
  rememberVisit();
  const path = normalisePath(location.pathname);
  const redirect = findRedirect(path);
  if (redirect) history.replaceState(null, "", redirect);
  const current = redirect ?? path;
  const loaded = await loadPage(current, { initial: true });
  const root = document.getElementById("root")!;
  const app = (
    <StrictMode>
      <App initial={{ path: current, ...loaded }} />
    </StrictMode>
  );
  // Prerendered HTML is hydrated; the dev server's bare template (only a comment inside) is rendered.
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (on a slow phone that one task blocked input for 100+ ms).
  if (root.firstElementChild && !redirect) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

void start();
