import { renderToString } from "react-dom/server";
import "./styles/global.css.ts";
import { App, loadPage, type LoadedPage } from "./app/App.tsx";
import { NOT_FOUND_PATH } from "./app/routes.ts";

// The prerender script's view of the app: its pages with their images, blocks and the not-found route.
export { loadPage };
export { blockFiles } from "./blocks/registry.ts";
export const notFoundPath = NOT_FOUND_PATH;

/** The HTML of one route's body, as the client will hydrate it. */
export function render(path: string, loaded: LoadedPage): string {
  return renderToString(<App initial={{ path, ...loaded }} ssrPath={path} />);
}
