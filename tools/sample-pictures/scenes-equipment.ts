// Equipment close-ups: PLC rack in a cabinet, HMI panel on a door, gauge board.
import { type Ctx, depth, glow, rect, walk, polyline } from "./scene-kit.ts";
import { pick, r1, range } from "./util.ts";

// Slotted wiring duct (the grey comb-like trunking in every panel).
function duct(x: number, y: number, w: number, h: number, t: Ctx["t"]): string {
  const body = t.dark ? "#3b4f68" : "#aab6c4";
  const slot = t.dark ? "#1a2b40" : "#7d8b9c";
  let s = rect(x, y, w, h, body) + rect(x, y, w, h, "url(#cylH)", 'opacity=".25"');
  for (let sx = x + 6; sx < x + w; sx += 16) s += rect(sx, y + 6, 6, h * 0.3, slot) + rect(sx, y + h * 0.7 - 6, 6, h * 0.3, slot);
  return s + rect(x, y + h * 0.42, w, h * 0.16, body, 'opacity=".9"');
}

function ioModule(c: Ctx, x: number, y: number, mw: number, mh: number): string {
  const { t, rng } = c;
  let s = rect(x, y, mw, mh, "url(#face)", `stroke="${t.metal[0]}" stroke-width="1.5" rx="3"`);
  s += rect(x + 4, y + 8, mw - 8, 24, t.dark ? "#1a2b40" : "#5b6b7f", 'rx="2"');
  // status LEDs, two columns
  for (let i = 0; i < 8; i++) {
    for (let k = 0; k < 2; k++) {
      const on = rng() < 0.55;
      const lx = x + mw * (0.3 + k * 0.4);
      const ly = y + 46 + i * 11;
      const col = on ? (rng() < 0.2 ? t.accentSoft : t.led) : t.metal[0];
      s += rect(lx - 4, ly, 8, 5, col, 'rx="1"');
      if (on && t.dark) s += glow(lx, ly + 2, 9, 6, "glowW", 0.35);
    }
  }
  // terminal screws
  for (let i = 0; i < 8; i++) {
    for (let k = 0; k < 2; k++)
      s += `<circle cx="${r1(x + mw * (0.3 + k * 0.4))}" cy="${r1(y + mh - 110 + i * 12)}" r="3.2" fill="${t.metal[0]}" opacity=".8"/>`;
  }
  return s;
}

function cpuModule(c: Ctx, x: number, y: number, mw: number, mh: number): string {
  const { t } = c;
  let s = rect(x, y, mw, mh, "url(#face)", `stroke="${t.metal[0]}" stroke-width="1.5" rx="3"`);
  s += rect(x, y, mw, 12, t.accent, 'rx="3"');
  s += rect(x + 14, y + 30, mw - 28, 46, t.screen, 'rx="3"');
  s += `<polyline points="${polyline(x + 20, y + 36, mw - 40, 34, walk(c.rng, 14))}" fill="none" stroke="${t.accentSoft}" stroke-width="2"/>`;
  for (let i = 0; i < 4; i++) {
    s += `<circle cx="${r1(x + 22 + i * 16)}" cy="${r1(y + 96)}" r="4" fill="${i === 3 ? t.accentSoft : t.led}"/>`;
    if (t.dark) s += glow(x + 22 + i * 16, y + 96, 12, 12, "glowW", 0.4);
  }
  for (let i = 0; i < 2; i++) s += rect(x + 16 + i * 40, y + mh - 90, 30, 26, t.ink, 'rx="2"') + rect(x + 22 + i * 40, y + mh - 84, 18, 4, t.metal[1]);
  s += `<circle cx="${r1(x + mw - 30)}" cy="${r1(y + mh - 40)}" r="12" fill="${t.metal[1]}" stroke="${t.metal[0]}" stroke-width="2"/>`;
  return s;
}

