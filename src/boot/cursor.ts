/**
 * Inline in every page's head (compiled and hashed by scripts/build/boot.ts): at the pointer's
 * first move, imports the trailing cursor (src/shell/cursor.ts, a module of its own without React)
 * where it is wanted: a fine pointer, no mobile user agent, motion not reduced. Loading the page
 * only adds the listener, so a phone asks nothing of its user agent or media queries. The script
 * element names the module and carries the cursor's settings from site.yaml.
 */
import { cursorWanted } from "../shell/cursor-motion.ts";

const script = document.currentScript!;
const firstMove = (e: PointerEvent) => {
  removeEventListener("pointermove", firstMove);
  if (!cursorWanted(navigator.userAgent, (query) => matchMedia(query).matches)) return;
  const { cursor, cursorSettings } = script.dataset;
  import(cursor!).then((m: typeof import("../shell/cursor.ts")) => m.startCursor(JSON.parse(cursorSettings!), { x: e.clientX, y: e.clientY }));
};
addEventListener("pointermove", firstMove, { passive: true });
