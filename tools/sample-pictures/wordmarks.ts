// Neutral grey wordmarks for partner, client, brand and tool logo strips.
// Each is a simple geometric mark plus the name in a system font: no one's
// trademark artwork is imitated. Client names are fictional on purpose.
import { textWidth } from "./measure.ts";
import { svgMark } from "./sample-marker.ts";
import { FONT_STACK, esc, r1, save, slugify } from "./util.ts";

export const PARTNERS = [
  "AVEVA",
  "Siemens",
  "Rockwell Automation",
  "Schneider Electric",
  "Mitsubishi Electric",
  "OMRON",
  "ABB",
  "Honeywell",
  "Emerson",
  "Yokogawa",
];

export const CLIENTS = [
  "Tapi Textiles",
  "Sachin Chemicals",
  "Hazira Polymers",
  "Kamrej Dyes & Intermediates",
  "Udhna Engineering",
  "Varachha Pharma",
  "Olpad Agro Foods",
  "Bardoli Sugar Works",
  "Navsari Steel Tubes",
  "Valsad Paper Mills",
  "Ankleshwar Organics",
  "Bharuch Fertilisers",
  "Vapi Pigments",
  "Dahej Petrochem",
  "Kosamba Cables",
  "Palsana Yarns",
  "Mandvi Water Works",
  "Surat Diamond Tools",
  "Dumas Marine",
  "Ichchhapor Castings",
];

export const BRANDS = [
  "Siemens",
  "Allen-Bradley",
  "Schneider Electric",
  "Mitsubishi Electric",
  "OMRON",
  "Delta",
  "ABB",
  "GE",
  "Beckhoff",
  "WAGO",
  "Phoenix Contact",
  "AVEVA",
  "Inductive Automation",
  "Weintek",
  "Pro-face",
  "Beijer Electronics",
];

export const TOOLS = ["Power BI", "Grafana", "AVEVA Insight", "Python", "InfluxDB", "Node-RED"];

const DARK = "#7d8a9b";
const LIGHT = "#b4bfcc";
const TEXT = "#5b6b7f";

// Marks drawn in a 36x36 box centred on (0,0).
const SHAPES: Record<string, string> = {
  circle: '<circle r="16"/>',
  hexagon: '<polygon points="0,-17 14.7,-8.5 14.7,8.5 0,17 -14.7,8.5 -14.7,-8.5"/>',
  triangle: '<polygon points="0,-16 16,13 -16,13"/>',
  diamond: '<polygon points="0,-17 17,0 0,17 -17,0"/>',
  square: '<rect x="-14" y="-14" width="28" height="28" rx="4"/>',
  bars: '<rect x="-15" y="-4" width="8" height="20" rx="1.5"/><rect x="-4" y="-12" width="8" height="28" rx="1.5"/><rect x="7" y="-16" width="8" height="32" rx="1.5"/>',
  chevrons: '<polygon points="-15,-14 -3,0 -15,14 -9,14 3,0 -9,-14"/><polygon points="-1,-14 11,0 -1,14 5,14 17,0 5,-14"/>',
  dots: '<circle cx="-8" cy="-8" r="6.5"/><circle cx="8" cy="-8" r="6.5"/><circle cx="-8" cy="8" r="6.5"/><circle cx="8" cy="8" r="6.5"/>',
  cross: '<path d="M-5 -16h10v11h11v10h-11v11h-10v-11h-11v-10h11z"/>',
  half: '<path d="M-16 4a16 16 0 0 1 32 0z"/><rect x="-16" y="8" width="32" height="6" rx="2"/>',
  wave: '<path d="M-17 -2c6-10 11-10 17 0s11 10 17 0v14h-34z"/>',
  octagon: '<polygon points="-7,-16 7,-16 16,-7 16,7 7,16 -7,16 -16,7 -16,-7"/>',
};
const STYLES = ["solid", "outline"] as const;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

// Pick a shape/style from the name; on a clash within the group take the next free one,
// so every logo in a strip has its own mark and the result never changes.
function assignMarks(names: string[]): Map<string, [string, (typeof STYLES)[number]]> {
  const combos = Object.keys(SHAPES).flatMap((s) => STYLES.map((st) => [s, st] as [string, (typeof STYLES)[number]]));
  const used = new Set<number>();
  const out = new Map<string, [string, (typeof STYLES)[number]]>();
  for (const name of names) {
    let i = hash(name) % combos.length;
    while (used.has(i)) i = (i + 1) % combos.length;
    used.add(i);
    out.set(name, combos[i]!);
  }
  return out;
}

function splitName(name: string): string[] {
  const words = name.split(" ");
  if (words.length < 2) return [name];
  let best = [name];
  let bestDiff = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(" ");
    const b = words.slice(i).join(" ");
    const diff = Math.abs(a.length - b.length);
    if (diff < bestDiff) [best, bestDiff] = [[a, b], diff];
  }
  return best;
}

/** `brand`: the name is a real brand's (not an invented client), which the mark says. */
function wordmark(name: string, shape: string, style: string, brand: boolean): string {
  const areaX = 58;
  const areaW = 134;
  // one line if it fits at a readable size, otherwise two balanced lines
  let lines = [name];
  let size = Math.min(20, (areaW / textWidth(name, 20, true)) * 20);
  if (size < 17 && name.includes(" ")) {
    lines = splitName(name);
    const widest = Math.max(...lines.map((l) => textWidth(l, 16, true)));
    size = Math.min(16, (areaW / widest) * 16);
  }
  size = r1(size);
  const lineH = size * 1.15;
  const firstY = 40 + size * 0.35 - ((lines.length - 1) * lineH) / 2;
  const text = lines
    .map(
      (l, i) =>
        `<text x="${areaX}" y="${r1(firstY + i * lineH)}" textLength="${r1(textWidth(l, size, true))}" lengthAdjust="spacingAndGlyphs">${esc(l)}</text>`,
    )
    .join("");
  const paint = style === "solid" ? `fill="${DARK}"` : `fill="none" stroke="${DARK}" stroke-width="3.5" stroke-linejoin="round"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80" viewBox="0 0 200 80" role="img" aria-label="${esc(name)}">
<title>${esc(name)}</title>
${svgMark(brand ? name : undefined)}
<circle cx="30" cy="40" r="23" fill="${LIGHT}" opacity=".35"/>
<g transform="translate(30 40)" ${paint}>${SHAPES[shape]}</g>
<g font-family="${FONT_STACK}" font-weight="700" font-size="${size}" fill="${TEXT}">${text}</g>
</svg>
`;
}

export async function makeWordmarks(): Promise<void> {
  // Partners, brands and tools are real companies and products; the clients are invented.
  const groups: [string, string[], boolean][] = [
    ["partners", PARTNERS, true],
    ["clients", CLIENTS, false],
    ["brands", BRANDS, true],
    ["tools", TOOLS, true],
  ];
  for (const [folder, names, real] of groups) {
    const marks = assignMarks(names);
    for (const name of names) {
      const [shape, style] = marks.get(name)!;
      await save(`logos/${folder}/${slugify(name)}.svg`, wordmark(name, shape, style, real));
    }
  }
}
