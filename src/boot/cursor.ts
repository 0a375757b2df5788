/**
 * Inline in every page's head (compiled and hashed by scripts/build/boot.ts): imports the trailing
 * cursor (src/shell/cursor.ts, a module of its own without React) after the page has loaded, only
 * where it is wanted: a fine pointer, no mobile user agent, motion not reduced. The script element
 * names the module and carries the cursor's settings from site.yaml.
 */
import { cursorWanted } from "../shell/cursor-motion.ts";

const { cursor, cursorSettings } = document.currentScript!.dataset;
if (cursorWanted(navigator.userAgent, (query) => matchMedia(query).matches)) {
  addEventListener("load", () => import(cursor!).then((m: typeof import("../shell/cursor.ts")) => m.startCursor(JSON.parse(cursorSettings!))));
}