export function plcRack(c: Ctx): string {
  const { w, h, t, rng } = c;
  let s = `<defs><pattern id="holes" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="14" cy="14" r="2.5" fill="${t.ink}" opacity="${t.dark ? 0.35 : 0.12}"/></pattern></defs>`;
  s += rect(0, 0, w, h, "url(#sky)") + rect(0, 0, w, h, "url(#holes)");
  s += glow(w * 0.35, h * 0.3, w * 0.5, h * 0.6, "glowW", t.dark ? 0.18 : 0.5);
  s += duct(0, 30, w, 70, t);
  const top = 140;
  const mh = 270;
  s += rect(0, top + mh / 2 - 16, w, 32, "url(#cylH)"); // DIN rail behind the modules
  const wires: string[] = [];
  let x = range(rng, 30, 90);
  // power supply, CPU, then I/O cards; a second rack starts after a gap
  while (x < w - 40) {
    s += rect(x, top + 4, 96, mh - 8, "url(#face)", `stroke="${t.metal[0]}" stroke-width="1.5" rx="3"`);
    for (let v = 0; v < 10; v++) s += rect(x + 14, top + 30 + v * 10, 68, 4, t.metal[0], 'opacity=".5"');
    s += `<circle cx="${r1(x + 48)}" cy="${r1(top + 160)}" r="5" fill="${t.led}"/>`;
    x += 102;
    s += cpuModule(c, x, top, 130, mh);
    x += 136;
    const cards = 6 + Math.floor(rng() * 6);
    for (let i = 0; i < cards && x < w - 40; i++) {
      const mw = pick(rng, [48, 48, 56, 64]);
      s += ioModule(c, x, top, mw, mh);
      for (let k = 0; k < 3; k++) wires.push(`${x + mw * (0.25 + k * 0.25)},${top + mh}`);
      x += mw + 4;
    }
    x += range(rng, 60, 120);
  }
  // wires drop from the terminals into the lower duct
  const colours = [t.dark ? "#4b6a8f" : "#3b5578", t.metal[0], t.dark ? "#c9d2dc" : "#5b6b7f", t.accent, depth(t, 0.9)];
  for (const p of wires) {
    const [wx, wy] = p.split(",").map(Number) as [number, number];
    const ex = wx + range(rng, -20, 20);
    s += `<path d="M${r1(wx)} ${r1(wy - 20)} C${r1(wx)} ${r1(wy + 40)} ${r1(ex)} ${r1(wy + 30)} ${r1(ex)} ${r1(wy + 80)}" stroke="${pick(rng, colours)}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
  }
  s += duct(0, top + mh + 70, w, 70, t);
  // terminal block strip at the bottom edge
  const tb = top + mh + 160;
  s += rect(0, tb + 20, w, 14, "url(#cylH)");
  for (let tx = 10; tx < w; tx += 13) {
    const col = rng() < 0.12 ? t.accent : rng() < 0.2 ? "#4b6a8f" : t.dark ? "#5b6b7f" : "#aab6c4";
    s += rect(tx, tb, 11, h - tb, col, 'rx="1.5"') + rect(tx, tb, 11, h - tb, "url(#cyl)", 'rx="1.5" opacity=".3"');
  }
  // soft light from the upper left, falling off to the lower right
  s += `<defs><linearGradient id="fall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="${t.dark ? 0.06 : 0.15}"/><stop offset="1" stop-color="#000" stop-opacity="${t.dark ? 0.35 : 0.1}"/></linearGradient></defs>`;
  return s + rect(0, 0, w, h, "url(#fall)");
}

// Touch panel on an enclosure door showing a tank-and-pump mimic.
export function hmi(c: Ctx): string {
  const { w, h, t, rng } = c;
  let s = rect(0, 0, w, h, "url(#sky)");
  s += glow(w * 0.6, h * 0.45, w * 0.5, h * 0.6, "glowA", t.dark ? 0.3 : 0.12);
  // door seams and hinges
  s += rect(w * 0.04, 20, w * 0.92, h - 40, "none", `stroke="${t.ink}" stroke-opacity=".35" stroke-width="3" rx="10"`);
  for (const y of [80, h - 130]) s += rect(w * 0.04 - 8, y, 16, 50, t.metal[1], 'rx="3"') + rect(w * 0.04 - 8, y, 16, 50, "url(#cyl)", 'rx="3" opacity=".6"');
  const pw = Math.min(w * 0.62, 980);
  const ph = Math.min(h * 0.78, pw * 0.56);
  const px = (w - pw) / 2 + (w > 1400 ? w * 0.06 : 0);
  const py = (h - ph) / 2;
  s += `<rect x="${r1(px + 10)}" y="${r1(py + 24)}" width="${r1(pw)}" height="${r1(ph)}" rx="18" fill="#000" opacity=".45" filter="url(#blur)"/>`;
  s += rect(px, py, pw, ph, t.dark ? "#1c2b3d" : "#2b3f57", 'rx="18"') + rect(px, py, pw, ph, "url(#face)", 'rx="18" opacity=".25"');
  const sx = px + 26;
  const sy = py + 26;
  const sw = pw - 52;
  const sh = ph - 52;
  s += rect(sx, sy, sw, sh, "url(#glass)", 'rx="4"');
  // header bar with tabs
  s += rect(sx, sy, sw, 34, "#061224");
  for (let i = 0; i < 5; i++) s += rect(sx + 14 + i * 86, sy + 10, 70, 14, i === 1 ? t.accent : t.trace, `rx="3" opacity="${i === 1 ? 0.95 : 0.25}"`);
  // process mimic: tanks with levels joined by pipes, pumps and valves
  const tanks = 3;
  const area = sw * 0.68;
  const tw = Math.min(90, area / 5);
  const tTop = sy + 70;
  const tH = sh * 0.5;
  const pipeY = tTop + tH + 40;
  s += `<path d="M${r1(sx + 20)} ${r1(pipeY)} H${r1(sx + area)}" stroke="${t.trace}" stroke-width="6" opacity=".45" fill="none"/>`;
  for (let i = 0; i < tanks; i++) {
    const cx = sx + 40 + (i + 0.5) * ((area - 40) / tanks);
    const lvl = range(rng, 0.3, 0.85);
    s += `<path d="M${r1(cx)} ${r1(tTop + tH)} V${r1(pipeY)}" stroke="${t.trace}" stroke-width="6" opacity=".45"/>`;
    s += rect(cx - tw / 2, tTop, tw, tH, "#0d2038", `stroke="${t.trace}" stroke-width="2.5" rx="${r1(tw / 3)}"`);
    s += rect(cx - tw / 2 + 5, tTop + tH * (1 - lvl), tw - 10, tH * lvl - 5, "url(#area)", `rx="${r1(tw / 4)}"`);
    s += rect(cx - tw / 2 + 5, tTop + tH * (1 - lvl), tw - 10, 3, t.accentSoft);
    s += rect(cx - 34, tTop - 26, 68, 12, t.trace, 'rx="3" opacity=".3"');
    // pump between tanks
    const ppx = cx + (area - 40) / tanks / 2;
    if (i < tanks - 1) {
      s += `<circle cx="${r1(ppx)}" cy="${r1(pipeY)}" r="16" fill="#0d2038" stroke="${t.accentSoft}" stroke-width="3"/>`;
      s += `<polygon points="${r1(ppx - 6)},${r1(pipeY - 9)} ${r1(ppx + 10)},${r1(pipeY)} ${r1(ppx - 6)},${r1(pipeY + 9)}" fill="${t.accentSoft}"/>`;
    }
    // valve (bow-tie) on each outlet
    s += `<polygon points="${r1(cx - 11)},${r1(pipeY - 28)} ${r1(cx + 11)},${r1(pipeY - 12)} ${r1(cx + 11)},${r1(pipeY - 28)} ${r1(cx - 11)},${r1(pipeY - 12)}" fill="${i === 1 ? t.accent : t.trace}" opacity=".9"/>`;
  }
  // side panel: trend and setpoint bars
  const rx = sx + area + 24;
  const rw = sw - area - 40;
  s += rect(rx, sy + 60, rw, sh * 0.42, "#0d2038", 'rx="4"');
  const pts = polyline(rx + 10, sy + 72, rw - 20, sh * 0.42 - 24, walk(rng, 24, 0.5, 0.1));
  s += `<polyline points="${pts}" fill="none" stroke="${t.accentSoft}" stroke-width="2.5"/>`;
  for (let i = 0; i < 4; i++) {
    const by = sy + 80 + sh * 0.42 + i * 24;
    s +=
      rect(rx, by, rw, 10, t.trace, 'rx="3" opacity=".15"') +
      rect(rx, by, rw * range(rng, 0.3, 0.9), 10, i === 0 ? t.accent : t.trace, `rx="3" opacity="${i === 0 ? 0.9 : 0.4}"`);
  }
  // alarm strip at the bottom
  s += rect(sx, sy + sh - 28, sw, 28, "#061224") + rect(sx + 12, sy + sh - 19, sw * 0.3, 10, t.accentSoft, 'rx="3" opacity=".6"');
  // glass reflection
  s += `<polygon points="${r1(sx)},${r1(sy)} ${r1(sx + sw * 0.35)},${r1(sy)} ${r1(sx + sw * 0.2)},${r1(sy + sh)} ${r1(sx)},${r1(sy + sh)}" fill="#ffffff" opacity=".04"/>`;
  // push buttons and pilot lights beside the panel
  const bx = px - 110 > 60 ? px - 110 : px + pw + 60;
  if (bx + 60 < w) {
    for (let i = 0; i < 4; i++) {
      const by = py + 40 + i * 92;
      s += `<circle cx="${r1(bx)}" cy="${r1(by)}" r="30" fill="${t.metal[1]}" stroke="${t.metal[0]}" stroke-width="3"/>`;
      const cap = i === 0 ? t.accent : i === 3 ? t.metal[2] : depth(t, 0.85);
      s += `<circle cx="${r1(bx)}" cy="${r1(by)}" r="20" fill="${cap}"/>`;
      if (i === 0) s += glow(bx, by, 60, 60, "glowA", 0.6);
      s += rect(bx - 30, by + 38, 60, 10, t.metal[1], 'rx="2" opacity=".8"');
    }
  }
  return s;
}

// A board of pressure gauges on a manifold.
function gauge(c: Ctx, cx: number, cy: number, r: number): string {
  const { t, rng } = c;
  const face = t.dark ? "#0d1b2d" : "#f7f9fb";
  const ink = t.dark ? "#c9d2dc" : "#12263f";
  let s = `<circle cx="${r1(cx + 6)}" cy="${r1(cy + 10)}" r="${r1(r)}" fill="#000" opacity=".4" filter="url(#blur)"/>`;
  s += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="url(#cyl)"/>`;
  s += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r * 0.86)}" fill="${face}"/>`;
  const a0 = (135 * Math.PI) / 180;
  const sweep = (270 * Math.PI) / 180;
  const pt = (a: number, rr: number) => `${r1(cx + Math.cos(a) * rr)} ${r1(cy + Math.sin(a) * rr)}`;
  // accent zone arc near the top of the scale
  const z0 = a0 + sweep * 0.72;
  const z1 = a0 + sweep;
  s += `<path d="M${pt(z0, r * 0.68)} A${r1(r * 0.68)} ${r1(r * 0.68)} 0 0 1 ${pt(z1, r * 0.68)}" stroke="${t.accent}" stroke-width="${r1(r * 0.07)}" fill="none"/>`;
  let ticks = "";
  for (let i = 0; i <= 40; i++) {
    const a = a0 + (sweep * i) / 40;
    const major = i % 5 === 0;
    ticks += `M${pt(a, r * 0.78)} L${pt(a, r * (major ? 0.62 : 0.7))} `;
  }
  s += `<path d="${ticks}" stroke="${ink}" stroke-width="${r1(Math.max(1, r * 0.018))}" opacity=".85"/>`;
  const an = a0 + sweep * range(rng, 0.25, 0.8);
  s += `<polygon points="${pt(an, r * 0.72)} ${pt(an + Math.PI / 2, r * 0.04)} ${pt(an + Math.PI, r * 0.14)} ${pt(an - Math.PI / 2, r * 0.04)}" fill="${t.accent}"/>`;
  s += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r * 0.07)}" fill="${ink}"/>`;
  s += rect(cx - r * 0.2, cy + r * 0.36, r * 0.4, r * 0.08, ink, 'opacity=".25" rx="2"');
  s += `<ellipse cx="${r1(cx - r * 0.25)}" cy="${r1(cy - r * 0.4)}" rx="${r1(r * 0.5)}" ry="${r1(r * 0.25)}" fill="#fff" opacity=".07" transform="rotate(-30 ${r1(cx)} ${r1(cy)})"/>`;
  return s;
}

