// Types of the modules served by contentPlugin (loaders/vite-plugin.ts).
declare module "virtual:site" {
  const site: import("./generated/site.ts").Site;
  export default site;
  export const images: import("./image-formats.ts").Images;
}

declare module "virtual:routes" {
  export interface RouteEntry {
    path: string;
    title: string;
    load: () => Promise<{ default: import("./generated/page.ts").Page; images: import("./image-formats.ts").Images }>;
  }
  export const routes: RouteEntry[];
  export const redirects: { from: string; to: string }[];
}

declare module "virtual:directory" {
  const directory: import("./directory.ts").SiteDirectory;
  export default directory;
}
