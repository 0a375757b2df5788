import { renderToString } from "react-dom/server";
import "./styles/global.css.ts";
import { App, loadPage } from "./app/App.tsx";
import { routes } from "./app/routes.ts";

export { routes };

/** The HTML of one route's body, as the client will hydrate it. */
export async function render(path: string): Promise<string> {
  const page = await loadPage(path);
  return renderToString(<App initial={{ path, page }} ssrPath={path} />);
}
