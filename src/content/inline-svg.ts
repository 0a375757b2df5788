/**
 * Turns an SVG file into what <Img> draws inline. A vector drawn through <img> is a document of
 * its own: each one costs the phone's main thread a load, a layout and a paint of that document,
 * where the same shapes inline are a few nodes of the page. Files that could clash when drawn twice on one page (ids, styles, scripts, references)
 * stay <img>.
 */
export interface InlineSvg {
  viewBox: string;
  /** The markup inside the root element; the root's paint attributes wrap it as a <g>. */
  body: string;
}

const ROOT = /^<svg\b([^>]*)>([\s\S]*)<\/svg>$/;
const ATTRIBUTE = /([\w:-]+)="([^"]*)"/g;
/** Root attributes that describe the file or its box, not how its shapes are painted. */
const NOT_PAINT = new Set(["xmlns", "xmlns:xlink", "version", "width", "height", "viewBox", "role", "aria-label", "aria-hidden", "class", "id", "preserveAspectRatio"]);
const UNSAFE_TO_REPEAT = /\sid=|<style|<script|<use\b|<image\b|<foreignObject|\son[a-z]+=|href=/i;

export function inlineSvg(source: string): InlineSvg | undefined {
  const match = ROOT.exec(source.replace(/<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->/g, "").trim());
  if (!match) return undefined;
  const attributes = [...match[1]!.matchAll(ATTRIBUTE)].map((m) => [m[1]!, m[2]!] as const);
  const viewBox = attributes.find(([name]) => name === "viewBox")?.[1];
  // The name comes from the alt text (aria-label); a <title> would repeat it as a tooltip. The
  // <metadata> (a sample's mark for the launch check) is for the file, not for every page drawing it.
  const inner = match[2]!.replace(/<title>[\s\S]*?<\/title>|<metadata>[\s\S]*?<\/metadata>/g, "").replace(/>\s+</g, "><").trim();
  if (!viewBox || UNSAFE_TO_REPEAT.test(inner)) return undefined;
  const paint = attributes.filter(([name]) => !NOT_PAINT.has(name)).map(([name, value]) => `${name}="${value}"`);
  return { viewBox, body: paint.length ? `<g ${paint.join(" ")}>${inner}</g>` : inner };
}
