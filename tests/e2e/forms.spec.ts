import type { Locator, Page, Request, TestInfo } from "@playwright/test";
import { content } from "./content.ts";
import { HONEYPOT } from "../../src/forms/schema.ts";
import { fieldsOf, formSchemas } from "../../src/server/enquiries/validate.ts";
import { mailedWith, storedWhere } from "./enquiries.ts";
import { axe, expect, hydrateIslands, test } from "./fixtures.ts";
import { settled } from "./hold-time.ts";

const CONTACT_API = "/api/mail/send-contact";
const QUOTE_API = "/api/mail/send-quote";

/** The payload keys the endpoints take (their schemas' visitor fields), plus the empty honeypot the server files robots by. */
const keysOf = (kind: "contact" | "quote") => [...fieldsOf(formSchemas[kind]).map((f) => f.name), HONEYPOT];
const CONTACT_KEYS = keysOf("contact");
const QUOTE_KEYS = keysOf("quote");
/**
 * What the form's script adds: the spam defence's two proofs and the page sent from. (Each test's
 * page is a later page of a visit whose first page kept no source; the first test has one.)
 */
const HIDDEN_KEYS = ["timeToken", "altcha", "page"];
/** The spec's success words, then the reference to quote. */
const withReference = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} Your reference is LA-\\d{4}-\\d{6}\\.$`);

/** A marker no other test (or project) uses, to find this test's submission in the store. */
/**
 * Holds the page's clock (installed before the page opened) from now on: the toast that follows
 * stays as long as the page's time says, whatever the machine's load. Jumps ahead first, since the
 * clock can only be paused at a time still to come.
 */
async function holdClock(page: Page): Promise<void> {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 10_000));
}

/** The toast stays `ms` of page time, then goes. */
async function expectToastFor(page: Page, toast: Locator, ms: number): Promise<void> {
  // The send and the toast's own entrance run on the page's timers too: step the clock until it shows.
  for (let step = 0; !(await toast.isVisible()); step++) {
    expect(step, "the toast appeared within 10 s of page time").toBeLessThan(200);
    await page.clock.runFor(50);
  }
  await page.clock.runFor(ms - 300);
  await expect(toast).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(toast).toHaveCount(0);
}

const unique = (info: TestInfo) => `${info.project.name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** The toast with exactly this title. */
const toastTitled = (page: Page, title: string) =>
  page.locator("[data-sonner-toast]").filter({ has: page.locator("[data-title]", { hasText: new RegExp(`^${title}$`) }) });

async function expectToast(page: Page, title: string, text: string | RegExp): Promise<Locator> {
  const toast = toastTitled(page, title);
  await expect(toast).toBeVisible();
  await expect(toast.locator("[data-description]")).toHaveText(text);
  await expect(toast.getByRole("button", { name: "Close toast" })).toBeVisible();
  return toast;
}

/**
 * Opens a form page and waits until React has hydrated the form (it marks itself data-hydrated):
 * before that, a click posts the form natively (tests/e2e/no-script.spec.ts).
 */
async function open(page: Page, path: "/contact" | "/get-a-quote") {
  await page.goto(path);
  await expect(page.locator("main form")).toHaveAttribute("data-hydrated", "");
}

const submitButton = (page: Page) => page.locator("main form").locator('button[type="submit"]');
/** A field by its accessible name: the label's text without the aria-hidden required mark. */
const field = (page: Page, label: string) => page.locator("main form").getByRole("textbox", { name: label, exact: true });

/** The form section of a page file, as the editors wrote it (its words, not today's counts). */
const formOf = (file: string) => content.pages.find((p) => p.file === `content/pages/${file}.yaml`)!.page.sections.find((s) => s.type === "form")!;

/**
 * Once sent, the confirmation stands where the form was and has the focus: the success title, the
 * reference to quote, what happens next; its button brings an empty form back, focused on its first field.
 * Returns the reference.
 */
async function expectConfirmation(page: Page, file: "contact" | "get-a-quote", title: string): Promise<string> {
  const section = formOf(file);
  const note = page.locator("main [data-form-sent]");
  await expect(note.getByRole("heading", { name: title })).toBeFocused();
  await expect(page.locator("main form")).toHaveCount(0);
  await expect(note).toContainText(/Your reference is LA-\d{4}-\d{6}\./);
  if (section.nextSteps) await expect(note).toContainText(section.nextSteps);
  await expect(note.getByRole("button", { name: section.backLabel })).toBeVisible();
  return (await note.locator("strong").textContent())!;
}

/** "Send another": the empty form again, its first field focused. */
async function sendAnother(page: Page, file: "contact" | "get-a-quote", firstField: string) {
  await page
    .locator("main [data-form-sent]")
    .getByRole("button", { name: formOf(file).backLabel })
    .click();
  await expect(page.locator("main [data-form-sent]")).toHaveCount(0);
  await expect(field(page, firstField)).toBeFocused();
}

/** Every request to the form API, for asserting that nothing was (or only one thing was) sent. */
/** The form posts the page makes (not the time token and proof-of-work challenge it asks for). */
function apiRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/mail/")) seen.push(r);
  });
  return seen;
}

