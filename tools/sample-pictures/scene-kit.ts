// Shared pieces for the drawn scenes: colour themes, common gradients, and the
// small "screen content" drawings that several scenes put on displays.
import { BRAND, mix, r1, range, type Rng } from "./util.ts";

export interface Theme {
  dark: boolean;
  skyTop: string;
  skyBottom: string;
  ink: string; // nearest silhouettes
  metal: readonly [string, string, string]; // shadow, body, highlight
  screen: string; // display glass, dark in both themes so charts read well
  trace: string; // secondary chart line
  accent: string;
  accentSoft: string;
  led: string;
}

// Banners sit under a dark overlay with white text, so they stay mid/dark.
export const DARK: Theme = {
  dark: true,
  skyTop: "#07111f",
  skyBottom: "#233b5d",
  ink: "#040a14",
  metal: ["#0a1626", "#2b3f57", "#6d7d91"],
  screen: "#0a1830",
  trace: BRAND.steelLight,
  accent: BRAND.purple,
  accentSoft: BRAND.lilac,
  led: "#4ade80",
};

// Cards sit on white pages: steel/white backdrop, navy subjects, purple details.
export const LIGHT: Theme = {
  dark: false,
  skyTop: "#f7f9fb",
  skyBottom: "#c9d2dc",
  ink: BRAND.navy2,
  metal: ["#5b6b7f", "#c3ccd6", "#f5f7fa"],
  screen: BRAND.navy,
  trace: BRAND.steelLight,
  accent: BRAND.purple,
  accentSoft: BRAND.lilac,
  led: "#22c55e",
};

export interface Ctx {
  w: number;
  h: number;
  t: Theme;
  rng: Rng;
}

// Aerial perspective: far things fade towards the sky colour.
export const depth = (t: Theme, k: number): string => mix(t.skyBottom, t.ink, k);

