import { describe, expect, it } from "vitest";
import { routes } from "virtual:routes";
import type { SectionOf } from "../../src/content/types.ts";
import { FORMS } from "../../src/forms/kinds.generated.ts";
import { HIDDEN_FIELDS, HONEYPOT } from "../../src/forms/schema.ts";
import { FORM_KINDS, SOURCE_FIELDS, SPAM_FIELDS, fieldsOf, formSchemas, validateForm } from "../../src/server/enquiries/validate.ts";

/** Every form section on the site's pages, each with its page's path. */
const formSections = (
  await Promise.all(
    routes.map(async (route) =>
      (await route.load()).default.sections.flatMap((s) => (s.type === "form" ? [{ path: route.path, section: s as SectionOf<"form"> }] : [])),
    ),
  )
).flat();

it("shows every form on a page (the contact form at /contact, the quote form at /get-a-quote)", () => {
  expect(FORM_KINDS.filter((kind) => !formSections.some((f) => f.section.form === kind))).toEqual([]);
  expect(formSections.filter((f) => f.section.form === "contact" || f.section.form === "quote").map((f) => [f.path, f.section.form])).toEqual([
    ["/contact", "contact"],
    ["/get-a-quote", "quote"],
  ]);
});

/** The first page's section showing form `kind`. */
async function formOn(kind: string): Promise<SectionOf<"form">> {
  const found = formSections.find((f) => f.section.form === kind);
  if (!found) throw new Error(`no page shows the ${kind} form`);
  return found.section;
}

describe.each(FORM_KINDS)("the %s form and the server agree", (kind) => {
  it("draws exactly its payload schema's fields, in order, each as its kind, for the endpoint its kind names", async () => {
    const form = await formOn(kind);
    const schema = formSchemas[kind];
    expect(form.form).toBe(kind);
    expect(FORMS[kind].endpoint).toBe(`/api/mail/send-${kind}`);
    expect(form.fields.map((f) => f.name)).toEqual(fieldsOf(schema).map((f) => f.name));
    // The server tells text from a phone number by nothing; every other kind it reads from the schema.
    expect(form.fields.map((f) => (f.input === "tel" ? "text" : f.input))).toEqual(fieldsOf(schema).map((f) => f.type));
    // The hidden fields are not the form's own: every form takes the shared ones (hidden.schema.json), the honeypot, the spam defence's and the source.
    expect(Object.keys(schema.properties).filter((f) => HIDDEN_FIELDS.has(f))).toEqual([]);
    expect([...HIDDEN_FIELDS]).toEqual([HONEYPOT, ...SPAM_FIELDS, ...SOURCE_FIELDS]);
  });

  it("marks required exactly what the server requires", async () => {
    const form = await formOn(kind);
    expect(
      form.fields
        .filter((f) => f.required)
        .map((f) => f.name)
        .sort(),
    ).toEqual([...formSchemas[kind].required].sort());
  });

  it("posts a payload the server takes: required fields filled, the optional ones and the honeypot empty", async () => {
    const form = await formOn(kind);
    const payload: Record<string, unknown> = { [FORMS[kind].honeypot]: "" };
    for (const f of form.fields) {
      // A select left on its empty first choice is sent as "" and read as left out.
      if (f.input === "select" && !f.required) continue;
      payload[f.name] =
        f.input === "checkbox"
          ? f.required
          : f.input === "select"
            ? f.options![0]!.value
            : !f.required
              ? ""
              : f.input === "email"
                ? "asha@example.com"
                : "Asha";
    }
    const result = validateForm(kind, payload);
    expect(result).toEqual({ ok: true, value: payload });
  });
});
