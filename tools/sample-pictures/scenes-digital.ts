// Digital scenes: network topology, analytics dashboards, developer workstation.
import { type Ctx, depth, glow, polyline, rect, screenContent, walk } from "./scene-kit.ts";
import { pick, r1, range } from "./util.ts";

const gridDef = (t: Ctx["t"]) =>
  `<defs><pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40 0H0V40" fill="none" stroke="${t.dark ? "#8a9aae" : "#12263f"}" stroke-opacity="${t.dark ? 0.07 : 0.06}"/></pattern></defs>`;

type Node = { x: number; y: number; kind: "server" | "switch" | "device" };

function nodeSvg(c: Ctx, n: Node, sc = 1): string {
  const { t } = c;
  const fill = t.dark ? "#10233a" : "#ffffff";
  const edge = t.dark ? "#5b6b7f" : "#12263f";
  const { x, y } = n;
  if (n.kind === "server") {
    let s = glow(x, y, 110 * sc, 70 * sc, "glowA", t.dark ? 0.35 : 0.15);
    s += rect(x - 55 * sc, y - 40 * sc, 110 * sc, 80 * sc, fill, `stroke="${edge}" stroke-width="2" rx="${8 * sc}"`);
    for (let i = 0; i < 3; i++) {
      const ry = y - 28 * sc + i * 22 * sc;
      s += rect(x - 43 * sc, ry, 86 * sc, 14 * sc, t.dark ? "#1b3150" : "#e6ebf1", `rx="${3 * sc}"`);
      s += `<circle cx="${r1(x + 34 * sc)}" cy="${r1(ry + 7 * sc)}" r="${r1(3 * sc)}" fill="${i === 0 ? t.accent : t.led}"/>`;
    }
    return s;
  }
  if (n.kind === "switch") {
    let s = rect(x - 62 * sc, y - 16 * sc, 124 * sc, 32 * sc, fill, `stroke="${edge}" stroke-width="2" rx="${5 * sc}"`);
    for (let i = 0; i < 8; i++)
      s += rect(x - 50 * sc + i * 12 * sc, y - 6 * sc, 8 * sc, 8 * sc, i % 3 === 0 ? t.accent : edge, `opacity="${i % 3 === 0 ? 1 : 0.5}"`);
    return s;
  }
  let s = `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(24 * sc)}" fill="${fill}" stroke="${edge}" stroke-width="2"/>`;
  s += rect(x - 10 * sc, y - 9 * sc, 20 * sc, 18 * sc, "none", `stroke="${t.accent}" stroke-width="2.5" rx="${2 * sc}"`);
  s += rect(x - 4 * sc, y - 4 * sc, 8 * sc, 3 * sc, t.accent);
  return s;
}

function bez(a: Node, b: Node): { d: string; mid: [number, number] } {
  const my = (a.y + b.y) / 2;
  return {
    d: `M${r1(a.x)} ${r1(a.y)} C${r1(a.x)} ${r1(my)} ${r1(b.x)} ${r1(my)} ${r1(b.x)} ${r1(b.y)}`,
    mid: [(a.x + b.x) / 2, my],
  };
}

function cloudShape(cx: number, cy: number, s: number, fill: string, stroke: string): string {
  return `<path d="M${r1(cx - 90 * s)} ${r1(cy + 40 * s)} a${r1(40 * s)} ${r1(40 * s)} 0 0 1 ${r1(10 * s)} ${r1(-78 * s)} a${r1(55 * s)} ${r1(55 * s)} 0 0 1 ${r1(100 * s)} ${r1(-22 * s)} a${r1(42 * s)} ${r1(42 * s)} 0 0 1 ${r1(70 * s)} ${r1(40 * s)} a${r1(32 * s)} ${r1(32 * s)} 0 0 1 ${r1(0)} ${r1(60 * s)} Z" fill="${fill}" stroke="${stroke}" stroke-width="3"/>`;
}

