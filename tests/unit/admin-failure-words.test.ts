// @vitest-environment jsdom
/**
 * Every failure Decap can report is said in words with a next step, never with the exception's
 * text: each `onFailTo*` message of Decap's English set is rewritten without `%{details}`, and a
 * save, upload or delete the backend did not take leaves a message at the foot of the screen for
 * the backend in use, the raw error only in the console. A save written without its version says so.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "decap-cms-locales/dist/esm/en/index.js";
import { useEditorWording, Refusal } from "../../src/admin/wording.ts";
import { failureInWords, sayBackendFailures } from "../../src/admin/backend-failures.ts";
import type { Implementation } from "../../src/admin/backend-hooks.ts";

type Phrases = Record<string, unknown>;

function registered(): Phrases {
  let phrases: Phrases = {};
  useEditorWording({ getLocale: () => en, registerLocale: (_, p) => void (phrases = p) });
  return phrases;
}

const decapToast = (en as unknown as { ui: { toast: Record<string, string> } }).ui.toast;
const failureKeys = Object.keys(decapToast).filter((key) => key.startsWith("onFailTo"));

describe("Decap's failure messages", () => {
  it("finds the failures in Decap's set (the list below is not empty by accident)", () => {
    expect(failureKeys).toEqual(
      expect.arrayContaining([
        "onFailToPersist",
        "onFailToDelete",
        "onFailToLoadEntries",
        "onFailToPublishEntry",
        "onFailToUnpublishEntry",
        "onFailToUpdateStatus",
      ]),
    );
  });

  it.each(failureKeys)("%s is a sentence in words with no exception text", (key) => {
    const toast = (registered().ui as { toast: Record<string, string> }).toast;
    const words = toast[key]!;
    expect(words).not.toBe(decapToast[key]);
    expect(words).not.toContain("%{");
    expect(words).not.toMatch(/Error|Failed|failed to/);
    // A next step: what to press, check or ask, or where the message that says it is.
    expect(words).toMatch(/press|check|ask|again|open the page|says why and what to do/i);
  });
});

const implementation = (fails: unknown, answer: unknown = { message: "entry persisted" }): Implementation & Required<Pick<Implementation, "persistMedia">> => ({
  persistEntry: vi.fn(() => (fails ? Promise.reject(fails) : Promise.resolve(answer))),
  deleteFiles: vi.fn(() => (fails ? Promise.reject(fails) : Promise.resolve(answer))),
  getMedia: vi.fn(),
  persistMedia: vi.fn(() => (fails ? Promise.reject(fails) : Promise.resolve(answer))),
});

const footNotice = () => document.querySelector('[data-lariox-notice="refusal"]');

describe("a failure of the backend", () => {
  afterEach(() => document.querySelector("[data-lariox-notice]")?.remove());

  it("on this computer: the foot of the screen says what to check, the exception goes to the console", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const backend = implementation(new Error("APIError: ECONNREFUSED 127.0.0.1:8081"));
    sayBackendFailures(backend, "proxy");
    const refused = await backend.persistEntry({ dataFiles: [], assets: [] }, {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Refusal);
    expect(String(refused)).toBe("The message at the foot of the screen says what to do.");
    expect(footNotice()?.textContent).toContain(failureInWords("save", "proxy"));
    expect(footNotice()?.textContent).not.toMatch(/ECONNREFUSED|Error/);
    expect(failureInWords("save", "proxy")).toMatch(/^Not saved: .*“npm run edit” is still open .*press Publish again\.$/);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: "APIError: ECONNREFUSED 127.0.0.1:8081" }));
    logged.mockRestore();
  });

  it("on GitHub: the words name GitHub and signing in, for uploads and deletes too", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const backend = implementation(new Error("HTTP 502"));
    sayBackendFailures(backend, "github");
    await backend.persistMedia({ path: "public/assets/cards/plant.jpg" }, { commitMessage: "Upload" }).catch(() => undefined);
    expect(footNotice()?.textContent).toMatch(
      /^Not uploaded: GitHub, where the site is kept, did not take the change\. .*sign in again .*upload the file again\./,
    );
    await backend.deleteFiles(["public/assets/a.jpg"], "Deleted").catch(() => undefined);
    expect(footNotice()?.textContent).toMatch(/^Not deleted: GitHub.* Nothing was deleted\./);
    vi.restoreAllMocks();
  });

  it("a failed publish keeps Decap's words, and its error goes to the console", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = new Error("HTTP 409: merge conflict");
    const backend = { ...implementation(undefined), publishUnpublishedEntry: vi.fn(() => Promise.reject(error)) };
    sayBackendFailures(backend, "github");
    await expect(backend.publishUnpublishedEntry()).rejects.toBe(error);
    expect(logged).toHaveBeenCalledWith(error);
    expect(footNotice()).toBeNull();
    logged.mockRestore();
  });

  it("passes the editor's own refusals as they are: they have said their words", async () => {
    const own = new Refusal("One place uses it: the list is at the foot of the screen.");
    const backend = implementation(own);
    sayBackendFailures(backend, "proxy");
    await expect(backend.deleteFiles(["content/pages/a.yaml"], "Deleted")).rejects.toBe(own);
    expect(footNotice()).toBeNull();
  });

  it("a save written without its version: the answer stands, and the local backend's words are shown", async () => {
    const backend = implementation(undefined, { message: "entry persisted", versionNotKept: "Saved: but no version of it was kept." });
    sayBackendFailures(backend, "proxy");
    expect(await backend.persistEntry({ dataFiles: [], assets: [] }, {})).toMatchObject({ message: "entry persisted" });
    expect(footNotice()?.textContent).toContain("Saved: but no version of it was kept.");
  });
});
