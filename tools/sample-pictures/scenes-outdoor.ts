// Outdoor and plant-structure scenes: factory skyline, substation, pipe manifold.
import { type Ctx, depth, glow, rect } from "./scene-kit.ts";
import { pick, r1, range } from "./util.ts";

const hazeDef = (t: Ctx["t"]) =>
  `<defs><linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t.skyBottom}" stop-opacity="0"/><stop offset=".7" stop-color="${t.skyBottom}" stop-opacity=".55"/><stop offset="1" stop-color="${t.skyBottom}" stop-opacity="0"/></linearGradient>
<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${depth(t, t.dark ? 0.75 : 0.4)}"/><stop offset="1" stop-color="${depth(t, t.dark ? 1 : 0.6)}"/></linearGradient></defs>`;

function cylinder(x: number, y: number, w: number, h: number, fill: string): string {
  return (
    rect(x, y, w, h, fill) +
    rect(x, y, w, h, "url(#cyl)", 'opacity=".28"') +
    `<ellipse cx="${r1(x + w / 2)}" cy="${r1(y)}" rx="${r1(w / 2)}" ry="${r1(w * 0.12)}" fill="${fill}"/>`
  );
}

function plume(x: number, y: number, k: number): string {
  let s = "";
  for (let i = 0; i < 5; i++) {
    s += `<ellipse cx="${r1(x + i * 30 * k)}" cy="${r1(y - i * 22 * k)}" rx="${r1((22 + i * 16) * k)}" ry="${r1((12 + i * 9) * k)}" fill="url(#smoke)" opacity="${r1(0.9 - i * 0.15)}"/>`;
  }
  return s;
}

