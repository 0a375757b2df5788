import { useEffect, useRef, useState } from "react";
import { Router, useLocation } from "wouter";
import { assignInlineVars } from "@vanilla-extract/dynamic";
import site, { images as siteImages } from "virtual:site";
import type { Page } from "../content/types.ts";
import type { Images } from "../content/image-formats.ts";
import { Intro } from "../shell/Intro.tsx";
import { TopBar } from "../shell/TopBar.tsx";
import { NavBar } from "../shell/NavBar.tsx";
import { Footer } from "../shell/Footer.tsx";
import { LazyCursor } from "../shell/LazyCursor.tsx";
import { preloadBlocks } from "../blocks/registry.ts";
import { bannerLarge, bannerMedium, bannerSmall } from "../blocks/shared.css.ts";
import { PageView } from "./PageView.tsx";
import { ImagesContext } from "../ui/Img.tsx";
import { findRedirect, findRoute, NOT_FOUND_PATH } from "./routes.ts";
import { normalisePath, pageTitle } from "../ui/format.ts";
import * as css from "./App.css.ts";

/** A page with the entries of the images it shows (the shell's too: a sidebar draws the site's icons). */
export interface LoadedPage {
  page: Page;
  images: Images;
}

export interface InitialPage extends LoadedPage {
  path: string;
}

/**
 * Loads the page for `path` (its own chunk) and the code of its blocks, or the 404 page.
 * `initial`: the page's first load in this browser, about to hydrate prerendered HTML.
 */
export async function loadPage(path: string, options: { initial?: boolean } = {}): Promise<LoadedPage> {
  const route = findRoute(path) ?? findRoute(NOT_FOUND_PATH);
  if (!route) throw new Error(`no page for ${path} and no ${NOT_FOUND_PATH} page`);
  const { default: page, images } = await route.load();
  await preloadBlocks(page.sections, options);
  return { page, images: { ...siteImages, ...images } };
}

/** Shows the page for the current location; keeps the previous page up until the next has loaded. */
function RoutedPage({ initial }: { initial: InitialPage }) {
  const [location, navigate] = useLocation();
  const path = normalisePath(location);
  const [shown, setShown] = useState(initial);
  const first = useRef(true);

  useEffect(() => {
    if (path === shown.path) return;
    const redirect = findRedirect(path);
    if (redirect) return navigate(redirect, { replace: true });
    let cancelled = false;
    loadPage(path).then(
      (loaded) => {
        if (cancelled) return;
        setShown({ path, ...loaded });
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      cancelled = true;
    };
  }, [path, shown.path, navigate]);

  // After a client-side navigation: the new page's title, the top of the page, and focus on its heading.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.title = pageTitle(shown.page.title, site.company.name);
    window.scrollTo(0, 0);
    document.querySelector<HTMLElement>("main h1")?.focus({ preventScroll: true });
  }, [shown]);

  return (
    <ImagesContext value={shown.images}>
      <PageView page={shown.page} />
    </ImagesContext>
  );
}

/** The app shell around every page: intro, top bar, navigation, the routed page and the footer. */
export function App({ initial, ssrPath }: { initial: InitialPage; ssrPath?: string }) {
  const { bannerHeights } = site.behaviour;
  const style = assignInlineVars({
    [bannerSmall]: `${bannerHeights.small}px`,
    [bannerMedium]: `${bannerHeights.medium}px`,
    [bannerLarge]: `${bannerHeights.large}px`,
  });
  // Marks the page interactive: hydration starts only after the first view has loaded (src/boot/loader.ts).
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  return (
    <Router ssrPath={ssrPath}>
      <ImagesContext value={siteImages}>
        <div style={style}>
          <a href="#main" className={css.skipLink}>
            {site.ui.skipToContent}
          </a>
          <Intro />
          <TopBar />
          <NavBar />
          <main id="main" className={css.main} tabIndex={-1}>
            <RoutedPage initial={initial} />
          </main>
          <Footer />
          <LazyCursor />
        </div>
      </ImagesContext>
    </Router>
  );
}
