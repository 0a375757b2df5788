// Indoor scenes: control room, production line with robots, cable-tray corridor.
import { type Ctx, depth, glow, rect, screenContent } from "./scene-kit.ts";
import { r1, range } from "./util.ts";

export function controlRoom(c: Ctx): string {
  const { w, h, t, rng } = c;
  let s = rect(0, 0, w, h, "url(#sky)");
  // ceiling with light panels
  s += rect(0, 0, w, 46, depth(t, 0.55));
  for (let x = 40; x < w; x += 240)
    s +=
      rect(x, 18, 150, 8, t.dark ? "#c9d2dc" : "#ffffff", `rx="3" opacity="${t.dark ? 0.5 : 0.9}"`) + glow(x + 75, 30, 140, 40, "glowW", t.dark ? 0.35 : 0.6);

  // video wall: a grid of displays with trends, mimics and KPIs
  const margin = w * 0.05;
  const wallW = w - margin * 2;
  const cols = Math.max(3, Math.round(wallW / 300));
  const rows = 2;
  const gap = 8;
  const top = 74;
  const sw = (wallW - gap * (cols - 1)) / cols;
  const sh = 124;
  s += glow(w / 2, top + sh, wallW * 0.6, 260, "glowA", t.dark ? 0.35 : 0.15);
  s += rect(margin - 14, top - 14, wallW + 28, rows * sh + gap + 28, "#03070d", 'rx="6"');
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < cols; k++) {
      const x = margin + k * (sw + gap);
      const y = top + r * (sh + gap);
      s += rect(x, y, sw, sh, "url(#glass)");
      s += rect(x + 12, y + 10, sw * 0.3, 6, t.trace, 'rx="2" opacity=".35"');
      s += screenContent(c, x + 14, y + 26, sw - 28, sh - 38);
    }
  }
  // floor and back row of desks under the wall
  const floorY = top + rows * sh + gap + 40;
  s += rect(0, floorY, w, h - floorY, depth(t, t.dark ? 0.75 : 0.45));
  s += glow(w / 2, floorY + 10, wallW * 0.5, 50, "glowA", t.dark ? 0.3 : 0.1);
  s += rect(0, floorY - 4, w, 4, depth(t, 0.85));

  // foreground console, operators' monitor backs lit by their own screens
  const cy = h * 0.75;
  s += `<path d="M0 ${r1(cy + 30)} Q${r1(w / 2)} ${r1(cy - 40)} ${w} ${r1(cy + 30)} V${h} H0 Z" fill="${depth(t, 0.92)}"/>`;
  s += `<path d="M0 ${r1(cy + 30)} Q${r1(w / 2)} ${r1(cy - 40)} ${w} ${r1(cy + 30)}" fill="none" stroke="${t.dark ? "#5b6b7f" : "#8a9aae"}" stroke-width="3" opacity=".7"/>`;
  const groups = Math.max(2, Math.round(w / 420));
  for (let g = 0; g < groups; g++) {
    const gx = ((g + 0.5) * w) / groups + range(rng, -20, 20);
    const n = 2 + Math.floor(rng() * 2);
    const mw = 112;
    // sit the monitors on the curved desk edge
    const u = gx / w;
    const baseY = cy + 30 - 4 * u * (1 - u) * 35 + 6;
    s += glow(gx, baseY - 30, n * 90, 60, "glowW", t.dark ? 0.22 : 0.4);
    for (let i = 0; i < n; i++) {
      const mx = gx + (i - (n - 1) / 2) * (mw + 6) - mw / 2;
      s += rect(mx, baseY - 86, mw, 68, depth(t, 1), 'rx="5"');
      s += rect(mx + 4, baseY - 86, mw - 8, 2.5, t.dark ? "#8a9aae" : "#c9d2dc", 'opacity=".7"');
      s += rect(mx + mw / 2 - 7, baseY - 18, 14, 18, depth(t, 1));
    }
    // an operator seen from behind, rim-lit by the video wall
    if (rng() < 0.6) {
      const ox = gx + range(rng, -60, 60);
      const oy = baseY + 34;
      const body = `M${r1(ox - 88)} ${h} C${r1(ox - 86)} ${r1(oy + 20)} ${r1(ox - 60)} ${r1(oy)} ${r1(ox)} ${r1(oy)} C${r1(ox + 60)} ${r1(oy)} ${r1(ox + 86)} ${r1(oy + 20)} ${r1(ox + 88)} ${h} Z`;
      const rim = t.dark ? "#8a9aae" : "#ffffff";
      s += `<path d="${body}" fill="${depth(t, 1)}"/>`;
      s += rect(ox - 13, oy - 22, 26, 26, depth(t, 1));
      s += `<ellipse cx="${r1(ox)}" cy="${r1(oy - 46)}" rx="27" ry="31" fill="${depth(t, 1)}"/>`;
      s += `<path d="M${r1(ox - 22)} ${r1(oy - 64)} A27 31 0 0 1 ${r1(ox + 22)} ${r1(oy - 64)} M${r1(ox - 58)} ${r1(oy + 6)} Q${r1(ox)} ${r1(oy - 8)} ${r1(ox + 58)} ${r1(oy + 6)}" stroke="${rim}" stroke-width="2" fill="none" opacity=".35"/>`;
    }
  }
  // light from the wall reflected on the console top
  s += glow(w / 2, cy - 6, w * 0.45, 40, "glowA", t.dark ? 0.3 : 0.12);
  return s;
}