export function network(c: Ctx, o: { variant?: string }): string {
  const { w, h, t, rng } = c;
  const cloud = o.variant === "cloud";
  let s = gridDef(t) + rect(0, 0, w, h, "url(#sky)") + rect(0, 0, w, h, "url(#grid)");
  s += glow(w * 0.5, h * 0.5, w * 0.45, h * 0.55, "glowA", t.dark ? 0.22 : 0.1);
  // a faint, blurred second network behind gives depth
  let far = "";
  for (let i = 0; i < 14; i++) {
    const a: Node = { x: range(rng, 0, w), y: range(rng, 40, h - 40), kind: "device" };
    const b: Node = { x: a.x + range(rng, -240, 240), y: a.y + range(rng, -160, 160), kind: "device" };
    far += `<path d="${bez(a, b).d}" stroke="${t.dark ? "#8a9aae" : "#5b6b7f"}" stroke-width="2" fill="none"/>` + nodeSvg(c, a, 0.6);
  }
  s += `<g opacity=".28" filter="url(#soft)">${far}</g>`;

  const spread = (n: number, y: number, kind: Node["kind"]): Node[] =>
    Array.from({ length: n }, (_, i) => ({ x: ((i + 0.5) * w) / n + range(rng, -30, 30), y: y + range(rng, -14, 14), kind }));
  const tiers: Node[][] = cloud
    ? [spread(Math.max(2, Math.round(w / 500)), 300, "server"), spread(Math.max(5, Math.round(w / 160)), 500, "device")]
    : [
        spread(Math.max(2, Math.round(w / 640)), 120, "server"),
        spread(Math.max(3, Math.round(w / 300)), 310, "switch"),
        spread(Math.max(6, Math.round(w / 150)), 500, "device"),
      ];
  let links = "";
  let hot = "";
  const nearest = (n: Node, ups: Node[]) => ups.reduce((best, u) => (Math.abs(u.x - n.x) < Math.abs(best.x - n.x) ? u : best));
  for (let k = 1; k < tiers.length; k++) {
    for (const n of tiers[k]!) {
      const up = nearest(n, tiers[k - 1]!);
      const { d, mid } = bez(up, n);
      if (rng() < 0.3) {
        hot += `<path d="${d}" stroke="${t.accent}" stroke-width="9" opacity=".18" fill="none"/><path d="${d}" stroke="${t.accent}" stroke-width="2.5" fill="none"/>`;
        hot += glow(mid[0], mid[1], 16, 16, "glowA", 1) + `<circle cx="${r1(mid[0])}" cy="${r1(mid[1])}" r="4" fill="${t.accentSoft}"/>`;
      } else {
        links += `<path d="${d}" stroke="${t.dark ? "#8a9aae" : "#5b6b7f"}" stroke-opacity=".55" stroke-width="2" fill="none"/>`;
      }
    }
  }
  // ring backbone between the top tier
  const topTier = tiers[0]!;
  for (let i = 1; i < topTier.length; i++) {
    const a = topTier[i - 1]!;
    const b = topTier[i]!;
    links += `<path d="M${r1(a.x)} ${r1(a.y)} H${r1(b.x)}" stroke="${t.accentSoft}" stroke-width="2.5" stroke-dasharray="8 8"/>`;
  }
  if (cloud) {
    const cx = w / 2;
    for (const n of topTier)
      links += `<path d="M${r1(cx)} 150 C${r1(cx)} 220 ${r1(n.x)} 210 ${r1(n.x)} ${r1(n.y)}" stroke="${t.accent}" stroke-width="2.5" stroke-dasharray="6 6" fill="none"/>`;
    s += glow(cx, 110, 260, 140, "glowA", t.dark ? 0.5 : 0.25);
  }
  s += links + hot;
  if (cloud) s += cloudShape(w / 2, 120, 1.3, t.dark ? "#10233a" : "#ffffff", t.accent);
  for (const tier of tiers) for (const n of tier) s += nodeSvg(c, n);
  return s;
}

