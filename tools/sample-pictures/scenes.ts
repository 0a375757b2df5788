// Scene registry: turns a scene name + size + theme into a complete SVG document.
import { type Ctx, DARK, LIGHT, defs } from "./scene-kit.ts";
import { factory, pipes, substation } from "./scenes-outdoor.ts";
import { cableTray, controlRoom, productionLine } from "./scenes-indoor.ts";
import { gauges, hmi, plcRack } from "./scenes-equipment.ts";
import { analytics, code, network } from "./scenes-digital.ts";
import { r1, seeded } from "./util.ts";

export interface SceneOpts {
  variant?: string; // scene-specific flavour, e.g. 'cloud' for the network scene
  zoom?: number; // crop into the scene, like a longer lens
  focus?: [number, number]; // zoom centre as fractions of width/height
  flip?: boolean; // mirror horizontally
}

const SCENES = {
  factory,
  substation,
  pipes,
  controlRoom,
  productionLine,
  cableTray,
  plcRack,
  hmi,
  gauges,
  network,
  analytics,
  code,
} satisfies Record<string, (c: Ctx, o: SceneOpts) => string>;

export type SceneName = keyof typeof SCENES;

export function sceneSvg(name: SceneName, w: number, h: number, dark: boolean, seed: string, opts: SceneOpts = {}): string {
  const t = dark ? DARK : LIGHT;
  const body = SCENES[name]({ w, h, t, rng: seeded(seed) }, opts);
  // Zoom and mirroring let two pages share a scene type without looking alike.
  const z = opts.zoom ?? 1;
  const [fx, fy] = opts.focus ?? [0.5, 0.5];
  const zoom = `translate(${r1(fx * w * (1 - z))} ${r1(fy * h * (1 - z))}) scale(${z})`;
  const flip = opts.flip ? `matrix(-1 0 0 1 ${w} 0) ` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs(t)}<g transform="${flip}${zoom}">${body}</g><rect width="${w}" height="${h}" fill="url(#vignette)"/></svg>`;
}