// A robot arm from three joint angles; thick strokes with a thin highlight read as metal.
function robot(x: number, y: number, a1: number, a2: number, t: Ctx["t"], sc: number): string {
  const j1 = [x + Math.cos(a1) * 150 * sc, y + Math.sin(a1) * 150 * sc] as const;
  const j2 = [j1[0] + Math.cos(a2) * 130 * sc, j1[1] + Math.sin(a2) * 130 * sc] as const;
  const tip = [j2[0], j2[1] + 46 * sc] as const;
  const body = t.dark ? "#3b4f68" : "#5b6b7f";
  const hl = t.dark ? "#8a9aae" : "#c9d2dc";
  const seg = (a: readonly number[], b: readonly number[], sw: number) =>
    `<path d="M${r1(a[0]!)} ${r1(a[1]!)} L${r1(b[0]!)} ${r1(b[1]!)}" stroke="${body}" stroke-width="${r1(sw * sc)}" stroke-linecap="round"/>` +
    `<path d="M${r1(a[0]!)} ${r1(a[1]! - sw * sc * 0.25)} L${r1(b[0]!)} ${r1(b[1]! - sw * sc * 0.25)}" stroke="${hl}" stroke-width="${r1(sw * sc * 0.18)}" stroke-linecap="round" opacity=".6"/>`;
  let s = rect(x - 40 * sc, y, 80 * sc, 130 * sc, body) + rect(x - 40 * sc, y, 80 * sc, 130 * sc, "url(#cyl)", 'opacity=".45"');
  s += seg([x, y], j1, 40) + seg(j1, j2, 30) + seg(j2, tip, 16);
  for (const [jx, jy, r] of [
    [x, y, 28],
    [j1[0], j1[1], 22],
    [j2[0], j2[1], 15],
  ] as const) {
    s += `<circle cx="${r1(jx)}" cy="${r1(jy)}" r="${r1(r * sc)}" fill="${body}" stroke="${t.accent}" stroke-width="${r1(5 * sc)}"/>`;
  }
  s += `<path d="M${r1(tip[0] - 14 * sc)} ${r1(tip[1] + 16 * sc)} V${r1(tip[1])} H${r1(tip[0] + 14 * sc)} V${r1(tip[1] + 16 * sc)}" stroke="${hl}" stroke-width="${r1(5 * sc)}" fill="none"/>`;
  return s;
}