// A dashboard panel on dark glass with one kind of chart in it.
function panel(c: Ctx, x: number, y: number, pw: number, ph: number, kind: string): string {
  const { t, rng } = c;
  let s = `<rect x="${r1(x + 6)}" y="${r1(y + 14)}" width="${r1(pw)}" height="${r1(ph)}" rx="14" fill="#000" opacity="${t.dark ? 0.4 : 0.25}" filter="url(#blur)"/>`;
  s += rect(x, y, pw, ph, "url(#glass)", `rx="14" stroke="${t.dark ? "#2b3f57" : "#12263f"}" stroke-width="1.5"`);
  s += rect(x + 20, y + 18, pw * 0.28, 8, t.trace, 'rx="3" opacity=".4"');
  const ix = x + 20;
  const iy = y + 44;
  const iw = pw - 40;
  const ih = ph - 64;
  if (kind === "kpi") {
    const n = Math.max(2, Math.floor(iw / 120));
    for (let i = 0; i < n; i++) {
      const kx = ix + (i * iw) / n;
      s += rect(kx, iy + 6, iw / n - 16, 26, i === 0 ? t.accentSoft : t.trace, `rx="4" opacity="${i === 0 ? 0.95 : 0.7}"`);
      s += rect(kx, iy + 42, (iw / n - 16) * 0.6, 8, t.trace, 'rx="3" opacity=".3"');
      s += `<polyline points="${polyline(kx, iy + 60, iw / n - 16, Math.max(10, ih - 64), walk(rng, 12))}" fill="none" stroke="${t.accent}" stroke-width="2"/>`;
    }
    return s;
  }
  if (kind === "heat") {
    const cols = Math.max(6, Math.floor(iw / 26));
    const rows = Math.max(3, Math.floor(ih / 26));
    for (let i = 0; i < cols; i++) {
      for (let k = 0; k < rows; k++)
        s += rect(ix + (i * iw) / cols, iy + (k * ih) / rows, iw / cols - 4, ih / rows - 4, t.accent, `rx="3" opacity="${r1(range(rng, 0.06, 0.7))}"`);
    }
    return s;
  }
  const map: Record<string, number> = { trend: 0, bars: 1, mimic: 2, donut: 3 };
  return s + screenContent(c, ix, iy, iw, ih, map[kind] ?? 0);
}

// A printed report page: header band, table rows, a small chart.
function page(c: Ctx, x: number, y: number, pw: number, ph: number, angle: number): string {
  const { t, rng } = c;
  const paper = t.dark ? "#c9d2dc" : "#ffffff";
  let s = `<g transform="rotate(${r1(angle)} ${r1(x + pw / 2)} ${r1(y + ph / 2)})">`;
  s += `<rect x="${r1(x + 8)}" y="${r1(y + 16)}" width="${r1(pw)}" height="${r1(ph)}" fill="#000" opacity=".35" filter="url(#blur)"/>`;
  s += rect(x, y, pw, ph, paper) + rect(x, y, pw, 54, "#12263f") + rect(x + 20, y + 20, pw * 0.4, 12, "#ffffff", 'opacity=".85"');
  s += rect(x + pw - 56, y + 14, 30, 26, t.accent, 'rx="4"');
  const chartH = ph * 0.28;
  s += `<polygon points="${r1(x + 24)},${r1(y + 80 + chartH)} ${polyline(x + 24, y + 80, pw - 48, chartH, walk(rng, 16))} ${r1(x + pw - 24)},${r1(y + 80 + chartH)}" fill="${t.accent}" opacity=".25"/>`;
  s += `<polyline points="${polyline(x + 24, y + 80, pw - 48, chartH, walk(rng, 16))}" fill="none" stroke="${t.accent}" stroke-width="2.5"/>`;
  for (let ry = y + 110 + chartH; ry < y + ph - 30; ry += 24) {
    s += rect(x + 24, ry, pw - 48, 1, "#5b6b7f", 'opacity=".4"');
    for (let k = 0; k < 4; k++)
      s += rect(x + 24 + (k * (pw - 48)) / 4, ry + 8, ((pw - 48) / 4) * range(rng, 0.3, 0.7), 7, k === 0 ? "#12263f" : "#5b6b7f", 'rx="2" opacity=".7"');
  }
  return s + "</g>";
}

