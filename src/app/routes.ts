import { redirects, routes, type RouteEntry } from "virtual:routes";

const byPath = new Map(routes.map((r) => [r.path, r]));
const redirectTo = new Map(redirects.map((r) => [r.from, r.to]));

/** "/about/" and "/about" are the same page; "/" stays "/". */
export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/)[0] || "/";
  return bare.length > 1 && bare.endsWith("/") ? bare.slice(0, -1) : bare;
}

export function findRoute(path: string): RouteEntry | undefined {
  return byPath.get(normalisePath(path));
}

export function findRedirect(path: string): string | undefined {
  return redirectTo.get(normalisePath(path));
}

export const NOT_FOUND_PATH = "/404";
export { routes };
