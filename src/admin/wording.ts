/**
 * Decap's own messages where they speak to developers ("didn't match the pattern", "Failed to
 * persist entry: Error: …"), in the words of the rest of the editor. Decap looks a phrase up in
 * the English set it registered; these replace a few of them, and every message about a failure.
 */
type Phrases = Record<string, unknown>;
interface Locales {
  getLocale(locale: string): Phrases | undefined;
  registerLocale(locale: string, phrases: Phrases): void;
}

/** The next step when the site's copy did not answer: Decap speaks before it says which backend it uses. */
export const CHECK =
  "On this computer, check that the window running “npm run edit” is still open; online, check the internet connection and sign in again if the editor asks.";

const CHANGES = {
  // Decap's "＋ Page" draws its full-width plus as a blank box where the fonts lack it.
  collection: { collectionTop: { newButton: "New %{collectionLabel}" } },
  editor: { editorControlPane: { widget: { regexPattern: "%{fieldLabel}: %{pattern}" } } },
  // The board's button makes a page, not a blog post.
  workflow: { workflow: { newPost: "New page" } },
  // Every failure in words and a next step, never the exception's own text (it goes to the console).
  ui: {
    toast: {
      // Each save and delete that fails leaves a message at the foot of the screen saying why (backend-failures.ts).
      onFailToPersist: "Not saved: your changes are still in the form. The message at the foot of the screen says why and what to do.",
      onFailToDelete: "Not deleted: the page is still there. The message at the foot of the screen says why and what to do.",
      onFailToLoadEntries: `The pages could not be read. ${CHECK} Then reload this page.`,
      onFailToUpdateStatus: `The page was not moved on the board; your changes are kept. ${CHECK} Then move it again.`,
      onFailToPublishEntry: `Not published: the site still shows the previous version, and your changes are kept. ${CHECK} Then press Publish again.`,
      onFailToUnpublishEntry: `Not unpublished: the page is still on the site. ${CHECK} Then press Unpublish again.`,
      // Decap adds the exception's own text; the link is a convenience, so the words say what to do instead.
      onFailToLoadDeployPreview: "The link to this page on the site could not be made. Your changes are kept: open the page from the site's menu to see it.",
      onFailToAddNote: `The note was not added. ${CHECK} Then add it again.`,
      onFailToUpdateNote: `The note was not changed. ${CHECK} Then change it again.`,
      onFailToDeleteNote: `The note was not deleted. ${CHECK} Then delete it again.`,
      onFailToToggleNote: `The note was not marked. ${CHECK} Then mark it again.`,
      onFailToAuth: "Not signed in. Press the sign-in button again; if it still fails, ask the person who looks after the site's code to check your access.",
      onBackendDown:
        "GitHub, where the site is kept, is having trouble right now, so saving may fail. Your changes stay in the form: wait a few minutes, then try again.",
    },
  },
};

function merge(base: Phrases, changes: Phrases): Phrases {
  const out: Phrases = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    out[key] = value && typeof value === "object" ? merge((base[key] as Phrases | undefined) ?? {}, value as Phrases) : value;
  }
  return out;
}

export function useEditorWording(cms: Locales): void {
  cms.registerLocale("en", merge(cms.getLocale("en") ?? {}, CHANGES));
}

/** An error whose text is the message alone: Decap writes `${error}` into its notices. */
export class Refusal extends Error {
  override toString(): string {
    return this.message;
  }
}
