import { describe, expect, it } from "vitest";
import { routes } from "virtual:routes";
import type { SectionOf } from "../../src/content/types.ts";
import { FORMS } from "../../src/forms/kinds.generated.ts";
import { HIDDEN_FIELDS, HONEYPOT } from "../../src/forms/schema.ts";
import { SOURCE_FIELDS, SPAM_FIELDS, fieldsOf, formSchemas, validateForm } from "../../src/server/validate.ts";

const PAGES = { contact: "/contact", quote: "/get-a-quote" } as const;

async function formOn(path: string): Promise<SectionOf<"form">> {
  const route = routes.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  const section = (await route.load()).default.sections.find((s) => s.type === "form");
  if (!section || section.type !== "form") throw new Error(`no form on ${path}`);
  return section;
}

describe.each(["contact", "quote"] as const)("the %s form and the server agree", (kind) => {
  it("draws exactly its payload schema's fields, in order, each as its kind, for the endpoint its kind names", async () => {
    const form = await formOn(PAGES[kind]);
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
    const form = await formOn(PAGES[kind]);
    expect(
      form.fields
        .filter((f) => f.required)
        .map((f) => f.name)
        .sort(),
    ).toEqual([...formSchemas[kind].required].sort());
  });

  it("posts a payload the server takes: required fields filled, the optional ones and the honeypot empty", async () => {
    const form = await formOn(PAGES[kind]);
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
