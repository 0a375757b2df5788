import { afterEach } from "vitest";

// Testing Library's cleanup, only where a DOM exists (server tests run in plain Node).
afterEach(async () => {
  if (typeof document === "undefined") return;
  const { cleanup } = await import("@testing-library/react");
  cleanup();
});
