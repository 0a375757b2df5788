import { createRoot } from "react-dom/client";
import "./styles/global.css.ts";
import { App, loadPage } from "./app/App.tsx";
import { findRedirect } from "./app/routes.ts";
import { normalisePath } from "./ui/format.ts";

// `npm run dev` only (vite.config.ts adds it to the dev server's bare template): draws the page in
// the browser, every block live, so an edit shows at once. Built pages are prerendered and run no
// app: only their islands hydrate (src/islands/wake.ts). The dev page skips the intro splash, whose
// timing is the built page's inline script (src/boot/intro.ts).
document.documentElement.setAttribute("data-intro-seen", "");
document.documentElement.setAttribute("data-intro-over", "");
const path = normalisePath(location.pathname);
const current = findRedirect(path) ?? path;
const loaded = await loadPage(current);
createRoot(document.getElementById("root")!).render(<App path={current} {...loaded} />);
