import { renderToString } from "react-dom/server";
import "./styles/global.css.ts";
import { App, loadPage } from "./app/App.tsx";
import { NOT_FOUND_PATH } from "./app/routes.ts";

// The prerender script's view of the app: image variants and the not-found route.
export { pictureFormats, srcSet } from "./app/Img.tsx";
export { blockFiles } from "./blocks/registry.ts";
export const notFoundPath = NOT_FOUND_PATH;

/** The HTML of one route's body, as the client will hydrate it. */
export async function render(path: string): Promise<string> {
  const page = await loadPage(path);
  return renderToString(<App initial={{ path, page }} ssrPath={path} />);
}
