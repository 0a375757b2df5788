/**
 * Decap's own messages where they speak to developers ("didn't match the pattern", "Failed to
 * persist entry: Error: …"), in the words of the rest of the editor. Decap looks a phrase up in
 * the English set it registered; these replace a few of them.
 */
type Phrases = Record<string, unknown>;
interface Locales {
  getLocale(locale: string): Phrases | undefined;
  registerLocale(locale: string, phrases: Phrases): void;
}

const CHANGES = {
  // Decap's "＋ Page" draws its full-width plus as a blank box where the fonts lack it.
  collection: { collectionTop: { newButton: "New %{collectionLabel}" } },
  editor: { editorControlPane: { widget: { regexPattern: "%{fieldLabel}: %{pattern}" } } },
  // The board's button makes a page, not a blog post.
  workflow: { workflow: { newPost: "New page" } },
  ui: {
    toast: {
      onFailToPersist: "Not saved. %{details}",
      onFailToDelete: "Not deleted. %{details}",
      // Decap adds the exception's own text; the link is a convenience, so the words say what to do instead.
      onFailToLoadDeployPreview: "The link to this page on the site could not be made. Your changes are kept: open the page from the site's menu to see it.",
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
