import { redirects, routes, type RouteEntry } from "virtual:routes";
import { normalisePath } from "../ui/format.ts";

const byPath = new Map(routes.map((r) => [r.path, r]));
const redirectTo = new Map(redirects.map((r) => [r.from, r.to]));

export function findRoute(path: string): RouteEntry | undefined {
  return byPath.get(normalisePath(path));
}

export function findRedirect(path: string): string | undefined {
  return redirectTo.get(normalisePath(path));
}

export { NOT_FOUND_PATH } from "../content/directory.ts";
export { routes };