export function factory(c: Ctx): string {
  const { w, h, t, rng } = c;
  const hz = h * 0.72;
  let s = hazeDef(t) + rect(0, 0, w, h, "url(#sky)");
  s += glow(w * range(rng, 0.55, 0.75), hz, w * 0.55, h * 0.5, "glowA", t.dark ? 0.4 : 0.16);
  s += glow(w * 0.3, hz, w * 0.45, h * 0.3, "glowW", t.dark ? 0.12 : 0.6);

  // Far skyline: plain blocks and a few thin stacks with smoke.
  const far = depth(t, 0.3);
  let plumes = "";
  for (let x = -20; x < w;) {
    const bw = range(rng, 40, 150);
    const bh = range(rng, 18, 80);
    s += rect(x, hz - bh, bw + 1, bh + 2, far);
    if (rng() < 0.28) {
      const sh = range(rng, 90, 180);
      const sx = x + bw * 0.4;
      s += rect(sx, hz - bh - sh, 9, sh, far);
      plumes += plume(sx + 5, hz - bh - sh - 10, 0.8);
    }
    x += bw;
  }
  s += plumes + rect(0, hz - 140, w, 170, "url(#haze)");

  // Mid layer: the plant itself. Features are chosen in turn so each seed differs.
  const mid = depth(t, 0.62);
  const lights: string[] = [];
  let rack = "";
  for (let x = range(rng, -40, 40); x < w + 40;) {
    const kind = Math.floor(rng() * 4);
    if (kind === 0) {
      // tank group
      const n = 2 + Math.floor(rng() * 2);
      for (let i = 0; i < n; i++) {
        const tw = range(rng, 70, 120);
        const th = range(rng, 60, 130);
        s += cylinder(x, hz - th, tw, th + 2, mid);
        x += tw + range(rng, 8, 20);
      }
    } else if (kind === 1) {
      // distillation column with platforms
      const ch = range(rng, 220, 320);
      s += cylinder(x, hz - ch, 30, ch + 2, mid);
      for (let y = hz - ch + 30; y < hz - 20; y += range(rng, 40, 60)) s += rect(x - 10, y, 50, 4, mid);
      lights.push(`${x + 15},${hz - ch - 4}`);
      x += 70;
    } else if (kind === 2) {
      // stack, slightly tapered, with warning lights
      const sh = range(rng, 280, 380);
      s += `<polygon points="${r1(x)},${r1(hz)} ${r1(x + 30)},${r1(hz)} ${r1(x + 24)},${r1(hz - sh)} ${r1(x + 6)},${r1(hz - sh)}" fill="${mid}"/>`;
      s += rect(x + 5, hz - sh + 16, 20, 6, t.dark ? "#2b3f57" : "#8a9aae");
      s += plume(x + 15, hz - sh - 14, 1.2);
      lights.push(`${x + 15},${hz - sh + 4}`, `${x + 15},${hz - sh * 0.55}`);
      x += 60;
    } else {
      // process building with saw-tooth roof and lit windows
      const bw = range(rng, 160, 260);
      const bh = range(rng, 80, 130);
      const teeth = Math.round(bw / 40);
      let d = `M${r1(x)} ${r1(hz)} V${r1(hz - bh)}`;
      for (let i = 0; i < teeth; i++) d += ` l${r1(bw / teeth)} -24 v24`;
      s += `<path d="${d} V${r1(hz)} Z" fill="${mid}"/>`;
      for (let wx = x + 14; wx < x + bw - 20; wx += 22) {
        for (let wy = hz - bh + 18; wy < hz - 20; wy += 26) {
          if (rng() < 0.45) s += rect(wx, wy, 10, 12, t.dark ? "#c9d2dc" : "#ffffff", `opacity="${t.dark ? 0.22 : 0.6}"`);
        }
      }
      x += bw;
    }
    // pipe rack linking to the next feature
    const gap = range(rng, 30, 120);
    for (let p = 0; p < 3; p++) rack += rect(x, hz - 62 - p * 9, gap, 4, mid);
    for (let sx = x; sx < x + gap; sx += 30) rack += rect(sx, hz - 84, 4, 84, mid);
    x += gap;
  }
  s += rack;
  for (const p of lights) {
    const [lx, ly] = p.split(",").map(Number) as [number, number];
    s += glow(lx, ly, 18, 18, "glowA", 0.9) + `<circle cx="${r1(lx)}" cy="${r1(ly)}" r="2.5" fill="${t.accentSoft}"/>`;
  }

  // Foreground: ground with site lamps, and a pipe run cut by the frame like a photo.
  s += rect(0, hz, w, h - hz, "url(#ground)");
  for (let x = range(rng, 60, 200); x < w; x += range(rng, 300, 520)) {
    s += rect(x, hz - 70, 3, 70, mid) + glow(x + 1, hz - 70, 30, 22, "glowW", t.dark ? 0.7 : 0.3);
    s += glow(x + 1, hz + 14, 120, 12, "glowW", t.dark ? 0.18 : 0.2);
  }
  const near = depth(t, 0.88);
  for (const [py, d] of [
    [h - 92, 26],
    [h - 52, 34],
  ] as const) {
    s += rect(0, py, w, d, near) + rect(0, py, w, d, "url(#cylH)", 'opacity=".35"');
    for (let fx = range(rng, 40, 200); fx < w; fx += range(rng, 240, 420)) {
      s += rect(fx, py - 5, 12, d + 10, near) + rect(fx, py - 5, 12, d + 10, "url(#cyl)", 'opacity=".4"');
    }
  }
  for (let x = 30; x < w; x += 160) s += rect(x, h - 100, 10, 100, t.ink);
  return s;
}

// Lattice pylon: legs, waist, three cross-arms. Returns the arm tips for wires.
function pylon(x: number, base: number, ht: number, color: string, sw: number): { svg: string; tips: [number, number][] } {
  const top = base - ht;
  const bw = ht * 0.3;
  const ww = ht * 0.08;
  const waist = base - ht * 0.55;
  const stroke = `stroke="${color}" stroke-width="${r1(sw)}" fill="none" stroke-linejoin="round"`;
  let d = `M${r1(x - bw / 2)} ${r1(base)} L${r1(x - ww / 2)} ${r1(waist)} L${r1(x - ww * 0.3)} ${r1(top + ht * 0.05)} L${r1(x)} ${r1(top)} L${r1(x + ww * 0.3)} ${r1(top + ht * 0.05)} L${r1(x + ww / 2)} ${r1(waist)} L${r1(x + bw / 2)} ${r1(base)}`;
  // bracing zig-zag between the legs
  const steps = 7;
  for (let i = 0; i < steps; i++) {
    const y0 = base - (i / steps) * (base - waist);
    const y1 = base - ((i + 1) / steps) * (base - waist);
    const hw0 = bw / 2 - (i / steps) * (bw / 2 - ww / 2);
    const hw1 = bw / 2 - ((i + 1) / steps) * (bw / 2 - ww / 2);
    d += ` M${r1(x - hw0)} ${r1(y0)} L${r1(x + hw1)} ${r1(y1)} M${r1(x + hw0)} ${r1(y0)} L${r1(x - hw1)} ${r1(y1)}`;
  }
  const tips: [number, number][] = [];
  for (const [k, span] of [
    [0.62, 0.5],
    [0.78, 0.42],
    [0.92, 0.3],
  ] as const) {
    const y = base - ht * k;
    const half = ht * span * 0.5;
    d += ` M${r1(x - half)} ${r1(y)} H${r1(x + half)} M${r1(x - half)} ${r1(y)} L${r1(x)} ${r1(y - ht * 0.05)} L${r1(x + half)} ${r1(y)}`;
    tips.push([x - half, y + ht * 0.03], [x + half, y + ht * 0.03]);
  }
  return { svg: `<path d="${d}" ${stroke}/>`, tips };
}