export function productionLine(c: Ctx): string {
  const { w, h, t, rng } = c;
  let s = rect(0, 0, w, h, "url(#sky)");
  // roof trusses and a clerestory of windows letting in daylight
  let truss = `M0 40 H${w} M0 6 H${w}`;
  for (let x = 0; x < w; x += 60) truss += ` M${x} 40 L${x + 30} 6 L${x + 60} 40`;
  s += `<path d="${truss}" stroke="${depth(t, 0.7)}" stroke-width="3" fill="none"/>`;
  for (let x = 20; x < w; x += 130) {
    s += rect(x, 62, 110, 130, t.dark ? "#3a5577" : "#ffffff", `opacity="${t.dark ? 0.35 : 0.85}"`);
    s += rect(x + 54, 62, 3, 130, depth(t, 0.6)) + rect(x, 126, 110, 3, depth(t, 0.6));
  }
  s += `<polygon points="${r1(w * 0.2)},62 ${r1(w * 0.32)},62 ${r1(w * 0.5)},${h} ${r1(w * 0.22)},${h}" fill="#ffffff" opacity="${t.dark ? 0.04 : 0.25}"/>`;
  s += `<polygon points="${r1(w * 0.62)},62 ${r1(w * 0.72)},62 ${r1(w * 0.9)},${h} ${r1(w * 0.64)},${h}" fill="#ffffff" opacity="${t.dark ? 0.035 : 0.2}"/>`;
  // machines along the back wall
  for (let x = range(rng, -40, 20); x < w; x += range(rng, 200, 320)) {
    const mw = range(rng, 140, 220);
    const mh = range(rng, 120, 190);
    s += rect(x, 440 - mh, mw, mh, depth(t, 0.5), 'rx="4"');
    s += rect(x + 16, 440 - mh + 18, 50, 34, t.screen, 'rx="2"') + rect(x + 20, 440 - mh + 40, 42, 4, t.accentSoft, 'opacity=".8"');
    s += `<circle cx="${r1(x + mw - 22)}" cy="${r1(440 - mh + 24)}" r="4" fill="${t.led}"/>`;
  }
  // floor with perspective lines and a marked walkway
  s += rect(0, 440, w, h - 440, depth(t, t.dark ? 0.8 : 0.35));
  for (let k = -8; k <= 8; k++)
    s += `<path d="M${r1(w / 2 + k * 40)} 440 L${r1(w / 2 + k * 260)} ${h}" stroke="${t.dark ? "#ffffff" : "#12263f"}" stroke-opacity=".05" stroke-width="2"/>`;
  s += `<path d="M0 ${h - 30} H${w}" stroke="${t.accent}" stroke-width="6" stroke-dasharray="60 30" opacity=".7"/>`;
  // robots stand behind the belt
  for (let x = range(rng, 120, 260); x < w - 60; x += range(rng, 380, 520)) {
    s += robot(x, 330, range(rng, -2.1, -1.2), range(rng, 0.1, 0.9), t, 1);
  }
  // conveyor: belt, frame, rollers, legs, and parts on it
  const by = 452;
  for (let x = 40; x < w; x += 170) s += rect(x, by + 40, 10, 110, depth(t, 0.9));
  s += rect(0, by, w, 14, t.metal[0]) + rect(0, by + 14, w, 28, depth(t, 0.85)) + rect(0, by + 14, w, 28, "url(#cylH)", 'opacity=".4"');
  for (let x = 10; x < w; x += 36) s += `<circle cx="${x}" cy="${by + 28}" r="4" fill="${t.metal[0]}" opacity=".8"/>`;
  for (let x = range(rng, 0, 80); x < w; x += range(rng, 130, 260)) {
    const bw = range(rng, 70, 110);
    const bh = range(rng, 40, 70);
    s += rect(x, by - bh, bw, bh, "url(#face)", `stroke="${t.metal[0]}" stroke-width="1.5" rx="3"`);
    s += rect(x + bw * 0.15, by - bh + 10, bw * 0.3, 8, t.accent, 'rx="1.5" opacity=".85"');
  }
  return s;
}

