// The content types the app uses, all derived from the generated schema types.
export type { Site, Link, MenuItem, DropdownMenu, Sidebar } from "./generated/site.ts";
export type { Page, Section } from "./generated/page.ts";
import type { Section } from "./generated/page.ts";

export type SectionType = Section["type"];
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>;