export function analytics(c: Ctx, o: { variant?: string }): string {
  const { w, h, t, rng } = c;
  let s = gridDef(t) + rect(0, 0, w, h, "url(#sky)") + rect(0, 0, w, h, "url(#grid)");
  s += glow(w * 0.7, h * 0.4, w * 0.5, h * 0.6, "glowA", t.dark ? 0.35 : 0.14);
  if (o.variant === "report") {
    s += glow(w * 0.4, h * 0.5, w * 0.4, h * 0.6, "glowW", t.dark ? 0.12 : 0.4);
    for (let x = range(rng, -60, 20); x < w; x += range(rng, 300, 380)) s += page(c, x, range(rng, 40, 110), 300, 420, range(rng, -7, 7));
    return s;
  }
  // background layer, out of focus
  let back = "";
  for (let x = -40; x < w; x += 260) back += panel(c, x, range(rng, 20, 80), 220, 150, pick(rng, ["bars", "trend", "heat"]));
  s += `<g opacity=".35" filter="url(#blur)">${back}</g>`;
  // front layer: two rows of panels with varied widths
  const kinds = o.variant === "trend" ? ["trend", "trend", "kpi", "bars"] : ["trend", "bars", "donut", "kpi", "trend", "bars", "heat", "mimic"];
  const rows: [number, number][] = [
    [70, 240],
    [336, 240],
  ];
  let heatUsed = false; // one heat-map per picture is plenty
  rows.forEach(([y, ph], ri) => {
    let x = ri === 0 ? range(rng, -80, 40) : range(rng, -160, -40);
    while (x < w) {
      const first = o.variant === "trend" && ri === 0 && x < 60;
      const pw = first ? Math.min(w * 0.6, 900) : range(rng, 280, 520);
      let kind = first ? "trend" : pick(rng, kinds);
      if (kind === "heat" && heatUsed) kind = "trend";
      heatUsed ||= kind === "heat";
      s += panel(c, x, y, pw, ph, kind);
      x += pw + 24;
    }
  });
  return s;
}

// Developer desk: monitors with code (or business forms), keyboard on the desk.
function codeScreen(c: Ctx, x: number, y: number, sw: number, sh: number): string {
  const { t, rng } = c;
  let s = rect(x, y, 36, sh, "#061224", 'opacity=".7"');
  let indent = 0;
  for (let ly = y + 16; ly < y + sh - 14; ly += 18) {
    s += rect(x + 10, ly, 16, 6, "#5b6b7f", 'rx="2" opacity=".6"');
    indent = Math.max(0, Math.min(4, indent + pick(rng, [-1, 0, 0, 1])));
    if (rng() < 0.12) continue; // blank line
    let lx = x + 50 + indent * 22;
    const tokens = 1 + Math.floor(rng() * 4);
    for (let k = 0; k < tokens && lx < x + sw - 30; k++) {
      const tw = range(rng, 20, 110);
      const col = pick(rng, [t.accentSoft, t.trace, t.trace, "#8a9aae", t.accent]);
      s += rect(lx, ly, Math.min(tw, x + sw - 20 - lx), 7, col, `rx="3" opacity="${col === t.trace ? 0.55 : 0.9}"`);
      lx += tw + 10;
    }
  }
  return s;
}

function formScreen(c: Ctx, x: number, y: number, sw: number, sh: number): string {
  const { t, rng } = c;
  let s = rect(x, y, sw, 34, "#061224") + rect(x + sw - 110, y + 9, 90, 16, t.accent, 'rx="4"');
  // list of people / tickets with avatar, two text bars and a status chip
  for (let ry = y + 50; ry < y + sh - 40; ry += 46) {
    s += `<circle cx="${r1(x + 30)}" cy="${r1(ry + 16)}" r="14" fill="#1b3150"/><circle cx="${r1(x + 30)}" cy="${r1(ry + 12)}" r="5" fill="${t.trace}" opacity=".8"/><path d="M${r1(x + 21)} ${r1(ry + 26)} q9 -10 18 0" fill="${t.trace}" opacity=".8"/>`;
    s +=
      rect(x + 56, ry + 6, range(rng, 80, sw * 0.35), 8, t.trace, 'rx="3" opacity=".7"') +
      rect(x + 56, ry + 20, range(rng, 60, sw * 0.25), 6, "#8a9aae", 'rx="3" opacity=".5"');
    const on = rng() < 0.4;
    s += rect(x + sw - 100, ry + 8, 70, 16, on ? t.accent : "#2b3f57", 'rx="8"');
    s += rect(x + 12, ry + 38, sw - 24, 1, "#5b6b7f", 'opacity=".3"');
  }
  return s;
}