// Corridor of ladder cable trays, drawn with a simple pinhole projection.
// All trays hang above eye level, so we see rungs and cable undersides.
export function cableTray(c: Ctx): string {
  const { w, h, t, rng } = c;
  const cx = w * range(rng, 0.42, 0.58);
  const cy = h * 0.5;
  const f = h * 0.85;
  const P = (x: number, y: number, z: number) => `${r1(cx + (f * x) / z)},${r1(cy + (f * y) / z)}`;
  const xy = (x: number, y: number, z: number) => P(x, y, z).split(",").map(Number) as [number, number];
  const quad = (a: string, b: string, cc: string, d: string, fill: string, extra = "") => `<polygon points="${a} ${b} ${cc} ${d}" fill="${fill}" ${extra}/>`;
  const Z0 = 0.5;
  const Z1 = 18;
  const WX = 3.4;
  const CEIL = -1.7;
  const FLOOR = 1.5;
  const k = t.dark ? 0 : 1; // light theme: paler shell
  let s = rect(0, 0, w, h, depth(t, 0.4));
  // room shell: ceiling, floor, walls, far end
  s += quad(P(-WX, CEIL, Z0), P(WX, CEIL, Z0), P(WX, CEIL, Z1), P(-WX, CEIL, Z1), depth(t, 0.7 - k * 0.35));
  s += quad(P(-WX, FLOOR, Z0), P(WX, FLOOR, Z0), P(WX, FLOOR, Z1), P(-WX, FLOOR, Z1), depth(t, 0.55 - k * 0.3));
  s += quad(P(-WX, CEIL, Z0), P(-WX, FLOOR, Z0), P(-WX, FLOOR, Z1), P(-WX, CEIL, Z1), depth(t, 0.45 - k * 0.25));
  s += quad(P(WX, CEIL, Z0), P(WX, FLOOR, Z0), P(WX, FLOOR, Z1), P(WX, CEIL, Z1), depth(t, 0.5 - k * 0.25));
  s += quad(P(-WX, CEIL, Z1), P(WX, CEIL, Z1), P(WX, FLOOR, Z1), P(-WX, FLOOR, Z1), depth(t, 0.2));
  // wall panel joints and floor joints receding
  for (let z = 1; z < Z1; z += 1.5) {
    s += `<path d="M${P(-WX, CEIL, z)} L${P(-WX, FLOOR, z)} M${P(WX, CEIL, z)} L${P(WX, FLOOR, z)} M${P(-WX, FLOOR, z)} L${P(WX, FLOOR, z)}" stroke="${t.ink}" stroke-opacity="${t.dark ? 0.22 : 0.08}" stroke-width="1.5"/>`;
  }
  s += `<path d="M${P(-0.9, FLOOR, Z0)} L${P(-0.9, FLOOR, Z1)} M${P(0.9, FLOOR, Z0)} L${P(0.9, FLOOR, Z1)}" stroke="${t.accent}" stroke-width="4" stroke-dasharray="30 18" opacity=".5"/>`;
  // ceiling lights down the middle, with their pools on the floor
  for (let z = 1.6; z < Z1; z += 2.4) {
    s += quad(P(-0.3, CEIL, z), P(0.3, CEIL, z), P(0.3, CEIL, z + 0.9), P(-0.3, CEIL, z + 0.9), "#ffffff", `opacity="${t.dark ? 0.7 : 0.95}"`);
    const [lx, ly] = xy(0, CEIL, z + 0.45);
    s += glow(lx, ly + 6, (f * 1.1) / z, (f * 0.35) / z, "glowW", t.dark ? 0.45 : 0.6);
    const [fx, fy] = xy(0, FLOOR, z + 0.45);
    s += glow(fx, fy, (f * 1.6) / z, (f * 0.3) / z, "glowW", t.dark ? 0.18 : 0.35);
  }
  // trays: cables, then side rails, then rungs and hanger rods in front of them
  const trays: [number, number, number][] = [
    [-1.6, -0.6, -1.25],
    [0.6, 1.6, -1.25],
    [-3.35, -2.55, -1.3],
    [-3.35, -2.55, -0.85],
    [-3.35, -2.55, -0.4],
    [2.55, 3.35, -1.3],
    [2.55, 3.35, -0.85],
    [2.55, 3.35, -0.4],
  ];
  const cableCols = [t.metal[0], depth(t, 0.95), "#3b4f68", t.accent, "#5b6b7f", depth(t, 0.8)];
  const rail = t.dark ? "#56677d" : "#5b6b7f";
  const rung = t.dark ? "#4a5b70" : "#8a9aae";
  for (const [x0, x1, y] of trays) {
    const n = 8;
    for (let i = 0; i < n; i++) {
      const x = x0 + ((i + 0.5) * (x1 - x0)) / n;
      const d = 0.045;
      const yy = y + 0.02 + (i % 2) * 0.03;
      const col = cableCols[Math.floor(rng() * cableCols.length)] ?? rail;
      s += quad(P(x - d, yy, Z0), P(x + d, yy, Z0), P(x + d, yy + 0.07, Z1), P(x - d, yy + 0.07, Z1), col);
    }
    s += quad(P(x0, y - 0.02, Z0), P(x0, y + 0.12, Z0), P(x0, y + 0.12, Z1), P(x0, y - 0.02, Z1), rail);
    s += quad(P(x1, y - 0.02, Z0), P(x1, y + 0.12, Z0), P(x1, y + 0.12, Z1), P(x1, y - 0.02, Z1), rail);
    for (let z = 0.8; z < Z1; z += 0.6) {
      s += `<path d="M${P(x0, y + 0.12, z)} L${P(x1, y + 0.12, z)}" stroke="${rung}" stroke-width="${r1(Math.max(0.8, 10 / z))}"/>`;
    }
    if (Math.abs(x0) < 3) {
      for (let z = 1; z < Z1; z += 1.8) {
        s += `<path d="M${P(x0 - 0.05, CEIL, z)} L${P(x0 - 0.05, y + 0.16, z)} M${P(x1 + 0.05, CEIL, z)} L${P(x1 + 0.05, y + 0.16, z)} M${P(x0 - 0.1, y + 0.16, z)} L${P(x1 + 0.1, y + 0.16, z)}" stroke="${rail}" stroke-width="${r1(Math.max(1, 12 / z))}"/>`;
      }
    }
  }
  // haze towards the far end
  const [vx, vy] = xy(0, 0, Z1);
  s += glow(vx, vy, w * 0.3, h * 0.4, "glowW", t.dark ? 0.3 : 0.5);
  s += glow(vx, vy + h * 0.25, w * 0.35, h * 0.15, "glowA", t.dark ? 0.3 : 0.12);
  return s;
}
