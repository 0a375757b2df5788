/**
 * Inline in every page's head (compiled and hashed by scripts/build/boot.ts). A browser without a
 * PDF viewer (Chrome on Android: navigator.pdfViewerEnabled is false) is marked on <html> before
 * the body is drawn, so a datasheet shows its first page as a picture instead of an empty frame
 * (src/blocks/pdfEmbed), without waiting for any script file.
 *
 * And a page prerendered
 * ahead of a click (scripts/build/speculation.ts) starts none of its embedded documents until it
 * is shown. The browser's PDF viewer, in a datasheet's frame (src/blocks/pdfEmbed), cannot run in
 * a prerendered page: once it starts, the browser drops the whole prerender and the click finds
 * only the fetched HTML. So while the page is prerendered each frame's src is held back, and given
 * back once the shown page's first frame is drawn. Pages not prerendered, and visitors without
 * script, are untouched.
 */
if (navigator.pdfViewerEnabled === false) document.documentElement.setAttribute("data-pdf-viewer", "none");

const page = document as Document & { prerendering?: boolean };
if (page.prerendering) {
  const held = new Map<HTMLIFrameElement, string>();
  const hold = new MutationObserver(() => {
    for (const frame of document.querySelectorAll<HTMLIFrameElement>("iframe[src]")) {
      held.set(frame, frame.getAttribute("src")!);
      frame.removeAttribute("src");
    }
  });
  hold.observe(document, { childList: true, subtree: true });
  page.addEventListener(
    "prerenderingchange",
    () => {
      hold.disconnect();
      // After the page's first frame: a viewer starting at once would hold that frame back.
      requestAnimationFrame(() => setTimeout(() => held.forEach((src, frame) => frame.setAttribute("src", src))));
    },
    { once: true },
  );
}
export {};