export function defs(t: Theme): string {
  const [m0, m1, m2] = t.metal;
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t.skyTop}"/><stop offset="1" stop-color="${t.skyBottom}"/></linearGradient>
<linearGradient id="cyl" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${m0}"/><stop offset=".35" stop-color="${m2}"/><stop offset=".6" stop-color="${m1}"/><stop offset="1" stop-color="${m0}"/></linearGradient>
<linearGradient id="cylH" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${m0}"/><stop offset=".3" stop-color="${m2}"/><stop offset=".6" stop-color="${m1}"/><stop offset="1" stop-color="${m0}"/></linearGradient>
<linearGradient id="face" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${m2}"/><stop offset="1" stop-color="${m1}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(t.screen, "#1e3a5f", 0.6)}"/><stop offset="1" stop-color="${t.screen}"/></linearGradient>
<linearGradient id="area" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t.accent}" stop-opacity=".55"/><stop offset="1" stop-color="${t.accent}" stop-opacity="0"/></linearGradient>
<radialGradient id="glowA"><stop offset="0" stop-color="${t.accent}" stop-opacity=".9"/><stop offset=".4" stop-color="${t.accent}" stop-opacity=".3"/><stop offset="1" stop-color="${t.accent}" stop-opacity="0"/></radialGradient>
<radialGradient id="glowW"><stop offset="0" stop-color="#ffffff" stop-opacity=".8"/><stop offset=".35" stop-color="#dbe4ee" stop-opacity=".25"/><stop offset="1" stop-color="#dbe4ee" stop-opacity="0"/></radialGradient>
<radialGradient id="smoke"><stop offset="0" stop-color="${t.dark ? "#8a9aae" : "#ffffff"}" stop-opacity=".35"/><stop offset="1" stop-color="${t.dark ? "#8a9aae" : "#ffffff"}" stop-opacity="0"/></radialGradient>
<radialGradient id="vignette" cx=".5" cy=".45" r=".75"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${t.dark ? 0.55 : 0.12}"/></radialGradient>
<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="2.5"/></filter>
<filter id="blur" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="8"/></filter>
</defs>`;
}

export const glow = (cx: number, cy: number, rx: number, ry: number, id: "glowA" | "glowW", op = 1): string =>
  `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="url(#${id})" opacity="${op}"/>`;

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = ""): string =>
  `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="${fill}" ${extra}/>`;

// Random walk, used for trend lines on screens.
export function walk(rng: Rng, n: number, start = 0.5, step = 0.12): number[] {
  const out: number[] = [];
  let v = start;
  for (let i = 0; i < n; i++) {
    v = Math.min(0.92, Math.max(0.08, v + (rng() - 0.5) * step * 2));
    out.push(v);
  }
  return out;
}

export function polyline(xs: number, ys: number, w: number, h: number, vals: number[]): string {
  return vals.map((v, i) => `${r1(xs + (i / (vals.length - 1)) * w)},${r1(ys + h - v * h)}`).join(" ");
}

// --- Screen contents (drawn inside a display area x,y,w,h) ---

function trendScreen(c: Ctx, x: number, y: number, w: number, h: number): string {
  const { t, rng } = c;
  let s = "";
  for (let i = 1; i < 4; i++) s += rect(x, y + (h * i) / 4, w, 1, t.trace, 'opacity=".12"');
  for (let i = 1; i < 6; i++) s += rect(x + (w * i) / 6, y, 1, h, t.trace, 'opacity=".08"');
  const main = walk(rng, 40, range(rng, 0.4, 0.7), 0.07);
  const pts = polyline(x, y + 6, w, h - 12, main);
  s += `<polygon points="${r1(x)},${r1(y + h)} ${pts} ${r1(x + w)},${r1(y + h)}" fill="url(#area)" opacity=".7"/>`;
  s += `<polyline points="${pts}" fill="none" stroke="${t.accentSoft}" stroke-width="2.2" stroke-linejoin="round"/>`;
  s += `<polyline points="${polyline(x, y + 6, w, h - 12, walk(rng, 30, range(rng, 0.2, 0.5), 0.05))}" fill="none" stroke="${t.trace}" stroke-width="1.5" opacity=".7"/>`;
  return s;
}

function barScreen(c: Ctx, x: number, y: number, w: number, h: number): string {
  const { t, rng } = c;
  const n = Math.max(6, Math.round(w / 22));
  const bw = (w / n) * 0.6;
  let s = "";
  for (let i = 0; i < n; i++) {
    const bh = range(rng, 0.2, 0.9) * (h - 10);
    s += rect(x + (i * w) / n + bw * 0.3, y + h - bh, bw, bh, i % 4 === 1 ? t.accent : t.trace, `opacity="${i % 4 === 1 ? 0.95 : 0.45}" rx="1.5"`);
  }
  return s;
}

function mimicScreen(c: Ctx, x: number, y: number, w: number, h: number): string {
  const { t, rng } = c;
  const tanks = Math.max(2, Math.round(w / 110));
  const tw = Math.min(50, w / (tanks * 2.2));
  const th = h * 0.55;
  const ty = y + h * 0.2;
  let s = `<path d="M${r1(x + 8)} ${r1(y + h * 0.85)} H${r1(x + w - 8)}" stroke="${t.trace}" stroke-width="3" opacity=".5" fill="none"/>`;
  for (let i = 0; i < tanks; i++) {
    const cx = x + ((i + 0.5) * w) / tanks;
    const lvl = range(rng, 0.25, 0.85);
    s += `<path d="M${r1(cx)} ${r1(ty + th)} V${r1(y + h * 0.85)}" stroke="${t.trace}" stroke-width="3" opacity=".5"/>`;
    s += rect(cx - tw / 2, ty, tw, th, "none", `stroke="${t.trace}" stroke-width="2" rx="${r1(tw / 4)}" opacity=".8"`);
    s += rect(cx - tw / 2 + 3, ty + th * (1 - lvl), tw - 6, th * lvl - 3, t.accent, `rx="${r1(tw / 6)}" opacity=".85"`);
    s += `<circle cx="${r1(cx + w / tanks / 2)}" cy="${r1(y + h * 0.85)}" r="6" fill="${t.screen}" stroke="${t.accentSoft}" stroke-width="2"/>`;
  }
  return s;
}

function donutScreen(c: Ctx, x: number, y: number, w: number, h: number): string {
  const { t, rng } = c;
  const r = Math.min(w / 4, h / 2.6);
  const circ = 2 * Math.PI * r;
  const part = range(rng, 0.45, 0.85);
  let s = `<circle cx="${r1(x + r + 12)}" cy="${r1(y + h / 2)}" r="${r1(r)}" fill="none" stroke="${t.trace}" stroke-opacity=".15" stroke-width="${r1(r * 0.3)}"/>`;
  s += `<circle cx="${r1(x + r + 12)}" cy="${r1(y + h / 2)}" r="${r1(r)}" fill="none" stroke="${t.accent}" stroke-width="${r1(r * 0.3)}" stroke-dasharray="${r1(circ * part)} ${r1(circ)}" transform="rotate(-90 ${r1(x + r + 12)} ${r1(y + h / 2)})"/>`;
  const bx = x + 2 * r + 30;
  for (let i = 0; i < 4; i++) {
    const by = y + h * 0.2 + i * h * 0.17;
    s += rect(bx, by, (x + w - bx - 10) * range(rng, 0.4, 1), h * 0.06, i === 0 ? t.accentSoft : t.trace, `rx="2" opacity="${i === 0 ? 0.9 : 0.35}"`);
  }
  return s;
}

const SCREENS = [trendScreen, barScreen, mimicScreen, donutScreen];

export function screenContent(c: Ctx, x: number, y: number, w: number, h: number, kind?: number): string {
  const fn = SCREENS[kind ?? Math.floor(c.rng() * SCREENS.length)] ?? trendScreen;
  return fn(c, x, y, w, h);
}
