// @vitest-environment node
/**
 * Form posts sent without script (application/x-www-form-urlencoded): taken, stored and mailed as
 * the JSON post is, answered with a page; refused ones answered with the form's values and reasons;
 * posts from other sites refused, in both kinds. The pages are drawn by the build's render entry
 * (tests/unit/form-answer.test.tsx draws the real one, tests/e2e/no-script.spec.ts sends the real
 * forms); here a stand-in entry writes down what the server asked it to draw.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnswerRequest } from "../../src/handover/form-answer.ts";
import { FORM_ANSWER_DIR, FORM_ANSWER_ENTRY, FORM_ANSWER_TEMPLATE } from "../../src/handover/form-answer.ts";
import { parseMail, postJson, rawRequest, startApp, startSmtpSink, tempDir, validContact, validQuote, waitFor } from "./helpers.ts";
import type { HttpResult, SmtpSink, TestApp } from "./helpers.ts";

const CONTACT = "/api/mail/send-contact";
const QUOTE = "/api/mail/send-quote";
const SITE_ORIGIN = "https://www.site.example";

/** A built site with a stand-in render entry: its page is the request it was given, as JSON. */
function distWithEntry(): { path: string; remove(): void } {
  const root = tempDir("lariox-answers-");
  const dir = join(root.path, "dist", FORM_ANSWER_DIR);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, FORM_ANSWER_ENTRY),
    `export const siteOrigin = ${JSON.stringify(SITE_ORIGIN)};
export async function renderFormAnswer(request) {
  if (request.endpoint === "/api/mail/send-quote" && request.from === "/no-page") return undefined;
  return { head: "<title>answer</title>", body: '<script type="application/json" id="request">' + JSON.stringify(request).replace(/</g, "\\\\u003c") + "</script>" };
}
`,
  );
  writeFileSync(join(dir, FORM_ANSWER_TEMPLATE), "<!doctype html><html><head><!--head--></head><body><!--app-html--></body></html>");
  return { path: join(root.path, "dist"), remove: root.remove };
}

/** What the server asked the render entry to draw, read back from the answer page. */
function drawn(result: HttpResult): AnswerRequest {
  expect(result.headers["content-type"]).toBe("text/html; charset=utf-8");
  const json = /<script type="application\/json" id="request">(.*)<\/script>/.exec(result.text)?.[1];
  expect(json, result.text.slice(0, 300)).toBeDefined();
  return JSON.parse(json!) as AnswerRequest;
}

function postForm(base: string, path: string, fields: Record<string, string> | string, headers: Record<string, string> = {}): Promise<HttpResult> {
  return rawRequest(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: typeof fields === "string" ? fields : new URLSearchParams(fields).toString(),
  });
}

