import { describe, expect, it } from "vitest";
import { routes } from "virtual:routes";
import type { SectionOf } from "../../src/content/types.ts";
import { HIDDEN_FIELDS, SOURCE_FIELDS, formSchemas, validateForm } from "../../src/server/validate.ts";

/** Spec section 7: the keys each form posts. The browser adds the empty honeypot `website`. */
const SPEC_KEYS = {
  contact: ["name", "subject", "email", "phone", "company", "message"],
  quote: ["name", "email", "phone", "company", "project", "requirements"],
} as const;

const PAGES = { contact: "/contact", quote: "/get-a-quote" } as const;

async function formOn(path: string): Promise<SectionOf<"form">> {
  const route = routes.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  const section = (await route.load()).default.sections.find((s) => s.type === "form");
  if (!section || section.type !== "form") throw new Error(`no form on ${path}`);
  return section;
}

describe.each(["contact", "quote"] as const)("the %s form and the server agree", (kind) => {
  it("declares exactly the spec's fields, in order, for the right endpoint", async () => {
    const form = await formOn(PAGES[kind]);
    expect(form.form).toBe(kind);
    expect(form.endpoint).toBe(`/api/mail/send-${kind}`);
    expect(form.fields.map((f) => f.name)).toEqual([...SPEC_KEYS[kind]]);
    // Beside the visitor's fields, only hidden ones the page's script fills (validate.ts HIDDEN_FIELDS).
    expect(Object.keys(formSchemas[kind].properties).filter((f) => !HIDDEN_FIELDS.has(f))).toEqual([...SPEC_KEYS[kind]]);
    expect(Object.keys(formSchemas[kind].properties).filter((f) => HIDDEN_FIELDS.has(f))).toEqual(["website", "timeToken", "altcha", ...SOURCE_FIELDS]);
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
    const payload: Record<string, string> = { website: "" };
    for (const f of form.fields) payload[f.name] = !f.required ? "" : f.input === "email" ? "asha@example.com" : "Asha";
    const result = validateForm(kind, payload);
    expect(result).toEqual({ ok: true, value: payload });
  });
});
