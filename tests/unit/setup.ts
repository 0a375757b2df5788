import { afterAll, afterEach } from "vitest";

// Testing Library's cleanup, only where a DOM exists (server tests run in plain Node).
afterEach(async () => {
  if (typeof document === "undefined") return;
  const { cleanup } = await import("@testing-library/react");
  cleanup();
});

// Custom elements still on the page (the proof-of-work widget, a Svelte element) tear themselves
// down a microtask after they leave it, and that teardown uses the window: they leave it here, and
// finish, before the file's jsdom is closed under them ('dom.removeEventListener is not a function').
afterAll(async () => {
  if (typeof document === "undefined") return;
  document.body.replaceChildren();
  await new Promise((resolve) => setTimeout(resolve, 0));
});
