/**
 * The weekly summary's sources, bounded: a source is what a visitor chose (utm_source, the
 * referring site), held posts' included, so a flood could otherwise add a line each. The most
 * frequent few keep their own line; the rest are added up as "other sources".
 */

/** Sources with a line of their own; the rest go into OTHER. */
export const TOP_SOURCES = 8;
export const OTHER_SOURCES = "other sources";
/** The longest source name shown: a visitor may send a long one. */
const NAME_CHARS = 60;

/** `bySource` with at most TOP_SOURCES names (the most frequent, ties by name) and OTHER_SOURCES for the rest. */
export function topSources(bySource: Record<string, number>): Record<string, number> {
  const ranked = Object.entries(bySource).sort(([a, m], [b, n]) => n - m || a.localeCompare(b));
  const kept: Record<string, number> = {};
  for (const [name, count] of ranked.slice(0, TOP_SOURCES)) {
    const shown = [...name].length > NAME_CHARS ? `${[...name].slice(0, NAME_CHARS).join("")}…` : name;
    kept[shown] = (kept[shown] ?? 0) + count;
  }
  const rest = ranked.slice(TOP_SOURCES).reduce((sum, [, count]) => sum + count, 0);
  if (rest > 0) kept[OTHER_SOURCES] = (kept[OTHER_SOURCES] ?? 0) + rest;
  return kept;
}