export function code(c: Ctx, o: { variant?: string }): string {
  const { w, h, t } = c;
  const forms = o.variant === "forms";
  let s = rect(0, 0, w, h, "url(#sky)");
  s += glow(w / 2, h * 0.45, w * 0.55, h * 0.55, "glowA", t.dark ? 0.35 : 0.15);
  // desk surface
  const deskY = h * 0.8;
  s += rect(0, deskY, w, h - deskY, depth(t, t.dark ? 0.85 : 0.45)) + rect(0, deskY, w, 4, t.dark ? "#5b6b7f" : "#ffffff", 'opacity=".6"');
  const mw = Math.min(760, w * 0.56);
  const mh = mw * 0.52;
  const mx = (w - mw) / 2;
  const my = deskY - mh - 70;
  const monitor = (x: number, y: number, ww: number, hh: number, inner: string, tf = "") =>
    `<g ${tf}><rect x="${r1(x + 6)}" y="${r1(y + 18)}" width="${r1(ww)}" height="${r1(hh)}" fill="#000" opacity=".4" filter="url(#blur)"/>` +
    rect(x, y, ww, hh, "#050b14", 'rx="10"') +
    rect(x + 12, y + 12, ww - 24, hh - 24, "url(#glass)", 'rx="3"') +
    inner +
    "</g>";
  // side monitors angled away; they are pushed towards the frame edges on wide banners
  const side = mw * 0.8;
  const sh = side * 0.52;
  const gapX = Math.max(40, (w - mw) / 2 - side - 40);
  for (const dir of [-1, 1]) {
    const x = dir < 0 ? mx - gapX - side : mx + mw + gapX;
    const y = my + 40;
    const inner =
      dir < 0
        ? forms
          ? formScreen(c, x + 12, y + 12, side - 24, sh - 24)
          : codeScreen(c, x + 12, y + 12, side - 24, sh - 24)
        : screenContent(c, x + 30, y + 40, side - 60, sh - 70, 0);
    s += monitor(x, y, side, sh, inner, `transform="skewY(${dir * -5}) translate(0 ${r1(dir * ((x + side / 2) * Math.tan((5 * Math.PI) / 180)))})"`);
    s += rect(x + side / 2 - 10, y + sh, 20, deskY - y - sh, "#050b14") + rect(x + side / 2 - 50, deskY - 6, 100, 8, "#050b14", 'rx="3"');
  }
  s += monitor(mx, my, mw, mh, forms ? formScreen(c, mx + 12, my + 12, mw - 24, mh - 24) : codeScreen(c, mx + 12, my + 12, mw - 24, mh - 24));
  s += rect(w / 2 - 14, my + mh, 28, deskY - my - mh, "#050b14") + rect(w / 2 - 70, deskY - 6, 140, 10, "#050b14", 'rx="3"');
  s += glow(w / 2, deskY + 10, mw * 0.6, 40, "glowW", t.dark ? 0.25 : 0.5);
  // keyboard
  const kw = Math.min(520, w * 0.4);
  const kx = (w - kw) / 2;
  const ky = deskY + 40;
  s += rect(kx, ky, kw, 70, depth(t, 0.95), 'rx="8"');
  for (let r = 0; r < 4; r++)
    for (let k = 0; k < 16; k++) s += rect(kx + 12 + (k * (kw - 24)) / 16, ky + 10 + r * 14, (kw - 24) / 16 - 4, 10, t.dark ? "#1b3150" : "#5b6b7f", 'rx="2"');
  return s;
}
