// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { composeMail, formatReceived } from "../../src/server/outbox/mail.ts";
import { Outbox } from "../../src/server/outbox/worker.ts";
import type { Submission } from "../../src/server/store/index.ts";
import { fastClock, freePort, parseMail, postJson, rawRequest, startApp, startHttpSink, startSmtpSink, validContact, validQuote, waitFor } from "./helpers.ts";
import type { HttpSink, SmtpSink, TestApp } from "./helpers.ts";
import { forEachBackend } from "./backends.ts";
import type { Backend } from "./backends.ts";

const CONTACT = "/api/mail/send-contact";
const QUOTE = "/api/mail/send-quote";

let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

const TOKEN = "health-token-for-tests";

/** The app on a fresh store of `backend` (SQLite in the app's temp dir without one). */
async function appOn(backend: Backend | undefined, env: Record<string, string>, now?: () => number): Promise<TestApp> {
  const t = await startApp({ HEALTH_TOKEN: TOKEN, ...(backend ? (await backend.fresh()).env : {}), ...env }, now ? { now } : {});
  cleanups.push(() => t.close());
  return t;
}

async function sink(options: Parameters<typeof startSmtpSink>[0] = {}): Promise<SmtpSink> {
  const s = await startSmtpSink(options);
  cleanups.push(() => s.close());
  return s;
}

async function webhook(): Promise<HttpSink> {
  const s = await startHttpSink();
  cleanups.push(() => s.close());
  return s;
}

/** /healthz as the operator sees it (with the token), or as anyone does. */
async function health(t: TestApp, token: string | undefined = TOKEN): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await rawRequest(`${t.url}/healthz`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  expect(r.headers["cache-control"]).toBe("no-store");
  return { status: r.status, body: JSON.parse(r.text) as Record<string, unknown> };
}

const HOUR = 3_600_000;

/** The sales mail of submission `id`, as the store holds it. */
async function salesMail(t: TestApp, id: number) {
  return (await t.app.store.get(id))?.deliveries.find((d) => d.kind === "sales-mail");
}

