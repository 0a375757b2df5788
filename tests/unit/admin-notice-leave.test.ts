// @vitest-environment jsdom
/**
 * A message about the entry open (the note after a Restore in History) goes once the editor leaves
 * that entry's page, by the same rule as the note after a publish; other messages stay until closed.
 * A failed read of the history is said in words with a next step, its error only in the console.
 */
import { describe, expect, it, vi } from "vitest";
import { showNotice } from "../../src/admin/notice.ts";
import { rememberHistorySource, unreadable } from "../../src/admin/history-source.ts";
import type { Implementation } from "../../src/admin/backend-hooks.ts";

const moveTo = (hash: string) => {
  location.hash = hash;
  dispatchEvent(new HashChangeEvent("hashchange"));
};

describe("a message about the entry open", () => {
  it("goes when the editor leaves the entry's page", () => {
    moveTo("#/collections/pages/entries/about");
    const box = showNotice({ tone: "info", text: "The version of 3 Dec is in the form.", ofThisPage: true });
    expect(box.isConnected).toBe(true);
    moveTo("#/collections/pages");
    expect(box.isConnected).toBe(false);
  });

  it("a message not about the page stays when the editor moves on", () => {
    moveTo("#/collections/pages/entries/about");
    const box = showNotice({ tone: "refusal", text: "Not deleted: one place uses it." });
    moveTo("#/collections/pages");
    expect(box.isConnected).toBe(true);
    box.remove();
  });
});

describe("a history that cannot be read", () => {
  it("says what to check for GitHub, then for this computer, and logs the error", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = new Error("HttpError: Bad credentials 401");
    const online = unreadable("The history could not be read", "History", error);
    expect(online).toBe(
      "The history could not be read. Check the internet connection, and sign in again if the editor asks, then close this window and press “History” again.",
    );
    expect(logged).toHaveBeenCalledWith(error);
    rememberHistorySource({ proxyUrl: "http://localhost:8081/api/v1" } as unknown as Implementation, "proxy");
    const here = unreadable("“Old page” was not brought back", "Deleted pages", new TypeError("Failed to fetch"), false);
    expect(here).toBe("“Old page” was not brought back. Check that the window running “npm run edit” is still open, then press “Deleted pages” again.");
    expect(here).not.toMatch(/Error|fetch/);
    logged.mockRestore();
  });
});
