// Which scene illustrates which page banner and which card. Seeds come from the
// asset name, so pages sharing a scene still get different pictures.
import { rasterise } from "./raster.ts";
import { type SceneName, type SceneOpts, sceneSvg } from "./scenes.ts";

type Spec = [SceneName, SceneOpts?];

export const BANNERS: Record<string, Spec> = {
  "home-1": ["controlRoom"], // PLC & SCADA
  "home-2": ["analytics"], // digitalisation
  "home-3": ["productionLine"], // Industry 4.0
  about: ["factory"],
  services: ["cableTray"],
  contact: ["factory", { zoom: 1.6, focus: [0.6, 0.8], flip: true }],
  quote: ["gauges"],
  training: ["code", { variant: "forms" }],
  products: ["plcRack"],
  plc: ["plcRack", { zoom: 1.7, focus: [0.25, 0.4] }],
  scada: ["controlRoom", { zoom: 1.5, focus: [0.5, 0.25] }],
  hmi: ["hmi"],
  communication: ["network"],
  "data-analytics": ["analytics", { variant: "trend" }],
  software: ["code"],
  cms: ["gauges", { zoom: 1.6, focus: [0.4, 0.85] }],
  ems: ["substation"],
  aveva: ["network", { variant: "cloud" }],
  "operations-control": ["controlRoom", { zoom: 1.15, focus: [0.5, 0.6], flip: true }],
  "operations-execution": ["productionLine", { zoom: 1.45, focus: [0.5, 0.75], flip: true }],
  "operations-information": ["analytics", { variant: "report" }],
  "aveva-product": ["hmi", { zoom: 1.3, flip: true }],
  downloads: ["cableTray", { zoom: 1.3, focus: [0.5, 0.3], flip: true }],
  "not-found": ["pipes"],
};

export const CARDS: Record<string, Spec> = {
  plc: ["plcRack", { zoom: 1.3, focus: [0.2, 0.4] }],
  hmi: ["hmi"],
  scada: ["controlRoom"],
  communication: ["network"],
  "data-analytics": ["analytics"],
  cloud: ["network", { variant: "cloud" }],
  drivers: ["cableTray"],
  "software-development": ["code"],
  "customized-software": ["code", { variant: "forms" }],
  calibration: ["gauges", { zoom: 1.4, focus: [0.5, 0.7] }],
  energy: ["substation"],
  hr: ["code", { variant: "forms", zoom: 1.5, focus: [0.5, 0.4] }],
  complaint: ["code", { variant: "forms", zoom: 1.25, flip: true }],
  reporting: ["analytics", { variant: "report" }],
  intouch: ["hmi", { zoom: 1.5, focus: [0.55, 0.5] }],
  edge: ["hmi", { flip: true }],
  "system-platform": ["controlRoom", { zoom: 1.5, focus: [0.5, 0.3] }],
  historian: ["analytics", { variant: "trend" }],
  mes: ["productionLine"],
  "batch-management": ["pipes"],
  reports: ["analytics", { variant: "report", zoom: 1.3, flip: true }],
  "recipe-management": ["pipes", { zoom: 1.4, flip: true }],
  "discrete-lean": ["productionLine", { zoom: 1.4, focus: [0.5, 0.7], flip: true }],
  insight: ["network", { variant: "cloud", flip: true }],
};

// Rendering is independent per image, so run them side by side; output does not depend on order.
export async function makeBanners(): Promise<void> {
  await Promise.all(
    Object.entries(BANNERS).map(([name, [scene, opts]]) =>
      rasterise(sceneSvg(scene, 1920, 640, true, "banner:" + name, opts), `banners/${name}`, { width: 1920, height: 640, jpeg: 70, webp: 65 }),
    ),
  );
}

export async function makeCards(): Promise<void> {
  // 1024x640 has the card's 8:5 ratio and keeps scene proportions drawn for 640 px height
  await Promise.all(
    Object.entries(CARDS).map(([name, [scene, opts]]) =>
      rasterise(sceneSvg(scene, 1024, 640, false, "card:" + name, opts), `cards/${name}`, { width: 800, height: 500, jpeg: 72, webp: 68 }),
    ),
  );
}
