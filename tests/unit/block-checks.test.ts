// @vitest-environment node
/**
 * A block's own check across files (src/blocks/<type>/check.ts), run by the content core's
 * crossFileErrors on each of its sections: the form's fields against its payload schema.
 */
import { describe, expect, it } from "vitest";
import { readSiteIndex } from "../../scripts/cms/site-index.ts";
import { crossFileErrors } from "../../src/content/check.ts";
import type { SectionOf } from "../../src/content/types.ts";

const index = readSiteIndex(process.cwd());

describe("the form block's check", () => {
  it("accepts the site's forms", () => {
    expect(crossFileErrors(index)).toEqual([]);
  });

  it("refuses a field the payload does not know and a form lacking a required one, at the field", () => {
    const page = index.pages.find((p) => p.data.sections.some((s) => s.type === "form" && s.form === "contact"))!;
    const i = page.data.sections.findIndex((s) => s.type === "form");
    const form = page.data.sections[i] as SectionOf<"form">;
    const fields: typeof form.fields = [{ ...form.fields[0], name: "fax" }];
    const sections = page.data.sections.with(i, { ...form, fields }) as typeof page.data.sections;
    const pages = index.pages.map((p) => (p === page ? { file: p.file, data: { ...p.data, sections } } : p));
    const errors = crossFileErrors({ ...index, pages });
    expect(errors[0]).toEqual({
      file: page.file,
      pointer: `/sections/${i}/fields/0/name`,
      message:
        'on the page “Contact”, the field "fax" is not a field of the contact form (its fields, in order: name, subject, email, phone, company, message)',
    });
    expect(errors).toContainEqual({
      file: page.file,
      pointer: `/sections/${i}/fields`,
      message: 'on the page “Contact”, the contact form\'s field "email" is missing (its fields, in order: name, subject, email, phone, company, message)',
    });
  });

  it("refuses a box of another kind than its answer, and a choice label for a choice the schema does not list", () => {
    const page = index.pages.find((p) => p.data.sections.some((s) => s.type === "form" && s.form === "contact"))!;
    const i = page.data.sections.findIndex((s) => s.type === "form");
    const form = page.data.sections[i] as SectionOf<"form">;
    const j = form.fields.findIndex((f) => f.name === "message");
    const errorsWith = (change: Partial<(typeof form.fields)[number]>) => {
      const fields = form.fields.map((f, k) => (k === j ? { ...f, ...change } : f)) as typeof form.fields;
      const sections = page.data.sections.with(i, { ...form, fields }) as typeof page.data.sections;
      return crossFileErrors({ ...index, pages: index.pages.map((p) => (p === page ? { file: p.file, data: { ...p.data, sections } } : p)) });
    };
    expect(errorsWith({ input: "text" })).toEqual([
      {
        file: page.file,
        pointer: `/sections/${i}/fields/${j}/input`,
        message: 'on the page “Contact”, the field "message" takes textarea answers in the contact form, not text',
      },
    ]);
    expect(errorsWith({ options: [{ value: "other", label: "Other" }] })).toEqual([
      {
        file: page.file,
        pointer: `/sections/${i}/fields/${j}/options/0/value`,
        message: 'on the page “Contact”, "other" is not a choice of the field "message" of the contact form (its choices: none)',
      },
    ]);
  });
});
