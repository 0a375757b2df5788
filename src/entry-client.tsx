import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import "./styles/global.css.ts";
import { App, loadPage } from "./app/App.tsx";
import { findRedirect, normalisePath } from "./app/routes.ts";

// The prerendered HTML already shows the page; load its content chunk, then hydrate.
const path = normalisePath(location.pathname);
const redirect = findRedirect(path);
if (redirect) history.replaceState(null, "", redirect);
const current = redirect ?? path;
const page = await loadPage(current, { initial: true });
const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App initial={{ path: current, page }} />
  </StrictMode>
);
// Prerendered HTML is hydrated; the dev server's bare template (only a comment inside) is rendered.
if (root.firstElementChild && !redirect) hydrateRoot(root, app);
else createRoot(root).render(app);
