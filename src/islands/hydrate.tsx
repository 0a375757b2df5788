import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandTree, type IslandProps } from "./IslandTree.tsx";

/**
 * Hydrates one island as its own React root, with the props and id prefix the prerender wrote on it.
 * Marks it data-hydrated once done (tests and styles may wait on it).
 */
export function hydrateIsland(island: HTMLElement, Component: ComponentType<{ section: unknown }>): void {
  const props = JSON.parse(island.dataset.props!) as IslandProps;
  const onHydrated = () => island.setAttribute("data-hydrated", "");
  hydrateRoot(island, <IslandTree Component={Component} props={props} onHydrated={onHydrated} />, { identifierPrefix: island.dataset.id });
}
