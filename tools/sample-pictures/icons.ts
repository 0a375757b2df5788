// 48x48 line icons: explicit purple stroke (no currentColor) so they look the same
// wherever they are used, including as <img> sources.
import { svgMark } from "./sample-marker.ts";
import { BRAND, r1, save } from "./util.ts";

function gearPath(cx: number, cy: number, teeth: number, outer: number, inner: number): string {
  const pts: string[] = [];
  const step = (Math.PI * 2) / teeth;
  for (let i = 0; i < teeth; i++) {
    const a = i * step;
    // each tooth: rise, flat top, fall, flat root
    for (const [da, r] of [
      [-0.3, inner],
      [-0.18, outer],
      [0.18, outer],
      [0.3, inner],
    ] as const) {
      const ang = a + da * step * 1.4;
      pts.push(`${r1(cx + Math.cos(ang) * r)} ${r1(cy + Math.sin(ang) * r)}`);
    }
  }
  return `M${pts.join(" L")} Z`;
}

const ICONS: Record<string, string> = {
  trainer:
    '<rect x="19" y="7" width="23" height="18" rx="1.5"/><path d="M23 20l4-4 4 3 7-6"/><circle cx="11" cy="17" r="4"/><path d="M4 41v-8a7 7 0 0 1 14 0v8M15 27l7-5"/>',
  certified: '<circle cx="24" cy="19" r="12"/><path d="M18.5 19l4 4 7-8"/><path d="M17 29.5 14 42l5.5-2.5L23 43M31 29.5 34 42l-5.5-2.5L25 43"/>',
  pricing: '<path d="M25 7H9a2 2 0 0 0-2 2v16l18 18a2 2 0 0 0 2.8 0l13.2-13.2a2 2 0 0 0 0-2.8z"/><circle cx="15.5" cy="15.5" r="3"/>',
  "phone-call":
    '<path d="M13 7l6 1 3 8-4 3c2 5 6 9 11 11l3-4 8 3 1 6c0 3-2 5-5 5C20 40 8 28 8 13c0-3 2-6 5-6z"/><path d="M29 6a13 13 0 0 1 13 13M29 12a7 7 0 0 1 7 7"/>',
  estimate:
    '<rect x="11" y="5" width="26" height="38" rx="3"/><rect x="16" y="10" width="16" height="8" rx="1"/><path d="M17 25h2M24 25h0M29 25h2M17 31h2M24 31h0M29 31h2M17 37h2M24 37h7"/>',
  meeting:
    '<path d="M5 9h22a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H15l-6 5v-5H5a1 1 0 0 1-1-1V10a1 1 0 0 1 1-1z"/><path d="M32 17h11a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1h-3v5l-6-5H21a1 1 0 0 1-1-1v-3"/>',
  privacy:
    '<path d="M24 5l15 6v11c0 10-6.5 17-15 21C15.5 39 9 32 9 22V11z"/><rect x="18" y="21" width="12" height="10" rx="1.5"/><path d="M20.5 21v-3a3.5 3.5 0 0 1 7 0v3"/>',
  download: '<path d="M24 6v23M15 21l9 9 9-9M7 33v6a2 2 0 0 0 2 2h30a2 2 0 0 0 2-2v-6"/>',
  document: '<path d="M12 5h16l10 10v26a2 2 0 0 1-2 2H12a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z"/><path d="M28 5v10h10M16 24h16M16 30h16M16 36h10"/>',
  presentation: '<path d="M24 4v4"/><rect x="5" y="8" width="38" height="25" rx="2"/><path d="M11 27l7-7 5 4 10-9M24 33v6M16 44l8-5 8 5"/>',
  plc: '<rect x="5" y="9" width="38" height="30" rx="2"/><path d="M16 9v30M25 9v30M34 9v30M9 15h3M20 15h1M29 15h1M38 15h1M9 33h3M19 33h3M28 33h3M37 33h3"/>',
  scada: '<rect x="5" y="7" width="38" height="27" rx="2"/><path d="M18 42h12M24 34v8M10 27l7-8 6 5 7-9 8 7"/>',
  hmi: '<rect x="7" y="6" width="34" height="36" rx="3"/><rect x="12" y="11" width="24" height="17" rx="1"/><circle cx="17" cy="35" r="2"/><circle cx="24" cy="35" r="2"/><circle cx="31" cy="35" r="2"/>',
  network:
    '<rect x="18" y="5" width="12" height="9" rx="1.5"/><rect x="4" y="34" width="12" height="9" rx="1.5"/><rect x="18" y="34" width="12" height="9" rx="1.5"/><rect x="32" y="34" width="12" height="9" rx="1.5"/><path d="M24 14v20M10 34v-9h28v9"/>',
  analytics: '<path d="M6 42h36M11 36v-8M19 36V22M27 36v-6M35 36V16M9 20l9-8 8 6 13-11"/>',
  cloud: '<path d="M14 37h21a8.5 8.5 0 0 0 1.2-16.9A12.5 12.5 0 0 0 12.7 17.6 9.7 9.7 0 0 0 14 37z"/>',
  drivers: '<path d="M18 5v9M30 5v9M12 14h24v8a12 12 0 0 1-24 0zM24 34v9"/>',
  code: '<path d="M16 14 6 24l10 10M32 14l10 10-10 10M27 8l-6 32"/>',
  gear: `<path d="${gearPath(24, 24, 8, 18, 13.5)}"/><circle cx="24" cy="24" r="5.5"/>`,
  energy: '<path d="M27 4 10 27h12l-3 17 19-24H26z"/>',
  calibration: '<path d="M7 33a17 17 0 1 1 34 0M24 16v3M12 21l2 2M36 21l-2 2M24 33l8-9M7 40h34"/><circle cx="24" cy="33" r="2.5"/>',
  people: '<circle cx="18" cy="16" r="6"/><path d="M6 41v-4a12 12 0 0 1 24 0v4M31 11.5a5.5 5.5 0 0 1 0 10.5M36 29a9 9 0 0 1 6 8.5V41"/>',
  complaint: '<path d="M8 7h32a2 2 0 0 1 2 2v23a2 2 0 0 1-2 2H20l-9 7v-7H8a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2z"/><path d="M24 13v10M24 28v.5"/>',
  report:
    '<rect x="10" y="8" width="28" height="35" rx="2"/><rect x="18" y="5" width="12" height="6" rx="1.5"/><path d="M17 36v-6M24 36V24M31 36v-9M17 18h14"/>',
  factory: '<path d="M4 42h40M6 42V24l10 6v-6l10 6v-6l10 6V8h6v34M12 36h3M20 36h3M28 36h3"/>',
  checklist: '<path d="M7 12l3 3 5-6M7 24l3 3 5-6M7 36l3 3 5-6M21 12h20M21 24h20M21 36h20"/>',
  database: '<ellipse cx="24" cy="11" rx="14" ry="5"/><path d="M10 11v26c0 2.8 6.3 5 14 5s14-2.2 14-5V11M10 24c0 2.8 6.3 5 14 5s14-2.2 14-5"/>',
  chart: '<path d="M7 6v35h35M13 33l8-10 7 5 12-14M34 14h6v6"/>',
};

export async function makeIcons(): Promise<void> {
  for (const [name, body] of Object.entries(ICONS)) {
    await save(
      `icons/${name}.svg`,
      `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48" fill="none" stroke="${BRAND.purple}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${svgMark()}${body}</svg>\n`,
    );
  }
}