export function substation(c: Ctx): string {
  const { w, h, t, rng } = c;
  const hz = h * 0.76;
  let s = hazeDef(t) + rect(0, 0, w, h, "url(#sky)");
  s += glow(w * 0.7, hz, w * 0.6, h * 0.5, "glowA", t.dark ? 0.35 : 0.14);
  s += glow(w * 0.25, hz, w * 0.4, h * 0.3, "glowW", t.dark ? 0.1 : 0.6);
  // distant tree line
  let d = `M0 ${r1(hz)}`;
  for (let x = 0; x <= w; x += 24) d += ` L${x} ${r1(hz - range(rng, 8, 26))}`;
  s += `<path d="${d} L${w} ${r1(hz)} Z" fill="${depth(t, 0.3)}"/>` + rect(0, hz - 60, w, 80, "url(#haze)");
  s += rect(0, hz, w, h - hz, "url(#ground)");

  // A line of pylons receding towards a vanishing point, wires sagging between them.
  const vpx = w * 0.78;
  let wires = "";
  let towers = "";
  let prev: [number, number][] | null = null;
  for (let i = 6; i >= 0; i--) {
    const sc = 1 / (1 + i * 0.75);
    const x = vpx - w * 0.6 * sc;
    const p = pylon(x, hz + 150 * sc, 520 * sc, depth(t, 0.35 + 0.55 * sc), Math.max(1, 4 * sc));
    towers += p.svg;
    if (prev) {
      p.tips.forEach(([x1, y1], k) => {
        const [x0, y0] = prev![k]!;
        wires += `<path d="M${r1(x0)} ${r1(y0)} Q${r1((x0 + x1) / 2)} ${r1(Math.max(y0, y1) + 40 * sc)} ${r1(x1)} ${r1(y1)}" stroke="${depth(t, 0.7)}" stroke-width="1.3" fill="none"/>`;
      });
    }
    prev = p.tips;
  }
  // wires leaving the frame from the nearest tower
  prev?.forEach(([x0, y0]) => {
    wires += `<path d="M${r1(x0)} ${r1(y0)} Q${r1(x0 / 2)} ${r1(y0 + 70)} -10 ${r1(y0 + 10)}" stroke="${depth(t, 0.8)}" stroke-width="1.6" fill="none"/>`;
  });
  s += towers + wires;

  // Foreground transformer: radiator fins, bushings, conservator tank.
  const near = depth(t, 0.9);
  const tx = w * 0.52;
  const ty = h - 190;
  s += rect(tx - 40, ty + 150, 420, 60, t.ink);
  s += rect(tx, ty, 300, 160, near) + rect(tx, ty, 300, 160, "url(#cyl)", 'opacity=".3"');
  for (let fx = tx - 36; fx < tx; fx += 9) s += rect(fx, ty + 20, 5, 130, near) + rect(fx, ty + 20, 5, 130, "url(#cyl)", 'opacity=".35"');
  for (let fx = tx + 304; fx < tx + 340; fx += 9) s += rect(fx, ty + 20, 5, 130, near) + rect(fx, ty + 20, 5, 130, "url(#cyl)", 'opacity=".35"');
  // conservator tank on legs at one end, bushings (stacked insulator sheds) in front
  s += rect(tx + 200, ty - 128, 100, 36, near, 'rx="18"') + rect(tx + 200, ty - 128, 100, 36, "url(#cylH)", 'rx="18" opacity=".35"');
  s += rect(tx + 215, ty - 92, 6, 92, near) + rect(tx + 280, ty - 92, 6, 92, near);
  for (let b = 0; b < 3; b++) {
    const bx = tx + 40 + b * 62;
    for (let k = 0; k < 7; k++)
      s += `<ellipse cx="${bx}" cy="${r1(ty - 8 - k * 11)}" rx="12" ry="4.5" fill="${near}" stroke="${depth(t, 0.55)}" stroke-width="1"/>`;
    s += rect(bx - 3, ty - 94, 6, 14, near);
  }
  s += glow(tx + 260, ty + 40, 16, 16, "glowA", 0.9) + `<circle cx="${tx + 260}" cy="${ty + 40}" r="3" fill="${t.accentSoft}"/>`;
  // fence in front
  for (let x = 10; x < w; x += 120) s += rect(x, h - 120, 5, 120, t.ink);
  for (const y of [h - 112, h - 70, h - 28]) s += rect(0, y, w, 2, t.ink, 'opacity=".8"');
  return s;
}

