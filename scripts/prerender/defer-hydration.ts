/**
 * Moves a prerendered page's code out of its first view: the module script and modulepreload
 * tags become a JSON list (#boot-modules) that the loader in index.html turns back into tags
 * at the window's load event. The page reads and its links work before then (it is complete
 * HTML); hydration follows without taking bandwidth from the stylesheet and the lead image.
 * The entry script comes last in the list, after the chunks it imports are already on their way.
 */
const MODULE_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

export function deferHydration(html: string): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]!);
  if (entries.length !== 1) throw new Error(`expected one module script in the page, found ${entries.length}`);
  const preloads = [...new Set([...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!))];
  const list = JSON.stringify([...preloads, entries[0]!]).replace(/</g, "\\u003c");
  return html
    .replace(MODULE_SCRIPT, "")
    .replace(MODULE_PRELOAD, "")
    .replace("</head>", `  <script type="application/json" id="boot-modules">${list}</script>\n  </head>`);
}
