import { renderToString } from "react-dom/server";
import "./styles/global.css.ts";
import { App, loadPage, type LoadedPage } from "./app/App.tsx";
import { NOT_FOUND_PATH } from "./app/routes.ts";
import { RenderIslandContext, type RenderIsland } from "./islands/Island.tsx";

// The prerender script's view of the app: its pages with their images, their islands and the not-found route.
export { loadPage };
export { islandTypes } from "./blocks/registry.ts";
export const notFoundPath = NOT_FOUND_PATH;

/** Each island is a root of its own, rendered apart with its id prefix, as the browser hydrates it. */
const renderIsland: RenderIsland = (tree, identifierPrefix) => renderToString(tree, { identifierPrefix });

/** The HTML of one route's body. */
export function render(path: string, loaded: LoadedPage): string {
  return renderToString(
    <RenderIslandContext value={renderIsland}>
      <App path={path} {...loaded} />
    </RenderIslandContext>,
  );
}