// Delivery and retries through HTTP, once on each store.
forEachBackend((backend) => {
  const app = (env: Record<string, string>, now?: () => number) => appOn(backend, env, now);

  describe("delivery to a real SMTP peer", () => {
    it("sends the contact mail with the right headers and every field in the body", async () => {
      const smtp = await sink();
      const t = await app({ SMTP_URL: smtp.url, MAIL_TO: "sales@lariox.example.com", MAIL_FROM: '"Lariox website" <website@lariox.example.com>' });
      expect((await postJson(t.url, CONTACT, validContact)).status).toBe(200);
      await waitFor(() => smtp.messages.length === 1, "one message");
      const received = smtp.messages[0]!;
      expect(received.from).toBe("website@lariox.example.com");
      expect(received.to).toEqual(["sales@lariox.example.com"]);
      const mail = parseMail(received.raw);
      expect(mail.headers.get("subject")).toMatch(/^Contact: PLC upgrade for a packaging line — from Dhruv Patel \[LA-\d{4}-\d{6}\]$/);
      expect(mail.headers.get("from")).toBe("Lariox website <website@lariox.example.com>");
      expect(mail.headers.get("to")).toBe("sales@lariox.example.com");
      expect(mail.headers.get("reply-to")).toBe("Dhruv Patel <dhruv.patel@example.com>");
      expect(mail.headers.get("message-id")).toMatch(/^<submission-1\.\d+@lariox\.example\.com>$/);
      for (const [label, value] of [
        ["Name", validContact.name],
        ["Subject", validContact.subject],
        ["Email", validContact.email],
        ["Phone", validContact.phone],
        ["Company", validContact.company],
      ] as const) {
        expect(mail.text).toMatch(new RegExp(`^${label}: +${value.replace(/[.+]/g, "\\$&")}$`, "m"));
      }
      expect(mail.text).toContain(`Message:\n${validContact.message}\n`);
      expect(mail.text).toContain("submission #1");
      const row = (await t.app.store.get(1))!;
      expect(mail.text).toContain(`Received: ${formatReceived(row.createdAt)}`);
      expect(mail.text).toMatch(/Received: \d{1,2} \w{3} \d{4}, \d{1,2}:\d\d:\d\d [ap]m IST/);
      expect(mail.text).not.toMatch(/website/i);
      await waitFor(async () => (await t.app.store.get(1))?.status === "sent", "status sent");
      expect(await salesMail(t, 1)).toMatchObject({ attempts: 1, lastError: null, outcome: mail.headers.get("message-id") });
    });

    it("lists every quote field, marks empty optional ones, and leaves the company out of the subject when empty", async () => {
      const smtp = await sink();
      const t = await app({ SMTP_URL: smtp.url });
      expect((await postJson(t.url, QUOTE, { name: "Asha Mehta", email: "asha@example.com", company: "" })).status).toBe(200);
      expect((await postJson(t.url, QUOTE, validQuote)).status).toBe(200);
      await waitFor(() => smtp.messages.length === 2, "two messages");
      const mails = smtp.messages.map((m) => parseMail(m.raw));
      const asha = mails.find((m) => /^Quote request from Asha Mehta \[LA-\d{4}-\d{6}\]$/.test(m.headers.get("subject") ?? ""));
      expect(asha).toBeDefined();
      for (const label of ["Phone", "Company", "Project"]) expect(asha!.text).toMatch(new RegExp(`^${label}: +\\(not given\\)$`, "m"));
      expect(asha!.text).toContain("Requirements:\n(not given)");
      const zoe = mails.find((m) => m.headers.get("subject")?.startsWith("Quote request from Zoë Ñúñez, Gujarat Polymers Ltd. [LA-"));
      expect(zoe!.text).toContain(`Requirements:\n${validQuote.requirements}\n`);
      expect(zoe!.text).toMatch(/^Project: +SCADA for effluent treatment plant$/m);
      expect(zoe!.text).toMatch(/^Phone: +\+34 600 000 000$/m);
    });
  });

  describe("retries", () => {
    it("keeps a refused message queued with attempts counted, then delivers it once the peer accepts", async () => {
      let refusing = true;
      const smtp = await sink({ refuseRcpt: () => refusing });
      const t = await app({ SMTP_URL: smtp.url, OUTBOX_RETRY_BASE_MS: "10" });
      expect((await postJson(t.url, CONTACT, validContact)).status).toBe(200);
      await waitFor(async () => ((await salesMail(t, 1))?.attempts ?? 0) >= 3, "three attempts");
      expect((await t.app.store.get(1))!.status).toBe("queued");
      expect((await salesMail(t, 1))!.lastError).toMatch(/451|busy/i);
      expect(smtp.messages).toHaveLength(0);
      refusing = false;
      await waitFor(async () => (await t.app.store.get(1))?.status === "sent", "delivery after the peer recovers");
      expect(smtp.messages).toHaveLength(1);
      expect((await salesMail(t, 1))!.lastError).toBeNull();
    });

    it("retries while nothing listens, and delivers once the SMTP peer starts", async () => {
      const port = await freePort();
      const t = await app({ SMTP_URL: `smtp://127.0.0.1:${port}`, OUTBOX_RETRY_BASE_MS: "10" });
      expect((await postJson(t.url, QUOTE, validQuote)).status).toBe(200);
      await waitFor(async () => ((await salesMail(t, 1))?.attempts ?? 0) >= 2, "two attempts");
      expect(await t.app.store.get(1)).toMatchObject({ status: "queued", deliveries: [{ lastError: expect.stringMatching(/ECONNREFUSED|connect/i) }] });
      const smtp = await sink({ port });
      await waitFor(() => smtp.messages.length === 1, "delivery to the late peer");
      await waitFor(async () => (await t.app.store.get(1))?.status === "sent", "status sent");
      expect(parseMail(smtp.messages[0]!.raw).headers.get("reply-to")).toBe("Zoë Ñúñez <zoe.nunez@example.com>");
    });

    it("rides out an SMTP outage of over 4 hours (fast clock): every enquiry is delivered, the outage is reported once", async () => {
      // 1 real ms = 1 s: slow enough that ten posts on a loaded machine stay well inside the outage
      const fast = fastClock(1_000);
      let skipped = 0;
      const now = () => fast() + skipped;
      const outageEnds = now() + 4.5 * HOUR;
      const smtp = await sink({ refuseRcpt: () => (now() < outageEnds ? 421 : false) });
      const hook = await webhook();
      const t = await app({ SMTP_URL: smtp.url, ALERT_WEBHOOK_URL: hook.url, OUTBOX_POLL_MS: "20" }, now);
      /**
       * Lets the outbox work until `done`, moving the clock straight on to its next retry (or to
       * `until`) whenever none is due within a minute: every retry is made at its time, in order,
       * but the hours in which the outbox only waits (retries are 2 h apart after the first few)
       * pass at once instead of in seconds of real time.
       */
      const runUntil = (what: string, done: () => boolean | Promise<boolean>, until = Infinity) =>
        waitFor(
          async () => {
            if (await done()) return true;
            const waiting = (await t.app.store.list()).flatMap((s) => s.deliveries.filter((d) => !d.sentAt && !d.failedAt));
            const next = Math.min(until, ...waiting.map((d) => d.nextAttemptAt.getTime()));
            if (Number.isFinite(next) && next - now() > HOUR / 60) skipped += next - now();
            return false;
          },
          what,
          60_000,
        );
      for (let i = 0; i < 10; i++) {
        // Each a different text: the same one again and again from one address would be held as a repeat.
        const tag = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett"][i]; // digits fold to 0 in the fingerprint
        const body =
          i % 2 ? { ...validQuote, requirements: `${validQuote.requirements}\n${tag}` } : { ...validContact, message: `${validContact.message}\n${tag}` };
        expect((await postJson(t.url, i % 2 ? QUOTE : CONTACT, body)).status).toBe(200);
      }
      // past the health threshold (1 h), still in the outage: 503, one alert however often it is asked
      await runUntil("2.5 h into the outage", () => now() >= outageEnds - 2 * HOUR, outageEnds - 2 * HOUR);
      const during = await health(t);
      expect(during.status).toBe(503);
      expect(during.body).toMatchObject({
        ok: false,
        queued: 10,
        failed: 0,
        deliveries: { "sales-mail": { queued: 10, failed: 0, lastError: { message: expect.stringMatching(/421/) } } },
        lastSmtpError: { message: expect.stringMatching(/421/) },
      });
      expect(Number(during.body.oldestQueuedSeconds)).toBeGreaterThan(3600);
      await health(t);
      await t.app.checkHealth();
      await waitFor(() => hook.posts.length === 1 && hook.posts, "the alert");
      expect(hook.posts[0]).toEqual({
        text: expect.stringMatching(/^Lariox website: 10 sales-mail deliveries waiting, the oldest for \d+ min \(last error: .*421/),
      });
      await runUntil("every enquiry delivered after the outage", async () => (await t.app.store.list({ status: "sent" })).length === 10);
      expect(smtp.messages).toHaveLength(10);
      for (const s of await t.app.store.list())
        expect([s.deliveries[0]!.attempts >= 2, s.deliveries[0]!.sentAt!.getTime() >= outageEnds]).toEqual([true, true]);
      expect((await health(t)).status).toBe(200);
      await waitFor(() => hook.posts.length === 2, "the all-clear");
      expect(hook.posts[1]).toEqual({ text: "Lariox website: resolved: the delivery queue is moving again" });
    }, 120_000);

    it("fails a message at once on a permanent refusal, reports it, and sends it again when requeued", async () => {
      let code: number | false = 550;
      const smtp = await sink({ refuseRcpt: () => code });
      const hook = await webhook();
      const t = await app({ SMTP_URL: smtp.url, ALERT_WEBHOOK_URL: hook.url });
      expect((await postJson(t.url, CONTACT, validContact)).status).toBe(200);
      await waitFor(async () => (await t.app.store.get(1))?.status === "failed", "status failed");
      expect(await salesMail(t, 1)).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/^refused: .*550/) });
      const failed = await health(t);
      expect(failed).toMatchObject({
        status: 503,
        body: { ok: false, failed: 1, queued: 0, problems: { failed: expect.stringMatching(/^1 delivery failed \(1 sales-mail\); .*--requeue failed/) } },
      });
      await waitFor(() => hook.posts.length === 1, "one alert");
      code = false;
      expect(await t.app.store.requeue("failed")).toEqual([1]);
      await waitFor(async () => (await t.app.store.get(1))?.status === "sent", "delivery after the requeue");
      expect((await health(t)).status).toBe(200);
      await t.app.checkHealth();
      await waitFor(() => hook.posts.length === 2, "the all-clear");
      expect(smtp.messages).toHaveLength(1);
    });

    it("alerts with the real counts: ten waiting, then ten failed, and never 'moving again' when they failed (fast clock)", async () => {
      const now = fastClock(1_000);
      let code: number | false = 451;
      const smtp = await sink({ refuseRcpt: () => code });
      const hook = await webhook();
      const t = await app({ SMTP_URL: smtp.url, ALERT_WEBHOOK_URL: hook.url, HEALTH_MAX_QUEUE_AGE_MIN: "1", OUTBOX_POLL_MS: "20" }, now);
      for (const tag of ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett"])
        expect((await postJson(t.url, CONTACT, { ...validContact, message: `${validContact.message}\n${tag}` })).status).toBe(200);
      await waitFor(async () => (await t.app.store.list()).every((s) => s.deliveries[0]!.attempts >= 2), "every mail refused once", 20_000);
      await t.app.checkHealth();
      await waitFor(() => hook.posts.length === 1, "the alert");
      expect(hook.posts[0]).toEqual({ text: expect.stringMatching(/^Lariox website: 10 sales-mail deliveries waiting, the oldest for \d+ min/) });
      code = 550;
      await waitFor(async () => (await t.app.store.list({ status: "failed" })).length === 10, "ten failed", 20_000);
      // On a busy machine the ten may fail across two checks: the alert then grows ("now 10 ..."), and says nothing else.
      const texts = () => hook.posts.slice(1).map((p) => (p as { text: string }).text);
      await waitFor(() => texts().some((text) => /10 deliveries failed \(10 sales-mail\); see npm run submissions/.test(text)), "the failure alert");
      await t.app.checkHealth();
      for (const text of texts()) expect(text).toMatch(/^Lariox website: (now )?\d+ deliver(y|ies) failed \(\d+ sales-mail\); see npm run submissions/);
    }, 60_000);

    // A day at 20,000 times speed is 4.3 s of real time, whatever the machine: more than the default timeout allows.
    it("gives up only after OUTBOX_RETRY_DAYS, retrying at most every OUTBOX_RETRY_MAX_MS (fast clock)", { timeout: 30_000 }, async () => {
      const now = fastClock(20_000);
      const smtp = await sink({ refuseRcpt: () => 451 });
      const t = await app({ SMTP_URL: smtp.url, OUTBOX_RETRY_DAYS: "1", OUTBOX_POLL_MS: "20" }, now);
      const sentAt = now();
      expect((await postJson(t.url, CONTACT, validContact)).status).toBe(200);
      await waitFor(async () => (await t.app.store.get(1))?.status === "failed", "status failed", 20_000);
      const row = (await salesMail(t, 1))!;
      expect(row.failedAt!.getTime() - sentAt).toBeGreaterThan(22 * HOUR);
      expect(row.lastError).toMatch(/^undelivered after \d+ attempts: .*451/);
      // 7 backoff steps reach 2 h at about 3.7 h; then every 2 h up to 24 h: about 17 attempts
      expect(row.attempts).toBeGreaterThanOrEqual(12);
      expect(row.attempts).toBeLessThanOrEqual(20);
    });
  });
});

