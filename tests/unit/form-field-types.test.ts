import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { toCsv, toTable } from "../../scripts/submissions.ts";
import { choiceLabelsOf } from "../../src/forms/choice-labels.ts";
import { pageFieldProblems, type PageField } from "../../src/forms/page-fields.ts";
import { emailOf } from "../../src/forms/schema.ts";
import { formSchemaErrors } from "../../scripts/build/form-schema-check.ts";
import type { Section } from "../../src/content/types.ts";
import { mailSubject, mailText } from "../../src/server/outbox/mail.ts";
import type { Submission, SubmissionRow } from "../../src/server/store/index.ts";
import { fieldsOf, validateForm, type FormSchema } from "../../src/server/enquiries/validate.ts";

/** A third form used only here: a select (required and optional) and a checkbox, beside text. */
const survey = JSON.parse(readFileSync(new URL("../fixtures/forms/survey/schema.json", import.meta.url), "utf8")) as FormSchema;

describe("field kinds, on a fixture form", () => {
  it("reads each field's kind from the payload schema", () => {
    expect(fieldsOf(survey).map((f) => [f.name, f.type])).toEqual([
      ["name", "text"],
      ["size", "select"],
      ["plant", "select"],
      ["callBack", "checkbox"],
      ["notes", "textarea"],
    ]);
  });

  it("takes a choice and a boolean, and reads an unchosen optional select as left out", () => {
    const result = validateForm("survey", { name: " Asha ", size: "large", plant: "", callBack: true, notes: "a\nb", website: "" }, survey);
    expect(result).toEqual({ ok: true, value: { name: "Asha", size: "large", callBack: true, notes: "a\nb", website: "" } });
  });

  it("refuses a value that is not a choice, a box that is not a boolean, and a required select left unchosen", () => {
    const result = validateForm("survey", { name: "Asha", size: "", plant: "metals", callBack: "yes" }, survey);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { field: "size", message: "Plant size is required." },
      { field: "plant", message: "Plant must be one of its choices." },
      { field: "callBack", message: "Call me back must be ticked or not (true or false)." },
    ]);
  });

  const submission = {
    id: 7,
    kind: "survey",
    payload: { name: "Asha", size: "large", plant: "textiles", callBack: true, notes: "line 1\nline 2" },
    createdAt: new Date("2026-01-02T03:04:05Z"),
    reference: "LA-2026-000007",
    source: {},
  } as unknown as Submission;

  it("writes the mail's subject from the schema's template and each field by its kind", () => {
    expect(mailSubject(submission, survey)).toBe("Survey from Asha, plant: textiles [LA-2026-000007]");
    expect(mailSubject({ ...submission, payload: { name: "Asha" } }, survey)).toBe("Survey from Asha [LA-2026-000007]");
    const text = mailText(submission, survey);
    expect(text).toContain("New survey answer (submission #7)");
    expect(text).toMatch(/Plant size: +large\n/);
    expect(text).toMatch(/Call me back: +yes\n/);
    expect(text).toContain("\nNotes:\nline 1\nline 2\n");
  });

  it("shows a choice in the mail by the label its page gave it (the first page's), and by its value without one", () => {
    const form = (options: { value: string; label: string }[]) =>
      ({ type: "form", form: "survey", fields: [{ name: "size", label: "Plant size", input: "select", options }] }) as unknown as Section;
    const labels = choiceLabelsOf([
      { type: "banner" } as unknown as Section,
      form([{ value: "large", label: "Large (over 200 staff)" }]),
      form([{ value: "large", label: "Big" }]),
    ]);
    expect(labels).toEqual({ survey: { size: { large: "Large (over 200 staff)" } } });
    expect(mailText(submission, survey, labels)).toMatch(/Plant size: +Large \(over 200 staff\)\n/);
    expect(mailText({ ...submission, payload: { ...submission.payload, size: "small" } }, survey, labels)).toMatch(/Plant size: +small\n/);
  });

  it("lists the form's summary fields in the table, as its schema's x-form names them", () => {
    const row = { ...submission, status: "sent", deliveries: [], reasons: null, ip: null } as unknown as SubmissionRow;
    const [header, , line] = toTable([row], { survey }).split("\n");
    expect(header).toMatch(/ Name +Email +Summary +Came from /);
    expect(line).toMatch(/ survey +Asha +large · textiles +- +sent /);
  });

  it("finds the visitor's address by the field's role, not by its name", () => {
    const withAddress = {
      ...survey,
      properties: { ...survey.properties, replyAddress: { $ref: "../fields.schema.json#/$defs/email", "x-role": "email", title: "Your address" } },
    } as FormSchema;
    expect(emailOf(withAddress, { replyAddress: "asha@example.com", email: "other@example.com" })).toBe("asha@example.com");
    expect(emailOf(survey, { email: "asha@example.com" })).toBe("");
  });

  it("refuses, at `npm run types`, a form that copies a hidden field, marks two addresses or names no summary", () => {
    const hidden = ["website", "timeToken", "page"];
    expect(formSchemaErrors("survey/schema.json", survey, hidden)).toEqual([]);
    const broken = {
      ...survey,
      "x-form": { ...survey["x-form"], summary: ["colour"] },
      additionalProperties: false,
      properties: { ...survey.properties, page: { type: "string" }, a: { "x-role": "email" }, b: { "x-role": "email" } },
    };
    expect(formSchemaErrors("survey/schema.json", broken, hidden)).toEqual([
      'survey/schema.json: "additionalProperties" would refuse the hidden fields; "unevaluatedProperties": false closes the form.',
      'survey/schema.json: "page" is a hidden field every form has (hidden.schema.json); leave it out of properties.',
      'survey/schema.json: only one field may carry the visitor\'s address ("x-role": "email"), not a and b.',
      'survey/schema.json: "x-form" summary names "colour", which is not a property.',
    ]);
  });

  it("writes a column a field in the CSV, a box as yes or no", () => {
    const row = { ...submission, status: "sent", deliveries: [], reasons: null, ip: null } as unknown as SubmissionRow;
    const [header, line] = toCsv([row], ["survey" as never], { survey }).split("\r\n");
    expect(header).toContain(",name,size,plant,callBack,notes,");
    expect(line).toContain(",Asha,large,textiles,yes,");
  });

  it("the form block's check: a select lists its choices on the page, each one the schema allows", () => {
    const size: PageField = { name: "size", input: "select", required: true };
    const problems = (field: PageField) =>
      pageFieldProblems(
        "Survey",
        "survey",
        [
          { name: "name", input: "text", required: true },
          field,
          { name: "plant", input: "select", options: [{ value: "textiles", label: "Textiles" }] },
          { name: "callBack", input: "checkbox" },
          { name: "notes", input: "textarea" },
        ],
        survey,
      );
    expect(problems(size)).toEqual([
      { pointer: "/fields/1/options", message: 'on the page “Survey”, the list "size" needs its choices (options), from: small, medium, large' },
    ]);
    expect(problems({ ...size, options: [{ value: "small", label: "Small" }] })).toEqual([]);
    expect(problems({ ...size, options: [{ value: "huge", label: "Huge" }] })).toEqual([
      {
        pointer: "/fields/1/options/0/value",
        message: 'on the page “Survey”, "huge" is not a choice of the field "size" of the survey form (its choices: small, medium, large)',
      },
    ]);
  });
});
