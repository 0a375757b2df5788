/**
 * The one script a prerendered page runs at first: it starts the app (src/entry-client.tsx)
 * once the page has loaded and been painted. Why so late: the page is complete HTML and reads,
 * scrolls and follows links without the app, so the app's code should not compete with the
 * stylesheet and the lead image for bandwidth, nor with the first paint for the main thread.
 * A visitor who taps or types before then starts it at once.
 *
 * The prerender (scripts/build/boot.ts) compiles this file, inlines it into every page's head
 * with its CSP hash, and writes the page's code into #boot-modules: `preload`, the chunks the page
 * needs besides the entry (modulepreload, added first so they are on their way when the entry
 * asks for them), then `run`, the entry.
 */
export interface BootModules {
  preload: string[];
  run: string[];
}

let started = false;
let loaded = false;
let painted = false;

function start(): void {
  const list = document.getElementById("boot-modules");
  if (started || !list) return;
  started = true;
  const modules = JSON.parse(list.textContent!) as BootModules;
  for (const href of modules.preload) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.appendChild(link);
  }
  for (const src of modules.run) {
    const script = document.createElement("script");
    script.type = "module";
    script.src = src;
    document.head.appendChild(script);
  }
}

// After the frame that follows load and first paint, in a task of its own: the paint is on screen
// before the app's code is even requested.
function startWhenLoadedAndPainted(): void {
  if (loaded && painted) requestAnimationFrame(() => setTimeout(start));
}

addEventListener("load", () => {
  loaded = true;
  startWhenLoadedAndPainted();
});
try {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    painted = true;
    startWhenLoadedAndPainted();
  }).observe({ type: "paint", buffered: true });
} catch {
  // A browser without paint timing: load alone decides.
  painted = true;
}
for (const type of ["pointerdown", "keydown"]) addEventListener(type, start, { once: true, passive: true });
