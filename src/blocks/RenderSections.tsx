import type { Section, SectionType } from "../content/types.ts";
import { Island } from "../islands/Island.tsx";
import { registry, type BlockComponent } from "./registry.ts";

function Block<T extends SectionType>({ section }: { section: Extract<Section, { type: T }> }) {
  // Indexing the mapped registry with a generic key loses the link between key and props;
  // the registry's type guarantees it, so the cast only restates that.
  const { Component, wake } = registry[section.type as T] as BlockComponent<T>;
  if (wake) return <Island type={section.type} wake={wake} Component={Component} section={section} />;
  return <Component section={section} />;
}

/** Draws a page's sections in order; an interactive block as an island (src/islands/Island.tsx). */
export function RenderSections({ sections }: { sections: Section[] }) {
  return (
    <>
      {sections.map((section, i) => (
        <Block key={i} section={section} />
      ))}
    </>
  );
}
