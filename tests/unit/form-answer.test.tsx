// @vitest-environment jsdom
/**
 * The pages the server answers a form post sent without script with, drawn by the real blocks and
 * shell from a fixture form page (tests/fixtures/blocks/form.yaml): what the visitor sees after
 * sending, and the form drawn again with their values and the reasons after a refusal.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import site from "virtual:site";
import { loadYaml } from "../../src/content/loaders/load.ts";
import type { Page, SectionOf } from "../../src/content/types.ts";
import { renderFormAnswer } from "../../src/answers/form-answer.tsx";
import type { AnswerRequest } from "../../src/handover/form-answer.ts";
import type { LoadedPage } from "../../src/app/App.tsx";

const ROOT = join(import.meta.dirname, "../..");
const CONTACT = "/api/mail/send-contact";

const fixture = loadYaml(ROOT, "tests/fixtures/blocks/form.yaml", "page").yaml!.data as Page;
const form = fixture.sections[0] as SectionOf<"form">;
/** The same form on a second page, under a banner. */
const withBanner: Page = {
  ...fixture,
  path: "/fixtures/form-with-banner",
  sections: [{ type: "banner", image: "/assets/banners/contact.jpg", heading: "Banner of the second page" }, form],
};
const pages: LoadedPage[] = [
  { page: fixture, images: {} },
  { page: withBanner, images: {} },
];

async function draw(request: AnswerRequest) {
  const answer = await renderFormAnswer(pages, request);
  expect(answer).toBeDefined();
  const doc = new DOMParser().parseFromString(`<!doctype html><html><head>${answer!.head}</head><body>${answer!.body}</body></html>`, "text/html");
  const field = (label: string) => {
    const id = [...doc.querySelectorAll("main form label")].find((l) => l.firstChild?.textContent === label)?.getAttribute("for");
    return doc.getElementById(id!) as HTMLInputElement | HTMLTextAreaElement;
  };
  const reasonOf = (label: string) => {
    const described = field(label).getAttribute("aria-describedby");
    return described ? doc.getElementById(described)?.textContent : undefined;
  };
  return { doc, field, reasonOf };
}

describe("the answer to a refused post", () => {
  const values = { name: " ", email: "asha@", phone: "+91 00000 00009", message: 'Two lines,\nwith <b>"markup"</b> & $& kept as text.' };

  it("draws the form again with every value sent, each field's reason beside it, and the form's invalid notice first", async () => {
    const { doc, field, reasonOf } = await draw({
      endpoint: CONTACT,
      from: "/fixtures/form",
      outcome: {
        sent: false,
        message: "Your name is required. Your email must be a valid e-mail address.",
        errors: [
          { field: "name", message: "Your name is required." },
          { field: "email", message: "Email must be a valid e-mail address, like name@example.com." },
        ],
        values,
      },
    });
    expect(doc.title).toBe(`${form.toasts.invalid!.title} | ${site.company.name}`);
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");

    const formElement = doc.querySelector("main form")!;
    expect(formElement.getAttribute("method")).toBe("post");
    expect(formElement.getAttribute("action")).toBe(CONTACT);
    // Sent again from here, the enquiry still names the page that holds the form, not this answer.
    expect(formElement.querySelector<HTMLInputElement>('input[type="hidden"][name="page"]')?.value).toBe("/fixtures/form");
    for (const [label, name] of [
      ["Your name", "name"],
      ["Your email", "email"],
      ["Your phone", "phone"],
      ["Your message", "message"],
    ] as const) {
      expect(field(label).getAttribute("name")).toBe(name);
      expect(field(label).value).toBe(values[name]);
    }
    // The empty required field gets the form's own wording; the server's reason for the other.
    expect(reasonOf("Your name")).toBe("Your name is required.");
    expect(field("Your name").getAttribute("aria-invalid")).toBe("true");
    expect(reasonOf("Your email")).toBe("Email must be a valid e-mail address, like name@example.com.");
    expect(reasonOf("Your phone")).toBeUndefined();

    const notice = formElement.querySelector('[role="alert"]')!;
    expect(formElement.firstElementChild).toBe(notice);
    expect(notice.hasAttribute("autofocus")).toBe(true);
    expect([...notice.querySelectorAll("p")].map((p) => p.textContent)).toEqual([form.toasts.invalid!.title, form.toasts.invalid!.text]);
    // The button sends the form natively: enabled, no script on the page.
    expect(formElement.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(false);
    expect(doc.querySelectorAll("script")).toHaveLength(0);
  });

  it("says why when no field is to blame (a rate limit), with the failure notice, and keeps the values", async () => {
    const reason = "Too many submissions from your address. Please wait 42 seconds and try again.";
    const { doc, field } = await draw({ endpoint: CONTACT, outcome: { sent: false, message: reason, errors: [], values: { ...values, name: "Asha" } } });
    expect(doc.title).toBe(`${form.toasts.failure.title} | ${site.company.name}`);
    const notice = doc.querySelector('main form [role="alert"]')!;
    expect([...notice.querySelectorAll("p")].map((p) => p.textContent)).toEqual([form.toasts.failure.title, form.toasts.failure.text, reason]);
    expect(field("Your name").value).toBe("Asha");
    expect(field("Your message").value).toBe(values.message);
    expect(doc.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  });
});

describe("the answer to a post that was sent", () => {
  it("shows the success toast's title and text in the site's shell, and the way back to the form's page", async () => {
    const { doc } = await draw({ endpoint: CONTACT, from: "/fixtures/form", outcome: { sent: true, message: "Thank you." } });
    expect(doc.title).toBe(`${form.toasts.success.title} | ${site.company.name}`);
    const main = doc.querySelector("main")!;
    expect(main.querySelector("h2")?.textContent).toBe(form.toasts.success.title);
    expect(main.querySelector("h2")?.hasAttribute("autofocus")).toBe(true);
    expect(main.textContent).toContain(form.toasts.success.text);
    const back = main.querySelector("a")!;
    expect([back.textContent, back.getAttribute("href")]).toEqual([form.backLabel, "/fixtures/form"]);
    expect(main.querySelector("form")).toBeNull();
    // The site's own header, navigation and footer, without the intro splash.
    expect(doc.querySelector("header nav")).not.toBeNull();
    expect(doc.querySelector("footer")?.textContent).toContain(site.company.name);
    expect(doc.querySelector("dialog")).toBeNull();
  });

  it("answers from the page the post came from: its banner, and the way back to it", async () => {
    const { doc } = await draw({ endpoint: CONTACT, from: "/fixtures/form-with-banner/", outcome: { sent: true, message: "Thank you." } });
    expect(doc.querySelector("main h1")?.textContent).toBe("Banner of the second page");
    expect(doc.querySelector("main a")?.getAttribute("href")).toBe("/fixtures/form-with-banner");
    // From anywhere else, the first page holding the form.
    const other = await draw({ endpoint: CONTACT, from: "/elsewhere", outcome: { sent: true, message: "Thank you." } });
    expect(other.doc.querySelector("main h1")).toBeNull();
    expect(other.doc.querySelector("main a")?.getAttribute("href")).toBe("/fixtures/form");
  });

  it("draws nothing for an endpoint no page's form posts to", async () => {
    expect(await renderFormAnswer(pages, { endpoint: "/api/mail/send-quote", outcome: { sent: true, message: "Thank you." } })).toBeUndefined();
  });
});