describe("/healthz", () => {
  it("shows anyone the status and counts only; the errors, hosts and paths need the HEALTH_TOKEN", async () => {
    const port = await freePort();
    const t = await appOn(undefined, { SMTP_URL: `smtp://127.0.0.1:${port}`, OUTBOX_RETRY_BASE_MS: "10" });
    expect((await postJson(t.url, CONTACT, validContact)).status).toBe(200);
    await waitFor(async () => ((await salesMail(t, 1))?.attempts ?? 0) >= 1 && t.app.outbox.lastErrors.size > 0, "a refused attempt");
    const open = await rawRequest(`${t.url}/healthz`);
    expect(open.status).toBe(200);
    expect(JSON.parse(open.text)).toEqual({ ok: true, problems: {}, queued: 1, oldestQueuedSeconds: expect.any(Number), failed: 0, mailDelivery: "smtp" });
    for (const secret of [String(port), "ECONNREFUSED", t.dataDir, "127.0.0.1"]) expect(open.text).not.toContain(secret);
    const full = await health(t);
    expect(full.body).toMatchObject({
      mail: `smtp://127.0.0.1:${port}`,
      store: expect.stringContaining(t.dataDir),
      deliveries: { "sales-mail": { queued: 1, lastError: { message: expect.stringMatching(/ECONNREFUSED/) } } },
    });
    for (const wrong of ["not-the-token-at-all", ""]) {
      const refused = await rawRequest(`${t.url}/healthz`, { headers: { authorization: `Bearer ${wrong}` } });
      expect([refused.status, refused.headers["www-authenticate"], refused.text]).toEqual([
        401,
        'Bearer realm="healthz"',
        expect.not.stringContaining("ECONNREFUSED"),
      ]);
    }
  });
});

