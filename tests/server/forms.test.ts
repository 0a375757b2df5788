// @vitest-environment node
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMail, postJson, rawRequest, startApp, startSmtpSink, validContact, validQuote, waitFor } from "./helpers.ts";
import type { SmtpSink, TestApp } from "./helpers.ts";
import { forEachBackend } from "./backends.ts";
import { formSchemas } from "../../src/server/enquiries/validate.ts";

const CONTACT = "/api/mail/send-contact";
const QUOTE = "/api/mail/send-quote";

describe("form endpoints: refusals", () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function expectRefused(result: Awaited<ReturnType<typeof postJson>>, status: number, pattern: RegExp) {
    expect(result.status).toBe(status);
    expect(result.headers["content-type"]).toMatch(/^application\/json/);
    const body = result.json();
    expect(body.success).toBe(false);
    expect(body.message).toMatch(pattern);
    expect(result.text).not.toMatch(/at .+\.(ts|js):\d+|stack/i);
    // the server keeps serving afterwards
    const ok = await postJson(t.url, CONTACT, { ...validContact, subject: `still alive after ${status}` });
    expect(ok.status).toBe(200);
  }

  it("names every missing required field", async () => {
    const r = await postJson(t.url, CONTACT, { name: "Dhruv" });
    await expectRefused(r, 400, /Subject is required/);
    const { errors } = r.json();
    // Every required field but the one sent, in the schema's order.
    expect(errors?.map((e) => e.field)).toEqual(formSchemas.contact.required.filter((f) => f !== "name"));
    expect(r.json().message).toBe("Subject is required. Email is required. Phone is required. Message is required.");
  });

  it("refuses blank and whitespace-only required fields", async () => {
    const r = await postJson(t.url, QUOTE, { ...validQuote, name: "   " });
    await expectRefused(r, 400, /^Name is required\.$/);
  });

  it("refuses wrong types", async () => {
    const r = await postJson(t.url, CONTACT, { ...validContact, name: 42, phone: ["1"], message: { text: "x" } });
    await expectRefused(r, 400, /Name must be text\. Phone must be text\. Message must be text\./);
  });

  it("refuses a body that is not an object", async () => {
    await expectRefused(await postJson(t.url, CONTACT, [validContact]), 400, /must be a JSON object/);
    await expectRefused(await postJson(t.url, CONTACT, '"hello"'), 400, /must be a JSON object/);
    await expectRefused(await postJson(t.url, CONTACT, "null"), 400, /must be a JSON object/);
  });

  it("refuses unknown fields, bad e-mail and over-long values", async () => {
    const r = await postJson(t.url, CONTACT, { ...validContact, email: "not-an-email", message: "x".repeat(5001), admin: true });
    await expectRefused(r, 400, /Email must be a valid e-mail address/);
    expect(r.json().message).toMatch(/Message must be at most 5000 characters/);
    expect(r.json().message).toMatch(/"admin" is not a field of this form/);
  });

  it("refuses CR/LF in single-line fields, so no header can be injected", async () => {
    const before = smtp.messages.length;
    const r = await postJson(t.url, CONTACT, {
      ...validContact,
      name: "Eve\r\nBcc: victim@example.org",
      subject: "Hi\nX-Injected: yes",
    });
    await expectRefused(r, 400, /Name must be a single line/);
    expect(r.json().message).toMatch(/Subject must be a single line/);
    const q = await postJson(t.url, QUOTE, { ...validQuote, company: "ACME\r\nBcc: victim@example.org" });
    await expectRefused(q, 400, /Company must be a single line/);
    await t.app.outbox.idle();
    const injected = smtp.messages.slice(before).filter((m) => /^(bcc|x-injected):/im.test(m.raw));
    expect(injected).toEqual([]);
    expect((await t.app.store.list()).filter((s) => JSON.stringify(s.payload).includes("victim"))).toEqual([]);
  });

  it("answers 413 for a 1 MB body", async () => {
    const big = JSON.stringify({ ...validContact, message: "x".repeat(1024 * 1024) });
    await expectRefused(await postJson(t.url, CONTACT, big), 413, /too large/);
  });

  it("answers 415 for a content type that is neither JSON nor a plain form post", async () => {
    const form = await rawRequest(`${t.url}${CONTACT}`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nDhruv\r\n--x--\r\n',
    });
    await expectRefused(form, 415, /must be sent as JSON/);
    const text = await rawRequest(`${t.url}${QUOTE}`, { method: "POST", headers: { "content-type": "text/plain" }, body: "hi" });
    await expectRefused(text, 415, /must be sent as JSON/);
  });

  it("answers 400 for broken JSON and an empty body", async () => {
    await expectRefused(await postJson(t.url, CONTACT, '{"name": "Dhruv",'), 400, /not valid JSON/);
    await expectRefused(await postJson(t.url, QUOTE, "{'name': 'x'}"), 400, /not valid JSON/);
    await expectRefused(await postJson(t.url, QUOTE, ""), 400, /empty/);
    await expectRefused(await postJson(t.url, QUOTE, '{"__proto__": {"x": 1}}'), 400, /.+/);
  });

  it("refuses bytes that are not UTF-8 in a field, naming it, instead of storing U+FFFD", async () => {
    const before = (await t.app.store.list()).length;
    // ED A0 80: half of a UTF-16 pair written as if it were a character; FF: never in UTF-8.
    for (const [bytes, field, label] of [
      [Buffer.from([0xed, 0xa0, 0x80]), "message", "Message"],
      [Buffer.from([0xff]), "name", "Name"],
    ] as const) {
      const json = JSON.stringify({ ...validContact, [field]: "Hello @@ there" });
      const [head, tail] = json.split("@@") as [string, string];
      const result = await rawRequest(`${t.url}${CONTACT}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(tail)]),
      });
      expect([field, result.status]).toEqual([field, 400]);
      expect(result.json()).toEqual({
        success: false,
        message: `${label} holds bytes that are not UTF-8 text; please type it again.`,
        errors: [{ field, message: `${label} holds bytes that are not UTF-8 text; please type it again.` }],
      });
    }
    // The same text as real characters is taken.
    expect((await postJson(t.url, CONTACT, { ...validContact, message: "Hello \u{10000} ÿ there" })).status).toBe(200);
    expect((await t.app.store.list()).length).toBe(before + 1);
  });

  it("answers JSON 404 for other /api paths and 405 for the wrong method", async () => {
    const missing = await rawRequest(`${t.url}/api/mail/send-nothing`, { method: "POST" });
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: expect.stringMatching(/no API endpoint/) });
    const get = await rawRequest(`${t.url}${CONTACT}`);
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe("POST");
    expect(get.json().success).toBe(false);
    const del = await rawRequest(`${t.url}${QUOTE}`, { method: "DELETE" });
    expect(del.status).toBe(405);
    const badUrl = await rawRequest(`${t.url}/api/mail/%E0%A4%A`, { method: "POST" });
    expect(badUrl.status).toBe(400);
    expect(badUrl.json()).toEqual({ success: false, message: expect.any(String) });
  });

  it("accepts a trailing slash and a charset parameter", async () => {
    const r = await postJson(t.url, `${CONTACT}/`, validContact, { "content-type": "application/json; charset=utf-8" });
    expect(r.status).toBe(200);
  });
});

// What is stored and mailed, once on each store.
forEachBackend((backend) => {
  describe("form endpoints: accepted submissions", () => {
    let t: TestApp;
    let smtp: SmtpSink;
    beforeAll(async () => {
      smtp = await startSmtpSink();
      t = await startApp({
        ...(await backend.fresh()).env,
        SMTP_URL: smtp.url,
        MAIL_TO: "sales@lariox.example.com",
        MAIL_FROM: '"Lariox website" <web@lariox.example.com>',
      });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it("stores before answering and delivers unicode names intact", async () => {
      const gujarati = { ...validContact, name: "ધ્રુવ પટેલ", subject: "નમસ્તે — PLC", message: "કૃપા કરીને ફોન કરો.\nThanks!" };
      const r1 = await postJson(t.url, CONTACT, gujarati, { "user-agent": "vitest-browser" });
      expect(r1.status).toBe(200);
      expect(r1.json()).toEqual({
        success: true,
        message: expect.stringMatching(/received\. .*Your reference is LA-\d{4}-\d{6}\.$/),
        reference: expect.stringMatching(/^LA-\d{4}-\d{6}$/),
      });
      // committed by the time the answer arrives
      const row = (await t.app.store.list()).find((s) => s.payload.name === "ધ્રુવ પટેલ");
      expect(row).toMatchObject({ kind: "contact", ip: "127.0.0.1", userAgent: "vitest-browser" });

      const r2 = await postJson(t.url, QUOTE, validQuote);
      expect(r2.status).toBe(200);

      await waitFor(() => smtp.messages.length >= 2, "two delivered messages");
      const byName = (name: string) => smtp.messages.map((m) => parseMail(m.raw)).find((m) => m.headers.get("reply-to")?.includes(name));
      const g = byName("ધ્રુવ પટેલ");
      expect(g?.headers.get("subject")).toMatch(/^Contact: નમસ્તે — PLC — from ધ્રુવ પટેલ \[LA-\d{4}-\d{6}\]$/);
      expect(g?.text).toContain("કૃપા કરીને ફોન કરો.\nThanks!");
      const z = byName("Zoë Ñúñez");
      expect(z?.headers.get("subject")).toMatch(/^Quote request from Zoë Ñúñez, Gujarat Polymers Ltd\. \[LA-\d{4}-\d{6}\]$/);
      expect(z?.headers.get("reply-to")).toBe("Zoë Ñúñez <zoe.nunez@example.com>");
      expect(z?.text).toMatch(/^Name: +Zoë Ñúñez$/m);
      await waitFor(async () => (await t.app.store.list()).every((s) => s.status === "sent"), "status sent");
    });

    it("trims surrounding spaces before storing", async () => {
      const r = await postJson(t.url, QUOTE, { name: "  Asha Mehta ", email: " asha@example.com" });
      // the schema checks the raw value: " asha@example.com" is not an e-mail address
      expect(r.status).toBe(400);
      const ok = await postJson(t.url, QUOTE, { name: "  Asha Mehta ", email: "asha@example.com" });
      expect(ok.status).toBe(200);
      expect((await t.app.store.list()).at(-1)?.payload).toEqual({ name: "Asha Mehta", email: "asha@example.com" });
    });
  });

  describe("honeypot", () => {
    let t: TestApp;
    let smtp: SmtpSink;
    beforeAll(async () => {
      smtp = await startSmtpSink();
      t = await startApp({ ...(await backend.fresh()).env, SMTP_URL: smtp.url });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it("answers success, counts the hit without its body and never mails", async () => {
      const real = await postJson(t.url, CONTACT, validContact);
      const bot = await postJson(t.url, CONTACT, { ...validContact, name: "Bot", website: "http://spam.example" });
      const botQuote = await postJson(t.url, QUOTE, { name: "Bot 2", website: "x", anything: 1 });
      expect(bot.status).toBe(200);
      // The same words as a real enquiry's answer, without a reference: nothing was kept to quote.
      expect(bot.json()).toEqual({ success: true, message: real.json().message.replace(/ Your reference is LA-\d{4}-\d{6}\.$/, "") });
      expect(botQuote.json().success).toBe(true);

      await waitFor(() => smtp.messages.length >= 1, "the real message");
      // Nothing in flight and nothing due: every mail these posts could cause has gone.
      await t.app.outbox.idle();
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]!.raw).not.toContain("Bot");
      const rows = await t.app.store.list();
      expect(rows.map((r) => [r.payload.name, r.status, r.deliveries.map((d) => d.attempts)])).toEqual([["Dhruv Patel", "sent", [1]]]);
      const today = new Date().toISOString().slice(0, 10);
      expect(await t.app.store.spamCounts()).toEqual([
        { day: today, kind: "contact", hits: 1 },
        { day: today, kind: "quote", hits: 1 },
      ]);
    });
  });
});

describe("rate limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ RATE_LIMIT: "3" }, { startOutbox: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it("allows RATE_LIMIT submissions a minute per IP across both forms, then 429 with Retry-After", async () => {
    expect((await postJson(t.url, CONTACT, validContact)).status).toBe(200);
    expect((await postJson(t.url, QUOTE, validQuote)).status).toBe(200);
    expect((await postJson(t.url, CONTACT, { bad: true })).status).toBe(400); // could never be a lead: not counted
    expect((await postJson(t.url, CONTACT, validContact)).status).toBe(200);
    const limited = await postJson(t.url, QUOTE, validQuote);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(59);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual({ success: false, message: expect.stringMatching(/Too many submissions.*wait \d+ seconds/) });
    // nothing stored for the refused one, and pages still load
    expect(await t.app.store.list()).toHaveLength(3);
    expect((await rawRequest(`${t.url}/`)).status).toBe(404);
    // another client (X-Forwarded-For is ignored without TRUST_PROXY, so same IP) is still limited
    expect((await postJson(t.url, CONTACT, validContact, { "x-forwarded-for": "203.0.113.9" })).status).toBe(429);
  });
});

describe("rate limit behind a proxy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ RATE_LIMIT: "1", TRUST_PROXY: "127.0.0.1" }, { startOutbox: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it("counts per forwarded client address when TRUST_PROXY is set", async () => {
    const a = { "x-forwarded-for": "203.0.113.1" };
    const b = { "x-forwarded-for": "203.0.113.2" };
    expect((await postJson(t.url, CONTACT, validContact, a)).status).toBe(200);
    expect((await postJson(t.url, CONTACT, validContact, a)).status).toBe(429);
    expect((await postJson(t.url, CONTACT, validContact, b)).status).toBe(200);
    expect((await t.app.store.list()).map((s) => s.ip)).toEqual(["203.0.113.1", "203.0.113.2"]);
  });
});

describe(".eml fallback without SMTP_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ MAIL_TO: "sales@example.com" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("writes each message as an .eml file with the right headers", async () => {
    expect((await postJson(t.url, QUOTE, { ...validQuote, company: "" })).status).toBe(200);
    const dir = join(t.dataDir, "mail");
    const files = await waitFor(() => {
      try {
        const found = readdirSync(dir).filter((f) => f.endsWith(".eml"));
        return found.length > 0 ? found : undefined;
      } catch {
        return undefined;
      }
    }, ".eml file");
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT.+-quote-1\.eml$/);
    const { readFileSync } = await import("node:fs");
    const mail = parseMail(readFileSync(join(dir, files[0]!), "utf8"));
    expect(mail.headers.get("subject")).toMatch(/^Quote request from Zoë Ñúñez \[LA-\d{4}-\d{6}\]$/);
    expect(mail.headers.get("to")).toBe("sales@example.com");
    expect(mail.headers.get("from")).toBe("Lariox website <website@example.com>");
    expect(mail.headers.get("reply-to")).toBe("Zoë Ñúñez <zoe.nunez@example.com>");
    expect(mail.headers.get("message-id")).toMatch(/^<submission-1\.\d+@example\.com>$/);
    expect(mail.text).toContain("SCADA for effluent treatment plant");
    await waitFor(async () => (await t.app.store.get(1))?.status === "sent", "status sent");
    expect((await t.app.store.get(1))?.deliveries[0]!.outcome).toBe(`written to file ${files[0]}`);
  });
});
