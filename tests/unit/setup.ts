import { afterEach, vi } from "vitest";

// Testing Library's cleanup, only where a DOM exists (server tests run in plain Node).
afterEach(async () => {
  if (typeof document === "undefined") return;
  const { cleanup } = await import("@testing-library/react");
  cleanup();
});

// The proof of work needs a browser's secure context and a worker (tests/server/spam-altcha-browser.test.ts
// runs it in Chromium). Here it is a stand-in: the real widget (a Svelte element) waits on timers and
// tears itself down after the file's jsdom is closed ('dom.removeEventListener is not a function').
vi.mock("../../src/blocks/form/proof-of-work.ts", () => ({ solveProofOfWork: async () => "proof" }));