// Close-up of a pipe manifold with flanges, valves and coloured ID bands.
export function pipes(c: Ctx): string {
  const { w, h, t, rng } = c;
  let s = rect(0, 0, w, h, "url(#sky)");
  s += glow(w * 0.3, h * 0.25, w * 0.5, h * 0.6, "glowW", t.dark ? 0.12 : 0.5);
  s += glow(w * 0.75, h * 0.6, w * 0.4, h * 0.5, "glowA", t.dark ? 0.25 : 0.1);
  const body = depth(t, 0.7);
  // wall panel seams behind
  for (let x = 0; x < w; x += 240) s += rect(x, 0, 2, h, t.ink, 'opacity=".18"');
  // vertical drops first, so horizontal runs pass in front of them
  const drops: number[] = [];
  for (let x = range(rng, 80, 200); x < w - 60; x += range(rng, 260, 420)) drops.push(x);
  for (const x of drops) {
    const pw = range(rng, 28, 44);
    s += rect(x, 0, pw, h, body) + rect(x, 0, pw, h, "url(#cyl)", 'opacity=".55"');
    s += rect(x - 6, h * range(rng, 0.1, 0.3), pw + 12, 14, body) + rect(x - 6, h * 0.2, pw + 12, 14, "url(#cyl)", 'opacity=".6"');
  }
  const runs = [h * 0.3, h * 0.55, h * 0.8];
  runs.forEach((y, i) => {
    const d = 44 + i * 14;
    s += `<rect x="0" y="${r1(y + d * 0.7)}" width="${w}" height="${r1(d * 0.5)}" fill="#000" opacity=".25" filter="url(#blur)"/>`;
    s += rect(0, y, w, d, body) + rect(0, y, w, d, "url(#cylH)", 'opacity=".6"');
    // flanges with bolts
    for (let fx = range(rng, 60, 200); fx < w; fx += range(rng, 280, 460)) {
      s += rect(fx, y - 10, 18, d + 20, body, 'rx="2"') + rect(fx, y - 10, 18, d + 20, "url(#cyl)", 'rx="2" opacity=".7"');
      for (let b = 0; b < 4; b++) s += `<circle cx="${r1(fx + 9)}" cy="${r1(y - 4 + (b * (d + 8)) / 3)}" r="2.6" fill="${t.metal[0]}"/>`;
    }
    // identification band in the accent colour
    const bx = range(rng, w * 0.1, w * 0.8);
    s += rect(bx, y, 40, d, t.accent, 'opacity=".85"') + rect(bx, y, 40, d, "url(#cylH)", 'opacity=".35"');
    s += `<path d="M${r1(bx + 56)} ${r1(y + d / 2)} h30 l-8 -7 m8 7 l-8 7" stroke="${t.accentSoft}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  });
  // hand-wheel valves standing on the runs
  for (let vx = range(rng, 150, 400); vx < w - 80; vx += range(rng, 380, 620)) {
    const y = pick(rng, runs);
    const cy = y - 70;
    s += `<polygon points="${r1(vx - 26)},${r1(y)} ${r1(vx + 26)},${r1(y)} ${r1(vx + 16)},${r1(y - 30)} ${r1(vx - 16)},${r1(y - 30)}" fill="${body}"/>`;
    s += rect(vx - 4, cy, 8, 40, t.metal[1]);
    s += `<ellipse cx="${r1(vx)}" cy="${r1(cy)}" rx="46" ry="13" fill="none" stroke="${t.accent}" stroke-width="7"/>`;
    s += `<path d="M${r1(vx - 44)} ${r1(cy)} H${r1(vx + 44)} M${r1(vx)} ${r1(cy - 12)} V${r1(cy + 12)}" stroke="${t.accent}" stroke-width="4"/>`;
  }
  return s;
}
