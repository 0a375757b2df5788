/**
 * The labels a page gives a select's choices (its field's options), for the mails: the payload
 * stores the choice's value ("5-25-lakh"), which the CSV and the webhook keep, while sales and
 * the visitor read what the page showed ("₹5–25 lakh"). The build writes them into the built
 * site, since the server reads no content.
 */
import type { Section } from "../content/types.ts";

/** form → field → value → label. */
export type ChoiceLabels = Record<string, Record<string, Record<string, string>>>;

/** The labels of every select on the pages; a form on several pages takes the first page's. */
export function choiceLabelsOf(sections: readonly Section[]): ChoiceLabels {
  const labels: ChoiceLabels = {};
  for (const section of sections) {
    if (section.type !== "form") continue;
    for (const field of section.fields) {
      if (!field.options?.length) continue;
      const form = (labels[section.form] ??= {});
      form[field.name] ??= Object.fromEntries(field.options.map((o) => [o.value, o.label]));
    }
  }
  return labels;
}

/** The text a mail shows for a field: the choice's label when the page gave one. */
export function shownText(labels: ChoiceLabels | undefined, form: string, field: string, text: string): string {
  return labels?.[form]?.[field]?.[text] ?? text;
}