export function gauges(c: Ctx): string {
  const { w, h, t, rng } = c;
  let s = rect(0, 0, w, h, "url(#sky)");
  s += glow(w * 0.4, h * 0.2, w * 0.6, h * 0.6, "glowW", t.dark ? 0.15 : 0.5);
  const body = depth(t, 0.75);
  // manifold pipe along the bottom with a stem up to each gauge in the front row
  const frontY = h * 0.62;
  s += rect(0, h - 90, w, 56, body) + rect(0, h - 90, w, 56, "url(#cylH)", 'opacity=".55"');
  const back: string[] = [];
  let front = "";
  const step = 250;
  const offset = range(rng, -60, 0);
  for (let x = offset; x < w + step; x += step) {
    back.push(gauge(c, x + step / 2, h * 0.22, 68));
    front += rect(x - 9, frontY, 18, h - 90 - frontY, body) + rect(x - 9, frontY, 18, h - 90 - frontY, "url(#cyl)", 'opacity=".6"');
    front += rect(x - 22, h - 110, 44, 22, body) + rect(x - 22, h - 110, 44, 22, "url(#cyl)", 'opacity=".6"');
    front += gauge(c, x, frontY, 96);
  }
  // back row slightly out of focus, like a shallow depth of field
  return s + `<g filter="url(#soft)" opacity=".75">${back.join("")}</g>` + front;
}