describe("header injection", () => {
  const hostile: Submission = {
    id: 7,
    kind: "contact",
    payload: {
      name: "Eve\r\nBcc: victim@example.org",
      subject: "Hello\r\nX-Injected: yes\r\n\r\nfake body",
      email: "eve@example.com\r\nCc: victim2@example.org",
      phone: "1",
      message: "hi",
    },
    ip: "127.0.0.1",
    userAgent: null,
    createdAt: new Date("2025-03-14T09:34:05Z"),
    status: "queued",
    reference: "LA-2026-000007",
    reasons: null,
    review: null,
    source: {},
  };

  it("nodemailer keeps CR/LF in values out of the header block even if the schema were bypassed", async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
    const info = await transport.sendMail(composeMail(hostile, { mailTo: "sales@example.com", mailFrom: "web@example.com" }));
    const raw = (info.message as Buffer).toString("utf8");
    const mail = parseMail(raw);
    const names = mail.rawHeaders.map((line) => line.slice(0, line.indexOf(":")).toLowerCase());
    expect(names).not.toContain("bcc");
    expect(names).not.toContain("cc");
    expect(names).not.toContain("x-injected");
    const headerBlock = raw.slice(0, raw.indexOf("\r\n\r\n"));
    expect(headerBlock).not.toMatch(/^(bcc|cc|x-injected):/im);
    // the body shows single-line fields on one line, too
    expect(mail.text).toMatch(/^Name: +Eve Bcc: victim@example.org$/m);
    expect(mail.text).not.toMatch(/^(bcc|cc|x-injected):/im);
    expect(info.envelope.to).toEqual(["sales@example.com"]);
    expect(mail.headers.get("subject")).not.toMatch(/[\r\n]/);
  });

  it("the delivered mail from a real request has no injected header", async () => {
    const smtp = await sink();
    const t = await appOn(undefined, { SMTP_URL: smtp.url });
    // the API refuses CR/LF outright ...
    expect((await postJson(t.url, CONTACT, { ...validContact, name: "Eve\r\nBcc: victim@example.org" })).status).toBe(400);
    // ... and text that merely looks like a header stays inside its field
    expect((await postJson(t.url, CONTACT, { ...validContact, name: "Eve Bcc: victim@example.org", subject: "To: x@y.z" })).status).toBe(200);
    await waitFor(() => smtp.messages.length === 1, "one message");
    expect(smtp.messages[0]!.to).toEqual(["sales@example.com"]);
    const mail = parseMail(smtp.messages[0]!.raw);
    expect(mail.rawHeaders.filter((l) => /^(bcc|cc):/i.test(l))).toEqual([]);
    expect(mail.rawHeaders.filter((l) => /^to:/i.test(l))).toHaveLength(1);
    expect(mail.headers.get("subject")).toMatch(/^Contact: To: x@y\.z — from Eve Bcc: victim@example\.org \[LA-\d{4}-\d{6}\]$/);
  });
});

