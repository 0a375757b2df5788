/**
 * A page saved in a folder names its schema from there: Decap's format writes a new page's first
 * line without knowing where the file goes (cms-format.ts), so the line is set from the file's own
 * path as the backend writes it (content/pages/products/x.yaml -> ../../../schema/page.schema.json),
 * the line `npm run validate` expects (src/content/loaders/load.ts).
 */
import type { Implementation } from "./backend-hooks.ts";

const LINE = /^# yaml-language-server: \$schema=\S*page\.schema\.json\n/;

export function schemaLineFor(file: string): string {
  const depth = file.split("/").length - 1;
  return `# yaml-language-server: $schema=${"../".repeat(depth)}schema/page.schema.json\n`;
}

export function placeSchemaLines(implementation: Implementation): void {
  const persistEntry = implementation.persistEntry.bind(implementation);
  implementation.persistEntry = (entry, options) => {
    const dataFiles = entry.dataFiles.map((data) => {
      const file = data.newPath ?? data.path;
      return file.startsWith("content/pages/") && LINE.test(data.raw) ? { ...data, raw: data.raw.replace(LINE, schemaLineFor(file)) } : data;
    });
    return persistEntry({ ...entry, dataFiles }, options);
  };
}