async function fillAll(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
}

/** Types as a visitor does: click into each field and type, Enter for a new line in a textarea. */
async function typeAll(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await field(page, label).click();
    const [first, ...rest] = value.split("\n");
    await page.keyboard.type(first!, { delay: 5 });
    for (const line of rest) {
      await page.keyboard.press("Enter");
      await page.keyboard.type(line, { delay: 5 });
    }
  }
}

async function expectValues(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await expect(field(page, label)).toHaveValue(value);
}

const contactValues = (marker: string) => ({
  Name: "Dhruv Patel",
  Subject: `PLC upgrade ${marker}`,
  Email: "dhruv.patel@example.com",
  Phone: "+91 98765 43210",
  Company: "Shree Textiles",
  // Its own text each time (with the marker): the same text again from one address is held as a repeat.
  Message: `We run two S7-300 lines.\nCan you visit next week? (${marker})`,
});

const quoteValues = (marker: string) => ({
  Name: "Zoe Nunez",
  Email: "zoe.nunez@example.com",
  Phone: "+91 98765 43210",
  Company: "Gujarat Polymers",
  "Project name": `ETP SCADA ${marker}`,
  Requirements: `3 pumps, 12 level sensors.\nCommissioning before March. (${marker})`,
});

test.describe("contact form", () => {
  test("an enquiry sends where the visit began: a page with no script file, its UTM parameters @once", async ({ page }, info) => {
    // The visit starts from a newsletter's link, and goes on by the footer's link.
    await page.goto("/about?utm_source=newsletter&utm_campaign=plc-week", { referer: "https://mail.example.org/" });
    await page.locator("footer").getByRole("link", { name: "Contact", exact: true }).click();
    await page.waitForURL("**/contact");
    await hydrateIslands(page);
    await expect(page.locator("main form")).toHaveAttribute("data-hydrated", "");
    await typeAll(page, contactValues(unique(info)));
    const request = page.waitForRequest((r) => r.url().endsWith(CONTACT_API));
    await submitButton(page).click();
    const sent = (await request).postDataJSON() as Record<string, string>;
    expect(sent).toMatchObject({
      page: "/contact",
      landingPage: "/about?utm_source=newsletter&utm_campaign=plc-week",
      utmSource: "newsletter",
      utmCampaign: "plc-week",
      referrer: "https://mail.example.org",
    });
  });

  test("a visitor types and sends a message: toast, the confirmation in the form's place, cleared fields, stored and mailed", async ({ page }, info) => {
    const marker = unique(info);
    const values = contactValues(marker);
    await open(page, "/contact");
    await typeAll(page, values);
    await expectValues(page, values);

    const request = page.waitForRequest((r) => r.url().endsWith(CONTACT_API));
    await submitButton(page).click();
    const sent = (await request).postDataJSON() as Record<string, string>;
    expect(Object.keys(sent).sort()).toEqual([...CONTACT_KEYS, ...HIDDEN_KEYS].sort());
    expect(sent.page).toBe("/contact");
    expect(sent.altcha).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(sent.website).toBe("");
    expect(sent.message).toBe(values.Message);

    const toast = await expectToast(page, "Message Sent", withReference("We will get back to you shortly."));
    await expect(toast).toContainText(await expectConfirmation(page, "contact", "Message Sent"));
    await sendAnother(page, "contact", "Name");
    await expectValues(page, Object.fromEntries(Object.keys(values).map((k) => [k, ""])));

    // Stored before the answer came back.
    const row = storedWhere("subject", values.Subject);
    expect(row).toMatchObject({
      kind: "contact",
      payload: { name: "Dhruv Patel", email: "dhruv.patel@example.com", company: "Shree Textiles", message: values.Message },
    });
    expect(["queued", "sent"]).toContain(row!.status);

    // And mailed from the store.
    await expect.poll(() => mailedWith(marker), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => storedWhere("subject", values.Subject)?.status, { timeout: 15_000 }).toBe("sent");
  });

  test("the label of every field is tied to it, required ones are marked, the message box has 6 rows", async ({ page }) => {
    await open(page, "/contact");
    for (const label of ["Name", "Subject", "Email", "Phone", "Message"]) await expect(field(page, label)).toHaveAttribute("required", "");
    await expect(field(page, "Company")).not.toHaveAttribute("required", "");
    await expect(field(page, "Email")).toHaveAttribute("type", "email");
    await expect(field(page, "Phone")).toHaveAttribute("type", "tel");
    await expect(field(page, "Message")).toHaveAttribute("rows", "6");
    await expect(page.locator("main form label").filter({ hasText: /^Name\*$/ })).toBeVisible();
  });

  test("empty required fields: the browser's own check, and beside it the quote form's inline errors; nothing is sent, no toast", async ({ page }) => {
    const requests = apiRequests(page);
    await open(page, "/contact");
    await field(page, "Name").fill("Dhruv");
    await field(page, "Email").fill("dhruv");
    await submitButton(page).click();
    await expect(field(page, "Subject")).toBeFocused();
    expect(await field(page, "Subject").evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    for (const label of ["Subject", "Phone", "Message"]) {
      await expect(field(page, label)).toHaveAttribute("aria-invalid", "true");
      await expect(field(page, label)).toHaveAccessibleDescription(`${label} is required.`);
    }
    // A value the browser finds wrong gets the browser's own words under it.
    await expect(field(page, "Email")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Email")).toHaveAccessibleDescription(await field(page, "Email").evaluate((el: HTMLInputElement) => el.validationMessage));
    for (const label of ["Name", "Company"]) await expect(field(page, label)).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    expect(requests).toHaveLength(0);
    await expect(field(page, "Name")).toHaveValue("Dhruv");

    // Typing into a marked field clears its mark.
    await field(page, "Subject").fill("PLC upgrade");
    await expect(field(page, "Subject")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("main form").getByText("Subject is required.")).toHaveCount(0);
  });

  test("server says success: false with a message: 'Error' with that message, values kept", { tag: "@once" }, async ({ page }, info) => {
    const values = contactValues(unique(info));
    await page.route(`**${CONTACT_API}`, (route) => route.fulfill({ json: { success: false, message: "Mailbox full" } }));
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await open(page, "/contact");
    await fillAll(page, values);
    await submitButton(page).click();
    const toast = await expectToast(page, "Error", "Mailbox full");
    await expectValues(page, values);
    expect(errors.join("\n")).toContain("contact form");
    await toast.getByRole("button", { name: "Close toast" }).click();
    await expect(toast).toHaveCount(0);
  });

  test("server says success: false without a message: 'Failed to send message.'", { tag: "@once" }, async ({ page }, info) => {
    const values = contactValues(unique(info));
    await page.route(`**${CONTACT_API}`, (route) => route.fulfill({ status: 500, json: { success: false } }));
    await open(page, "/contact");
    await fillAll(page, values);
    await submitButton(page).click();
    await expectToast(page, "Error", "Failed to send message.");
    await expectValues(page, values);
  });

  test("server unreachable: 'Error' / 'Something went wrong.', values kept", { tag: "@once" }, async ({ page }, info) => {
    const values = contactValues(unique(info));
    await page.route(`**${CONTACT_API}`, (route) => route.abort("connectionrefused"));
    await open(page, "/contact");
    await fillAll(page, values);
    await submitButton(page).click();
    await expectToast(page, "Error", "Something went wrong.");
    await expectValues(page, values);
  });

  test("an answer that is not JSON counts as 'Something went wrong.'", { tag: "@once" }, async ({ page }, info) => {
    const values = contactValues(unique(info));
    await page.route(`**${CONTACT_API}`, (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" }));
    await open(page, "/contact");
    await fillAll(page, values);
    await submitButton(page).click();
    await expectToast(page, "Error", "Something went wrong.");
    await expectValues(page, values);
  });

  test("while sending, the button shows progress and a second submit sends nothing", { tag: "@once" }, async ({ page }, info) => {
    const values = contactValues(unique(info));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**${CONTACT_API}`, async (route) => {
      await held;
      await route.fulfill({ json: { success: true } });
    });
    const requests = apiRequests(page);
    await open(page, "/contact");
    await fillAll(page, values);
    await submitButton(page).click();
    await expect(submitButton(page)).toBeDisabled();
    await expect(submitButton(page)).toHaveText("Sending…");
    await field(page, "Subject").press("Enter"); // implicit submission: must not send again
    await settled(page);
    release();
    await expectToast(page, "Message Sent", "We will get back to you shortly.");
    await page.locator("main [data-form-sent]").getByRole("button").click();
    await expect(submitButton(page)).toBeEnabled();
    await expect(submitButton(page)).toHaveText("Send Message");
    expect(requests).toHaveLength(1);
  });

  test("the toast closes by itself after 4 seconds", { tag: "@once" }, async ({ page }, info) => {
    await page.route(`**${CONTACT_API}`, (route) => route.fulfill({ json: { success: true } }));
    await page.clock.install();
    await open(page, "/contact");
    await fillAll(page, contactValues(unique(info)));
    await page.mouse.move(0, 0);
    await holdClock(page);
    await submitButton(page).click();
    await expectToastFor(page, toastTitled(page, "Message Sent"), 4_000);
    // The confirmation stays once the toast has gone.
    await expect(page.locator("main [data-form-sent]")).toBeVisible();
  });
});

test.describe("quote form", () => {
  test("a visitor sends a request: toast, the confirmation in the form's place, cleared fields, stored", async ({ page }, info) => {
    const marker = unique(info);
    const values = quoteValues(marker);
    await open(page, "/get-a-quote");
    await typeAll(page, values);
    await expectValues(page, values);
    const request = page.waitForRequest((r) => r.url().endsWith(QUOTE_API));
    await submitButton(page).click();
    const sent = (await request).postDataJSON() as Record<string, string>;
    expect(Object.keys(sent).sort()).toEqual([...QUOTE_KEYS, ...HIDDEN_KEYS].sort());
    expect(sent.website).toBe("");

    await expectToast(page, "Form Submitted", withReference("Your request has been submitted successfully."));
    await expectConfirmation(page, "get-a-quote", "Form Submitted");
    await sendAnother(page, "get-a-quote", "Name");
    await expectValues(page, Object.fromEntries(Object.keys(values).map((k) => [k, ""])));
    expect(storedWhere("project", values["Project name"])).toMatchObject({
      kind: "quote",
      payload: { name: "Zoe Nunez", email: "zoe.nunez@example.com", company: "Gujarat Polymers", requirements: values.Requirements },
    });
  });

  test("only name and email are enough", async ({ page }) => {
    await open(page, "/get-a-quote");
    await fillAll(page, { Name: "Asha", Email: "asha@example.com" });
    await submitButton(page).click();
    await expectToast(page, "Form Submitted", withReference("Your request has been submitted successfully."));
  });

  for (const missing of ["Name", "Email"] as const) {
    test(`${missing} empty: 'Validation Error', the field marked and focused, nothing sent`, { tag: "@once" }, async ({ page }, info) => {
      const requests = apiRequests(page);
      const values: Record<string, string> = quoteValues(unique(info));
      values[missing] = "";
      await open(page, "/get-a-quote");
      await fillAll(page, values);
      await submitButton(page).click();
      await expectToast(page, "Validation Error", "Please fill in all required fields.");
      const input = field(page, missing);
      await expect(input).toHaveAttribute("aria-invalid", "true");
      await expect(input).toBeFocused();
      await expect(input).toHaveAccessibleDescription(`${missing} is required.`);
      await expect(page.locator("main form").getByText(`${missing} is required.`)).toBeVisible();
      await expectValues(page, values);
      expect(requests).toHaveLength(0);

      // Fixing the field clears its mark, and the request goes through.
      await input.fill(missing === "Name" ? "Zoe" : "zoe@example.com");
      await expect(input).not.toHaveAttribute("aria-invalid", "true");
      await submitButton(page).click();
      await expectToast(page, "Form Submitted", withReference("Your request has been submitted successfully."));
      expect(requests).toHaveLength(1);
    });
  }

  test("the server's field errors (400) mark the field under it; 'Submission Failed'; values kept", { tag: "@once" }, async ({ page }, info) => {
    const values = { ...quoteValues(unique(info)), Email: "not-an-email" };
    await open(page, "/get-a-quote");
    await fillAll(page, values);
    const answer = page.waitForResponse((r) => r.url().endsWith(QUOTE_API));
    await submitButton(page).click();
    expect((await answer).status()).toBe(400);
    await expectToast(page, "Submission Failed", "Failed to send quote. Please try again.");
    const email = field(page, "Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Email must be a valid e-mail address, like name@example.com.");
    await expect(email).toBeFocused();
    await expect(field(page, "Name")).not.toHaveAttribute("aria-invalid", "true");
    await expectValues(page, values);
  });

  test("server says success: false: 'Submission Failed', values kept", { tag: "@once" }, async ({ page }, info) => {
    const values = quoteValues(unique(info));
    await page.route(`**${QUOTE_API}`, (route) => route.fulfill({ json: { success: false, message: "Mailbox full" } }));
    await open(page, "/get-a-quote");
    await fillAll(page, values);
    await submitButton(page).click();
    const toast = await expectToast(page, "Submission Failed", "Failed to send quote. Please try again.");
    await expectValues(page, values);
    await toast.getByRole("button", { name: "Close toast" }).click();
    await expect(toast).toHaveCount(0);
  });

  test("server unreachable: 'Error' / 'Something went wrong. Please try again later.', values kept", { tag: "@once" }, async ({ page }, info) => {
    const values = quoteValues(unique(info));
    await page.route(`**${QUOTE_API}`, (route) => route.abort("connectionrefused"));
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await open(page, "/get-a-quote");
    await fillAll(page, values);
    await submitButton(page).click();
    await expectToast(page, "Error", "Something went wrong. Please try again later.");
    await expectValues(page, values);
    expect(errors.join("\n")).toContain("quote form");
  });

  test("while sending, the button is disabled and shows progress", { tag: "@once" }, async ({ page }, info) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**${QUOTE_API}`, async (route) => {
      await held;
      await route.fulfill({ json: { success: true } });
    });
    const requests = apiRequests(page);
    await open(page, "/get-a-quote");
    await fillAll(page, quoteValues(unique(info)));
    await submitButton(page).click();
    await expect(submitButton(page)).toBeDisabled();
    await expect(submitButton(page)).toHaveText("Sending…");
    await expect(page.locator("main form")).toHaveAttribute("aria-busy", "true");
    release();
    await expectToast(page, "Form Submitted", "Your request has been submitted successfully.");
    await page.locator("main [data-form-sent]").getByRole("button").click();
    await expect(submitButton(page)).toHaveText("Submit Request");
    expect(requests).toHaveLength(1);
  });

  test("the toast closes by itself after 5 seconds", { tag: "@once" }, async ({ page }, info) => {
    await page.route(`**${QUOTE_API}`, (route) => route.fulfill({ json: { success: true } }));
    await page.clock.install();
    await open(page, "/get-a-quote");
    await fillAll(page, quoteValues(unique(info)));
    await holdClock(page);
    await submitButton(page).click();
    await page.mouse.move(0, 0);
    await expectToastFor(page, toastTitled(page, "Form Submitted"), 5_000);
  });

  test("the 'What you get' panel lists its points, each titled; name and email are marked required", async ({ page }) => {
    await open(page, "/get-a-quote");
    const panel = page.getByRole("complementary").filter({ has: page.getByRole("heading", { name: "What you get" }) });
    await expect(panel).toBeVisible();
    // How many points is the editors' choice (tests/unit/blocks.test.tsx draws a fixture's).
    await expect(panel.getByRole("listitem").first()).toBeVisible();
    await expect(panel.getByRole("heading", { level: 4 })).toHaveCount(await panel.getByRole("listitem").count());
    for (const label of ["Name", "Email"]) await expect(field(page, label)).toHaveAttribute("required", "");
    for (const label of ["Phone", "Company", "Project name", "Requirements"]) await expect(field(page, label)).not.toHaveAttribute("required", "");
    await expect(field(page, "Requirements")).toHaveAttribute("rows", "6");
  });
});

test("toasts are read out: sonner's region is a polite live region, there from the first focus in the form, before any toast", async ({ page }) => {
  await open(page, "/get-a-quote");
  const region = page.locator("section[aria-live]");
  await expect(region).toHaveCount(0); // sonner's code is not part of the page's first load
  await field(page, "Name").focus();
  await expect(region).toHaveAttribute("aria-live", "polite");
  await expect(region).toHaveAttribute("aria-label", /Notifications/);
  await submitButton(page).click();
  await expect(region.locator("[data-sonner-toast]")).toContainText("Validation Error");
});

test.describe("a form posted natively, before its script has woken", () => {
  /** Submits the form as the browser does without script: HTMLFormElement.submit() fires no submit event. */
  const postNatively = (page: Page) => page.locator("main form").evaluate((form: HTMLFormElement) => form.submit());

  async function expectNoAxeViolations(page: Page) {
    const results = await axe(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);
  }

  test("gets the answer page, which passes axe: sent, and refused with the values kept", async ({ page }, info) => {
    test.slow(); // two posts and two axe runs
    const values = quoteValues(unique(info));
    await open(page, "/get-a-quote");
    await fillAll(page, values);
    const sent = page.waitForResponse((r) => r.url().endsWith(QUOTE_API));
    await postNatively(page);
    expect((await sent).headers()["content-type"]).toMatch(/^text\/html/);
    await expect(page.getByRole("main").getByRole("heading", { name: "Form Submitted" })).toBeVisible();
    expect(storedWhere("project", values["Project name"])).toMatchObject({ kind: "quote" });
    await expectNoAxeViolations(page);

    // The refused page in dark mode, which its inline head script applies as on every page.
    await page.evaluate(() => localStorage.setItem("color-mode", "dark"));
    await open(page, "/get-a-quote");
    await fillAll(page, { ...values, Email: "" });
    await postNatively(page);
    await expect(page.locator("html")).toHaveAttribute("data-color-mode", "dark");
    await expect(page.locator("main form").getByRole("alert")).toContainText("Please fill in all required fields.");
    await expectValues(page, { ...values, Email: "" });
    await expectNoAxeViolations(page);
  });
});