describe("the worker's idle()", () => {
  it("waits for rows a pump has claimed but not started sending: they are leased, so no longer due", async () => {
    const t = await startApp({}, { startOutbox: false });
    cleanups.push(() => t.close());
    expect((await postJson(t.url, CONTACT, validContact)).status).toBe(200);
    const sent: number[] = [];
    const claimDue = t.app.store.claimDue.bind(t.app.store);
    let claimed = false;
    let answerClaim!: () => void;
    const claimAnswered = new Promise<void>((resolve) => (answerClaim = resolve));
    const store = Object.assign(Object.create(t.app.store) as typeof t.app.store, {
      // A claim whose answer is slow to come back, as over a busy network: held until the test lets it go.
      claimDue: async (...args: Parameters<typeof claimDue>) => {
        const jobs = await claimDue(...args);
        if (jobs.length > 0 && !claimed) {
          claimed = true;
          await claimAnswered;
        }
        return jobs;
      },
    });
    const outbox = new Outbox(
      store,
      { "sales-mail": { send: async (job) => (sent.push(job.submission!.id), "sent"), isPermanent: () => false } },
      t.config.outbox,
    );
    cleanups.push(() => outbox.stop());
    outbox.start();
    await waitFor(() => claimed, "the row claimed, its answer held");
    const idle = outbox.idle();
    answerClaim();
    await idle;
    expect(sent).toEqual([1]);
  });
});
