/**
 * Moves a prerendered page's code out of its first view: the module scripts and modulepreload
 * tags become JSON (#boot-modules: `preload`, then `run`) that the loader in index.html turns
 * back into tags once the page has loaded and painted. The page reads and its links work before
 * then (it is complete HTML); hydration follows without taking bandwidth from the stylesheet
 * and the lead image. The preloads are added first, so the chunks the entry imports are already
 * on their way when it runs.
 */
const MODULE_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

export function deferHydration(html: string): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]!);
  if (entries.length === 0) throw new Error("expected a module script in the page, found none");
  const preloads = [...new Set([...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!))].filter((f) => !entries.includes(f));
  const list = JSON.stringify({ preload: preloads, run: entries }).replace(/</g, "\\u003c");
  return html
    .replace(MODULE_SCRIPT, "")
    .replace(MODULE_PRELOAD, "")
    .replace("</head>", `  <script type="application/json" id="boot-modules">${list}</script>\n  </head>`);
}
