import { createContext, useContext, useId, type ComponentType } from "react";
import type { Images } from "../content/image-formats.ts";
import type { Wake } from "../blocks/block.ts";
import { ImagesContext } from "../ui/Img.tsx";
import { useCurrentPage } from "../ui/current-page.ts";
import { IslandTree, type IslandProps } from "./IslandTree.tsx";
import { island } from "./island.css.ts";

/**
 * Renders an island's tree to HTML as a root of its own (react-dom/server's renderToString with this
 * identifierPrefix), so that useId inside it gives the ids its own hydrateRoot will. Given only by
 * the prerender (src/entry-server.tsx): the editor's preview and unit tests draw blocks in place.
 */
export type RenderIsland = (tree: React.ReactElement, identifierPrefix: string) => string;
export const RenderIslandContext = createContext<RenderIsland | null>(null);

/** The image entries `section` names: any string in it that is a key of `images`. */
function imagesOf(section: unknown, images: Images): Images {
  const named: Images = {};
  JSON.stringify(section, (_key, value: unknown) => {
    if (typeof value === "string" && images[value]) named[value] = images[value];
    return value;
  });
  return named;
}

/**
 * An interactive block at build: its HTML inside its own root element, with its props and when it
 * wakes beside it as attributes, which src/islands/wake.ts reads in the browser (the way Astro's
 * <astro-island> and the Guardian's <gu-island> carry theirs).
 */
export function Island<S>({ type, wake, Component, section }: { type: string; wake: Wake; Component: ComponentType<{ section: S }>; section: S }) {
  const renderIsland = useContext(RenderIslandContext);
  const images = useContext(ImagesContext);
  const page = useCurrentPage();
  const id = useId();
  if (!renderIsland) return <Component section={section} />;
  const props: IslandProps<S> = { section, images: imagesOf(section, images), page };
  const html = renderIsland(<IslandTree Component={Component} props={props} />, id);
  return (
    <div className={island} data-island={type} data-wake={wake} data-id={id} data-props={JSON.stringify(props)} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