describe("form posts without script: taken", () => {
  let t: TestApp;
  let smtp: SmtpSink;
  const dist = distWithEntry();
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startApp({ SMTP_URL: smtp.url, DIST_DIR: dist.path, MAIL_TO: "sales@lariox.example.com" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    dist.remove();
  });

  it("stores and mails a form post exactly as the same enquiry sent as JSON, and answers with the sent page", async () => {
    // What a browser sends: every field, the empty honeypot, line breaks as CR LF.
    // Both name the page the form is on: the script in its JSON, the form in its hidden field.
    const viaJson = { ...validContact, subject: "Sent as JSON", message: "કૃપા કરીને ફોન કરો.\nTwo lines.", page: "/contact" };
    const viaForm = { ...viaJson, subject: "Sent without script", message: "કૃપા કરીને ફોન કરો.\r\nTwo lines." };
    expect((await postJson(t.url, CONTACT, viaJson)).status).toBe(200);
    const page = await postForm(t.url, CONTACT, viaForm, { referer: `${t.url}/contact`, "user-agent": "no-script browser" });
    expect(page.status).toBe(200);
    expect(drawn(page)).toEqual({
      endpoint: CONTACT,
      from: "/contact",
      outcome: { sent: true, message: expect.stringMatching(/received/), reference: expect.stringMatching(/^LA-\d{4}-\d{6}$/) },
    });
    expect(page.text).toContain("<title>answer</title>");

    // Committed by the time the answer arrives, the same but for the subject.
    const rows = await t.app.store.list();
    const json = rows.find((r) => r.payload.subject === "Sent as JSON")!;
    const form = rows.find((r) => r.payload.subject === "Sent without script")!;
    expect(form).toMatchObject({ kind: "contact", ip: "127.0.0.1", userAgent: "no-script browser", source: { page: "/contact" } });
    expect(json.source).toEqual(form.source);
    expect({ ...form.payload, subject: "" }).toEqual({ ...json.payload, subject: "" });
    expect(form.payload.message).toBe("કૃપા કરીને ફોન કરો.\nTwo lines.");

    await waitFor(() => smtp.messages.length >= 2, "both messages mailed");
    const mails = smtp.messages.map((m) => parseMail(m.raw));
    const mailOf = (subject: string) => mails.find((m) => m.headers.get("subject")?.includes(subject))!;
    // The same text but for the subject, the submission's number and its time.
    const body = (subject: string) =>
      mailOf(subject)
        .text.replace(subject, "")
        .replace(/#\d+/g, "#")
        .replace(/LA-\d{4}-\d{6}/g, "LA-")
        .replace(/^.*received.*$/gim, "");
    expect(body("Sent without script")).toBe(body("Sent as JSON"));
    expect(body("Sent as JSON")).toContain("કૃપા કરીને ફોન કરો.\nTwo lines.");
    expect(smtp.messages.every((m) => m.to.includes("sales@lariox.example.com"))).toBe(true);
  });

  it("judges a post without script by what it can meet: a doubt holds it in quarantine, answered as sent with its reference", async () => {
    const before = smtp.messages.length;
    const page = await postForm(
      t.url,
      CONTACT,
      { ...validContact, email: "someone@mailinator.com", message: "Please call me back." },
      { referer: `${t.url}/contact` },
    );
    const { outcome } = drawn(page);
    expect(outcome).toEqual({
      sent: true,
      message: expect.stringMatching(/received\. .*Your reference is LA-\d{4}-\d{6}\.$/),
      reference: expect.stringMatching(/^LA-\d{4}-\d{6}$/),
    });
    const reference = /LA-\d{4}-\d{6}/.exec((outcome as { message: string }).message)![0];
    const held = (await t.app.store.list({ status: "quarantined" })).find((r) => r.reference === reference)!;
    expect((held.reasons as Array<{ code: string }>).map((f) => f.code)).toEqual(["disposable"]);
    // No time token or proof of work can come without script: their absence is no finding.
    const clean = await postForm(t.url, CONTACT, { ...validContact, message: "Plain post, no script." }, { referer: `${t.url}/contact` });
    expect(drawn(clean).outcome).toMatchObject({ sent: true });
    await waitFor(() => smtp.messages.length === before + 1, "only the clean post mailed");
  });

  it("takes the quote form with only its required fields, and a message as long as the JSON one may be in any script", async () => {
    // 5000 Gujarati letters: 15 KB as JSON, 45 KB percent-encoded; the schema's limit, not the encoding, decides.
    const long = "ક".repeat(5000);
    const r = await postForm(t.url, QUOTE, { name: "Asha Mehta", email: "asha@example.com", requirements: long }, { referer: `${t.url}/get-a-quote` });
    expect(r.status).toBe(200);
    expect(drawn(r).outcome.sent).toBe(true);
    expect((await t.app.store.list()).at(-1)?.payload).toEqual({ name: "Asha Mehta", email: "asha@example.com", requirements: long });
    expect((await postJson(t.url, QUOTE, { name: "Asha", email: "asha@example.com", requirements: long })).status).toBe(200);
  });

  it("answers with the security headers of a page, never cached", async () => {
    const r = await postForm(t.url, QUOTE, { name: "Asha", email: "asha@example.com" });
    expect(r.status).toBe(200);
    expect(r.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    expect(r.headers["content-security-policy"]).toMatch(/form-action 'self'/);
    expect(r.headers["x-frame-options"]).toBe("DENY");
    expect(r.headers["x-content-type-options"]).toBe("nosniff");
    expect(r.headers["strict-transport-security"]).toMatch(/max-age=/);
    expect(r.headers["cache-control"]).toBe("no-store");
  });

  it("files a filled honeypot as spam and answers as if sent", async () => {
    await waitFor(async () => (await t.app.store.list()).every((r) => r.status === "sent" || r.status === "quarantined"), "earlier enquiries mailed");
    const before = (await t.app.store.list()).length;
    const mailed = smtp.messages.length;
    const r = await postForm(t.url, CONTACT, { ...validContact, name: "Bot", website: "http://spam.example" });
    expect(r.status).toBe(200);
    expect(drawn(r).outcome).toEqual({ sent: true, message: expect.stringMatching(/received/) });
    await t.app.outbox.idle();
    expect(await t.app.store.list()).toHaveLength(before);
    expect(smtp.messages).toHaveLength(mailed);
    expect((await t.app.store.spamCounts()).find((c) => c.kind === "contact")?.hits).toBe(1);
  });

  it("names no page it cannot trust: a Referer from another site, or none", async () => {
    expect(
      drawn(await postForm(t.url, QUOTE, { name: "A", email: "a@example.com" }, { referer: "https://elsewhere.example/get-a-quote" })).from,
    ).toBeUndefined();
    expect(drawn(await postForm(t.url, QUOTE, { name: "A", email: "a@example.com" })).from).toBeUndefined();
    expect(drawn(await postForm(t.url, QUOTE, { name: "A", email: "a@example.com" }, { referer: `${SITE_ORIGIN}/quote?x=1` })).from).toBe("/quote");
  });

  it("keeps the page the form's hidden field names as the lead's source; the Referer neither gives nor changes it", async () => {
    const sent = async (fields: Record<string, string>, referer: string, project: string) => {
      expect((await postForm(t.url, QUOTE, { ...validQuote, ...fields, project }, { referer })).status).toBe(200);
      return (await t.app.store.list()).find((r) => r.payload.project === project)!.source;
    };
    // Sent again from the form a refusal drew: the answer's address is the endpoint, the field still names the form's page.
    expect(await sent({ page: "/get-a-quote" }, `${t.url}/api/mail/send-quote`, "From an answer page")).toEqual({ page: "/get-a-quote" });
    expect(await sent({}, `${t.url}/get-a-quote`, "With no page field")).toEqual({});
  });

  it("answers in plain text when no page holds the form", async () => {
    const r = await postForm(t.url, QUOTE, { name: "A", email: "a@example.com" }, { referer: `${t.url}/no-page` });
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(r.text).toMatch(/quote request has been received/);
  });
});

describe("form posts without script: refused, with every value kept", () => {
  let t: TestApp;
  const dist = distWithEntry();
  beforeAll(async () => {
    t = await startApp({ DIST_DIR: dist.path, RATE_LIMIT: "4" }, { startOutbox: false });
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  it("draws the form again with the values sent and each field's reason, 400, nothing stored", async () => {
    const values = { ...validQuote, name: "   ", email: "zoe@", requirements: "3 pumps.\r\nRemote alarms." };
    const r = await postForm(t.url, QUOTE, values, { referer: `${t.url}/get-a-quote` });
    expect(r.status).toBe(400);
    expect(drawn(r)).toEqual({
      endpoint: QUOTE,
      from: "/get-a-quote",
      outcome: {
        sent: false,
        message: "Name is required. Email must be a valid e-mail address, like name@example.com.",
        errors: [
          { field: "name", message: "Name is required." },
          { field: "email", message: "Email must be a valid e-mail address, like name@example.com." },
        ],
        values: { ...values, requirements: "3 pumps.\nRemote alarms." },
      },
    });
    expect(await t.app.store.list()).toEqual([]);
  });

  it("refuses %-escaped bytes that are not UTF-8, naming the field, with the other values kept", async () => {
    // A "%" that escapes nothing is text, as a browser reads it: the subject is not refused.
    const body = `${new URLSearchParams({ ...validContact, subject: "100% %zz ready", message: "" })}`.replace("message=", "message=Hello+%ED%A0%80+there");
    const r = await postForm(t.url, CONTACT, body, { referer: `${t.url}/contact` });
    expect(r.status).toBe(400);
    expect(drawn(r).outcome).toMatchObject({
      sent: false,
      errors: [{ field: "message", message: "Message holds bytes that are not UTF-8 text; please type it again." }],
      values: { name: validContact.name, subject: "100% %zz ready", email: validContact.email },
    });
    expect(await t.app.store.list()).toEqual([]);
  });

  it("refuses what the JSON post refuses: a field sent twice, an unknown or prototype field, a line break in a one-line field", async () => {
    const twice = await postForm(t.url, CONTACT, `${new URLSearchParams(validContact)}&name=Second`);
    expect(twice.status).toBe(400);
    expect(drawn(twice).outcome).toMatchObject({ errors: [{ field: "name", message: "Name must be text." }] });
    // A name sent twice cannot be drawn again as one value; the rest are.
    expect(drawn(twice).outcome).toMatchObject({ values: { subject: validContact.subject, email: validContact.email } });
    const proto = await postForm(t.url, CONTACT, `${new URLSearchParams(validContact)}&__proto__=x&admin=1`);
    expect(proto.status).toBe(400);
    expect(drawn(proto).outcome).toMatchObject({ message: expect.stringMatching(/"__proto__" is not a field.*"admin" is not a field/) });
    const header = await postForm(t.url, CONTACT, { ...validContact, subject: "Hi\r\nBcc: victim@example.org" });
    expect(header.status).toBe(400);
    expect(drawn(header).outcome).toMatchObject({ errors: [{ field: "subject", message: "Subject must be a single line (no line breaks)." }] });
    expect(await t.app.store.list()).toEqual([]);
  });

  it("past the rate limit: 429 with Retry-After, and the values the visitor sent", async () => {
    // Four posts a minute, whichever kind (the refused ones above never counted).
    for (let i = 0; i < 4; i++) expect((await postJson(t.url, QUOTE, validQuote)).status).toBe(200);
    const r = await postForm(t.url, CONTACT, validContact);
    expect(r.status).toBe(429);
    expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
    expect(drawn(r).outcome).toEqual({
      sent: false,
      message: expect.stringMatching(/Too many submissions.*wait \d+ seconds/),
      errors: [],
      values: validContact,
    });
    expect((await postJson(t.url, QUOTE, validQuote)).status).toBe(429);
  });
});

describe("form posts without script: a store that cannot write", () => {
  it("answers 503 with Retry-After and the values sent, so nothing is lost", async () => {
    const dist = distWithEntry();
    const t = await startApp({ DIST_DIR: dist.path }, { startOutbox: false });
    try {
      expect((await postForm(t.url, QUOTE, validQuote)).status).toBe(200);
      for (const f of ["", "-wal", "-shm"]) rmSync(join(t.dataDir, `site.db${f}`), { force: true });
      const r = await postForm(t.url, QUOTE, validQuote);
      expect(r.status).toBe(503);
      expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
      expect(drawn(r).outcome).toEqual({ sent: false, message: expect.stringMatching(/could not save your enquiry/), errors: [], values: validQuote });
    } finally {
      await t.close();
      dist.remove();
    }
  });
});

describe("form posts without script: sizes", () => {
  let t: TestApp;
  const dist = distWithEntry();
  beforeAll(async () => {
    t = await startApp({ DIST_DIR: dist.path }, { startOutbox: false });
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  it("keeps an over-long message to shorten: the field's limit refuses it beside the field", async () => {
    const r = await postForm(t.url, CONTACT, { ...validContact, message: "x".repeat(20_000) });
    expect(r.status).toBe(400);
    expect(drawn(r).outcome).toMatchObject({ errors: [{ field: "message", message: "Message must be at most 5000 characters." }] });
    expect((drawn(r).outcome as { values: Record<string, string> }).values.message).toHaveLength(20_000);
  });

  it("answers a post past any form's size with a page saying so (413); JSON keeps its own limit", async () => {
    const r = await postForm(t.url, CONTACT, { ...validContact, message: "x".repeat(200 * 1024) });
    expect(r.status).toBe(413);
    expect(drawn(r).outcome).toEqual({ sent: false, message: expect.stringMatching(/too large to send/), errors: [], values: {} });
    const json = await postJson(t.url, CONTACT, { ...validContact, message: "x".repeat(40 * 1024) });
    expect(json.status).toBe(413);
    expect(json.json()).toEqual({ success: false, message: expect.stringMatching(/too large; the limit is 32 KB/) });
  });
});

describe("posts from another site", () => {
  let t: TestApp;
  const dist = distWithEntry();
  beforeAll(async () => {
    t = await startApp({ DIST_DIR: dist.path, TRUST_PROXY: "127.0.0.1" }, { startOutbox: false });
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  const own = () => t.url;
  const cases: Array<[what: string, headers: () => Record<string, string>, allowed: boolean]> = [
    ["a browser's post from the page itself", () => ({ "sec-fetch-site": "same-origin", origin: own() }), true],
    ["a post the visitor started themselves", () => ({ "sec-fetch-site": "none" }), true],
    ["a post from another site", () => ({ "sec-fetch-site": "cross-site", origin: "https://evil.example" }), false],
    ["a post from a sibling subdomain", () => ({ "sec-fetch-site": "same-site", origin: "https://shop.site.example" }), false],
    ["another site, named by Sec-Fetch-Site alone", () => ({ "sec-fetch-site": "cross-site" }), false],
    ["an older browser on the page itself", () => ({ origin: own() }), true],
    ["an older browser on the site's public address (a CDN passes /api/ on under another name)", () => ({ origin: SITE_ORIGIN }), true],
    ["an older browser on another site", () => ({ origin: "https://evil.example" }), false],
    ["an older browser on another port of this host", () => ({ origin: own().replace(/:\d+$/, ":1") }), false],
    ["a sandboxed frame or a file (Origin: null)", () => ({ origin: "null" }), false],
    ["a trusted proxy's X-Forwarded-Host naming the page's host", () => ({ origin: "https://forms.example", "x-forwarded-host": "forms.example" }), true],
    ["no browser at all (curl, a monitor): neither header", () => ({}), true],
  ];

  it.each(cases)("%s: JSON and form posts alike", async (_what, headers, allowed) => {
    const before = (await t.app.store.list()).length;
    const json = await postJson(t.url, QUOTE, validQuote, headers());
    const form = await postForm(t.url, CONTACT, validContact, headers());
    if (allowed) {
      expect([json.status, form.status]).toEqual([200, 200]);
      expect(await t.app.store.list()).toHaveLength(before + 2);
      return;
    }
    expect([json.status, form.status]).toEqual([403, 403]);
    expect(json.json()).toEqual({ success: false, message: expect.stringMatching(/only be sent from our own website/) });
    expect(drawn(form).outcome).toEqual({ sent: false, message: expect.stringMatching(/only be sent from our own website/), errors: [], values: {} });
    expect(form.headers["x-frame-options"]).toBe("DENY");
    expect(await t.app.store.list()).toHaveLength(before);
  });

  it("believes X-Forwarded-Host only from a trusted proxy", async () => {
    const untrusted = await startApp({ DIST_DIR: dist.path }, { startOutbox: false });
    try {
      const r = await postJson(untrusted.url, QUOTE, validQuote, { origin: "https://forms.example", "x-forwarded-host": "forms.example" });
      expect(r.status).toBe(403);
    } finally {
      await untrusted.close();
    }
  });
});

describe("form posts before any build", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({}, { startOutbox: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it("are taken all the same, and answered in plain text", async () => {
    const ok = await postForm(t.url, QUOTE, { name: "Asha", email: "asha@example.com" });
    expect([ok.status, ok.headers["content-type"], ok.text]).toEqual([200, "text/plain; charset=utf-8", expect.stringMatching(/received/)]);
    expect(await t.app.store.list()).toHaveLength(1);
    const bad = await postForm(t.url, QUOTE, { name: "Asha" });
    expect([bad.status, bad.text]).toEqual([400, "Email is required.\n"]);
  });

  it("refuse to start on a render entry that is not the build's", async () => {
    const dist = distWithEntry();
    writeFileSync(join(dist.path, FORM_ANSWER_DIR, FORM_ANSWER_ENTRY), "export const nothing = 1;\n");
    try {
      await expect(startApp({ DIST_DIR: dist.path }, { startOutbox: false })).rejects.toThrow(/build the site again/);
    } finally {
      dist.remove();
    }
  });
});
