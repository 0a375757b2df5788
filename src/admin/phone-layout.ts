/**
 * On a phone the editor's form and its preview do not fit side by side (Decap lays them out for
 * 800 px and more): admin/index.html's narrow-screen rules show one at a time, the form first, and
 * this button switches between them, as Sveltia CMS does. Above 800 px the rules and the button
 * are off and Decap's own split stays. Decap's toasts ("Entry saved") start under the editor's
 * toolbar, not over its Publish and status buttons: the toolbar's foot is kept in a CSS variable.
 */
const SHOW_PREVIEW = "Show preview";
const SHOW_FORM = "Back to the form";

export function switchFormAndPreview(document: Document): void {
  const body = document.body;
  const button = Object.assign(document.createElement("button"), { type: "button", textContent: SHOW_PREVIEW });
  button.dataset.larioxViewSwitch = "";
  const show = (view: "form" | "preview") => {
    body.dataset.larioxView = view;
    button.textContent = view === "preview" ? SHOW_FORM : SHOW_PREVIEW;
    button.setAttribute("aria-pressed", String(view === "preview"));
  };
  button.addEventListener("click", () => show(body.dataset.larioxView === "preview" ? "form" : "preview"));
  show("form");
  body.append(button);
  // Another entry, or the list: the form first again.
  addEventListener("hashchange", () => show("form"));
  keepToastsUnderToolbar(document);
}

const TOOLBAR = '[class*="-ToolbarContainer"]';

/** Sets --lariox-toolbar-bottom on the page to where the entry's toolbar ends (0 without one), as it wraps and unwraps. */
function keepToastsUnderToolbar(document: Document): void {
  const style = document.body.style;
  const measure = (toolbar: Element | null) => style.setProperty("--lariox-toolbar-bottom", `${Math.max(0, toolbar?.getBoundingClientRect().bottom ?? 0)}px`);
  let watched: Element | null = null;
  const sizes = new ResizeObserver(() => measure(watched));
  new MutationObserver(() => {
    const toolbar = document.querySelector(TOOLBAR);
    if (toolbar === watched) return;
    if (watched) sizes.unobserve(watched);
    watched = toolbar;
    if (toolbar) sizes.observe(toolbar);
    measure(toolbar);
  }).observe(document.body, { childList: true, subtree: true });
}
