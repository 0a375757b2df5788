import { Router } from "wouter";
import type { ReactNode } from "react";
import site, { images as siteImages } from "virtual:site";
import type { Page } from "../content/types.ts";
import type { Images } from "../content/image-formats.ts";
import { Intro } from "../shell/Intro.tsx";
import { TopBar } from "../shell/TopBar.tsx";
import { NavBar } from "../shell/NavBar.tsx";
import { Footer } from "../shell/Footer.tsx";
import { bannerHeightStyle } from "../blocks/banner-heights.ts";
import { PageView } from "./PageView.tsx";
import { ImagesContext } from "../ui/Img.tsx";
import { findRoute, NOT_FOUND_PATH } from "./routes.ts";
import * as css from "./App.css.ts";

/** A page with the entries of the images it shows (the shell's too: a sidebar draws the site's icons). */
export interface LoadedPage {
  page: Page;
  images: Images;
}

/** Loads the page for `path` (its module) with its images, or the 404 page. */
export async function loadPage(path: string): Promise<LoadedPage> {
  const route = findRoute(path) ?? findRoute(NOT_FOUND_PATH);
  if (!route) throw new Error(`no page for ${path} and no ${NOT_FOUND_PATH} page`);
  const { default: page, images } = await route.load();
  return { page, images: { ...siteImages, ...images } };
}

/**
 * One page with the shell around it: intro, top bar, navigation, the page and the footer. Drawn at
 * build into HTML that needs no app in the browser: links are document navigations, the menus are
 * <details> with a small inline script (src/boot/shell.ts), and only interactive blocks hydrate, each
 * as its own island (src/islands/). `path`: the page's location, for wouter's useLocation (the
 * current page's links are marked in the HTML).
 */
export function App({ path, page, images }: LoadedPage & { path: string }) {
  return (
    <Shell path={path} images={images} intro>
      <PageView page={page} />
    </Shell>
  );
}

/**
 * The shell around a page's main content: the intro (`intro`), top bar, navigation with `path`
 * marked current, and the footer. The server's form answers use it without the intro.
 */
export function Shell({ path, images, intro = false, children }: { path: string; images: Images; intro?: boolean; children: ReactNode }) {
  return (
    <Router ssrPath={path}>
      <ImagesContext value={siteImages}>
        <div style={bannerHeightStyle(site.behaviour.bannerHeights)}>
          <a href="#main" className={css.skipLink}>
            {site.ui.skipToContent}
          </a>
          {intro && <Intro />}
          <TopBar />
          <NavBar />
          <main id="main" className={css.main} tabIndex={-1}>
            <ImagesContext value={images}>{children}</ImagesContext>
          </main>
          <Footer />
        </div>
      </ImagesContext>
    </Router>
  );
}
