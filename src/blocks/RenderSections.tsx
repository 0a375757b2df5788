import { Suspense } from "react";
import type { Section, SectionType } from "../content/types.ts";
import { registry, type BlockComponent } from "./registry.ts";

function Block<T extends SectionType>({ section }: { section: Extract<Section, { type: T }> }) {
  // Indexing the mapped registry with a generic key loses the link between key and props;
  // the registry's type guarantees it, so the cast only restates that.
  const Component = registry[section.type as T] as BlockComponent<T>;
  return <Component section={section} />;
}

/** Draws a page's sections in order. */
export function RenderSections({ sections }: { sections: Section[] }) {
  return (
    <>
      {sections.map((section, i) => (
        // Blocks are preloaded with their page; the boundary only matters if one was not.
        <Suspense key={i} fallback={null}>
          <Block section={section} />
        </Suspense>
      ))}
    </>
  );
}
