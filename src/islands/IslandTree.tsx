import { useEffect, type ComponentType } from "react";
import type { Images } from "../content/image-formats.ts";
import { ImagesContext } from "../ui/Img.tsx";
import { CurrentPageContext, type CurrentPage } from "../ui/current-page.ts";

/** What an island's root holds, serialised into its data-props by the prerender and read back to hydrate it. */
export interface IslandProps<S = unknown> {
  section: S;
  /** The entries of the images its section names (Img reads them from ImagesContext). */
  images: Images;
  /** The page it is on, as useCurrentPage gives it to the page's other blocks (a form posts its path). */
  page: CurrentPage;
}

/**
 * The tree an island's root renders, the same on both sides: the prerender renders it to HTML
 * (src/islands/Island.tsx) and the browser hydrates it (hydrate.tsx); any difference would be a
 * hydration mismatch. `onHydrated` runs once the browser has hydrated it.
 */
export function IslandTree<S>({ Component, props, onHydrated }: { Component: ComponentType<{ section: S }>; props: IslandProps<S>; onHydrated?: () => void }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return (
    <CurrentPageContext value={props.page}>
      <ImagesContext value={props.images}>
        <Component section={props.section} />
      </ImagesContext>
    </CurrentPageContext>
  );
}
