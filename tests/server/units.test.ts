// @vitest-environment node
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { csvCell, escapeUnprintable, main, toCsv } from "../../scripts/submissions.ts";
import { ConfigError, loadConfig } from "../../src/server/config.ts";
import { retryDelayMs } from "../../src/server/outbox/worker.ts";
import { isPermanentRefusal } from "../../src/server/outbox/senders/sales-mail.ts";
import type { EnquiryStore } from "../../src/server/store/index.ts";
import { FORM_KINDS, summarize, validateForm } from "../../src/server/enquiries/validate.ts";
import { forEachBackend } from "./backends.ts";
import type { FreshStore } from "./backends.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

describe("form schemas", () => {
  for (const kind of FORM_KINDS) {
    const schema = JSON.parse(readFileSync(join(repoRoot, `src/forms/${kind}/schema.json`), "utf8"));

    it(`${kind}: draft 2020-12 with $id, and title/description/examples on every property`, () => {
      expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(schema.$id).toBe(`https://lariox.example.com/schema/forms/${kind}/schema.json`);
      // Closed, with the hidden fields every form shares by reference.
      expect([schema.unevaluatedProperties, schema.allOf]).toEqual([false, [{ $ref: "../hidden.schema.json" }]]);
      for (const [name, prop] of Object.entries<Record<string, unknown>>(schema.properties)) {
        expect([name, typeof prop.title, typeof prop.description, Array.isArray(prop.examples)]).toEqual([name, "string", "string", true]);
        // every example of a property is valid in a valid form
        for (const example of prop.examples as unknown[]) {
          const result = validateForm(kind, { ...schema.examples[0], [name]: example });
          expect([name, example, result.ok]).toEqual([name, example, true]);
        }
      }
    });
  }

  it("keeps the hidden fields' limits in every form, from the one shared definition", () => {
    const limits = {
      website: 200,
      timeToken: 200,
      altcha: 4096,
      page: 500,
      landingPage: 500,
      referrer: 200,
      utmSource: 200,
      utmMedium: 200,
      utmCampaign: 200,
      utmTerm: 200,
      utmContent: 200,
    };
    for (const kind of FORM_KINDS) {
      const valid = JSON.parse(readFileSync(join(repoRoot, `src/forms/${kind}/schema.json`), "utf8")).examples[0];
      for (const [field, max] of Object.entries(limits)) {
        expect([kind, field, validateForm(kind, { ...valid, [field]: "a".repeat(max) }).ok]).toEqual([kind, field, true]);
        const over = validateForm(kind, { ...valid, [field]: "a".repeat(max + 1) });
        expect([kind, field, over.ok ? "" : summarize(over.errors)]).toEqual([
          kind,
          field,
          expect.stringMatching(new RegExp(`^.+ must be at most ${max} characters\\.$`)),
        ]);
      }
      const broken = validateForm(kind, { ...valid, page: "/contact/\u202E" });
      expect(broken.ok ? "" : summarize(broken.errors)).toBe("Sent from contains a control or text-direction character, which is not allowed.");
    }
  });

  it("checks patterns in linear time (no catastrophic backtracking)", () => {
    const started = performance.now();
    validateForm("contact", { name: `${"a".repeat(30_000)}\n`, subject: `${" ".repeat(30_000)}x\n`, email: "a@b.co", phone: "1", message: " ".repeat(30_000) });
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("words errors for people", () => {
    const result = validateForm("quote", { name: "", email: "a@b", phone: "1".repeat(41), extra: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(summarize(result.errors)).toBe(
        'Name is required. Email must be a valid e-mail address, like name@example.com. Phone must be at most 40 characters. "extra" is not a field of this form.',
      );
    }
  });
});

describe("config", () => {
  it("has working defaults", () => {
    const config = loadConfig({}, "/srv/site");
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      dataDir: "/srv/site/data",
      distDir: "/srv/site/dist",
      smtpUrl: undefined,
      mailDelivery: "files",
      mailTo: "sales@example.com",
      mailFrom: '"Lariox website" <website@example.com>',
      trustProxy: false,
      rateLimit: 5,
      rateLimitHourly: 0,
      retentionDays: 365,
      alertWebhookUrl: undefined,
      healthMaxQueueAgeMs: 3_600_000,
      outbox: { retryBaseMs: 10_000, retryMaxMs: 7_200_000, retryWindowMs: 7 * 86_400_000 },
    });
  });

  it("takes TRUST_PROXY as a hop count or addresses, and refuses true with what to set", () => {
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1, fd00::/8, loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY=true would let any client forge its address\. Set the number of proxies.*TRUST_PROXY=1/,
    );
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/"10\.0\.0\.0\/33" is neither/);
    expect(() => loadConfig({ TRUST_PROXY: "nginx" })).toThrow(/hop count or IP addresses/);
    expect(() => loadConfig({ PORT: "http" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT must be between 0 and 65535/);
    expect(() => loadConfig({ SMTP_URL: "http://user:secret@x" })).toThrow(/SMTP_URL must start with smtp/);
    expect(() => loadConfig({ SMTP_URL: "http://user:secret@x" })).not.toThrow(/secret/);
    expect(() => loadConfig({ ALERT_WEBHOOK_URL: "ftp://x" })).toThrow(/ALERT_WEBHOOK_URL must be an http/);
  });

  it("reads one time zone, SITE_TIME_ZONE (India's by default), still taking DIGEST_TIME_ZONE when it is unset", () => {
    expect(loadConfig({})).toMatchObject({ timeZone: "Asia/Kolkata", digest: { timeZone: "Asia/Kolkata" } });
    expect(loadConfig({ SITE_TIME_ZONE: "Europe/London" })).toMatchObject({ timeZone: "Europe/London", digest: { timeZone: "Europe/London" } });
    expect(loadConfig({ DIGEST_TIME_ZONE: "Asia/Dubai" }).timeZone).toBe("Asia/Dubai");
    expect(loadConfig({ DIGEST_TIME_ZONE: "Asia/Dubai", SITE_TIME_ZONE: "Europe/Paris" }).timeZone).toBe("Europe/Paris");
    expect(() => loadConfig({ SITE_TIME_ZONE: "India" })).toThrow(/SITE_TIME_ZONE must be an IANA time zone/);
    expect(() => loadConfig({ DIGEST_TIME_ZONE: "Mars/Olympus" })).toThrow(/DIGEST_TIME_ZONE must be an IANA time zone/);
  });

  it("takes DATABASE_URL as a postgres:// URL and never repeats its password", () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: "postgres://site:pw@db.internal:5432/lariox" }).databaseUrl).toBe("postgres://site:pw@db.internal:5432/lariox");
    expect(loadConfig({ DATABASE_URL: "postgresql://db/lariox?sslmode=require" }).databaseUrl).toBe("postgresql://db/lariox?sslmode=require");
    expect(() => loadConfig({ DATABASE_URL: "mysql://site:s3cret@db/lariox" })).toThrow(
      /^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL, got "mysql:\/\/site:\*\*\*@db\/lariox"\.$/,
    );
    expect(() => loadConfig({ DATABASE_URL: "postgres:/site:s3cret@db" })).toThrow(/DATABASE_URL must be/);
    expect(() => loadConfig({ DATABASE_URL: "postgres:/site:s3cret@db" })).not.toThrow(/s3cret/);
    expect(() => loadConfig({ DATABASE_URL: "postgres://db/x?password=s3cret&ssl=1 x" })).not.toThrow(/s3cret/);
  });
});

describe("delivery policy", () => {
  it("backs off 1, 3, 12, 60, 180, 360, 720 times the base, then stays at the cap", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => retryDelayMs(n, 10_000, 7_200_000))).toEqual([
      10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 7_200_000, 7_200_000,
    ]);
    expect(retryDelayMs(3, 10_000, 60_000)).toBe(60_000);
  });

  it("fails at once only on a 5xx refusal of the message, not of the login", () => {
    expect(isPermanentRefusal(Object.assign(new Error("550 no such user"), { responseCode: 550, code: "EENVELOPE" }))).toBe(true);
    expect(isPermanentRefusal(Object.assign(new Error("535 auth failed"), { responseCode: 535, code: "EAUTH" }))).toBe(false);
    expect(isPermanentRefusal(Object.assign(new Error("451 busy"), { responseCode: 451 }))).toBe(false);
    expect(isPermanentRefusal(Object.assign(new Error("connect ECONNREFUSED"), { code: "ESOCKET" }))).toBe(false);
  });
});

forEachBackend((backend) => {
  describe("submissions CLI", () => {
    let data: FreshStore;
    // --data-dir is ignored when DATABASE_URL is set, so both can be given.
    const argv = (args: string[]) => ["--data-dir", data.env.DATA_DIR ?? "unused", ...args];
    // No build: --release queues no receipt (it needs sales' details from what the build tells the server).
    const env = () => ({ ...process.env, DATABASE_URL: data.env.DATABASE_URL, DIST_DIR: join(repoRoot, ".tmp", "no-build") });
    // In-process, as a Node process per case takes seconds; settles like execFile.
    const cli = async (...args: string[]) => {
      let stdout = "";
      let stderr = "";
      const code = await main(argv(args), { env: env(), stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } });
      if (code !== 0) throw Object.assign(new Error(`submissions exited with ${code}: ${stderr}`), { code, stdout, stderr });
      return { stdout, stderr };
    };

    beforeAll(async () => {
      data = await backend.fresh();
      const store: EnquiryStore = await data.open();
      const at = new Date("2025-03-14T09:34:05Z");
      const contact = {
        name: "Dhruv Patel",
        subject: "PLC upgrade",
        email: "d@example.com",
        phone: "+91 98765 43210",
        company: "",
        message: "Two lines,\nplease.",
      };
      await store.insertSubmission({
        ...{ kind: "contact", payload: contact, ip: "1.1.1.1", userAgent: undefined, createdAt: at, email: contact.email },
        source: { page: "/contact/", landingPage: "/services/plc/", referrer: "https://google.com" },
      });
      const quote = {
        name: 'Zoë "Z" Ñúñez, Jr.',
        email: "z@example.com",
        phone: "",
        company: "=HYPERLINK(1)",
        project: "SCADA\u202Eevil",
        requirements: "a\u001b[31mred",
      };
      const q = await store.insertSubmission({ kind: "quote", payload: quote, ip: "1.1.1.1", userAgent: undefined, createdAt: at });
      await store.insertSubmission({
        kind: "quote",
        payload: { name: "Later", email: "l@example.com" },
        ip: "1.1.1.1",
        userAgent: undefined,
        createdAt: new Date("2025-04-01T00:00:00Z"),
      });
      const jobs = await store.claimDue(new Date(), 10, 1);
      await store.markFailed(jobs.find((j) => j.submission!.id === q)!.id, "451 Mailbox busy,\nthen closed");
      await store.close();
    });

    it("prints a table with each form's summary fields (its schema names them), status, attempts and the last error, escaping controls", async () => {
      const { stdout } = await cli();
      const lines = stdout.split("\n");
      expect(lines[0]).toMatch(/^ID +Reference +Received \(IST\) +Kind +Name +Email +Summary +Came from +Status +Tries +Last error$/);
      expect(stdout).toMatch(
        /1 +LA-2025-000001 +2025-03-14 15:04 +contact +Dhruv Patel +d@example\.com +PLC upgrade +google\.com → \/services\/plc\/ +queued +1/,
      );
      expect(stdout).toMatch(
        /2 +LA-2025-000002 +2025-03-14 15:04 +quote +Zoë "Z" Ñúñez, Jr\. +z@example\.com +SCADA\\u\{202E\}evil +- +failed +1 +sales-mail: 451 Mailbox busy, then closed/,
      );
      expect(stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
      expect(stdout).toContain("3 submissions (2 queued, 1 failed)");
    });

    // Once as a real process (one backend is enough): the script's own wiring of argv, exit code and streams.
    if (backend.name === "sqlite")
      it("runs as a command: prints the table, and exits 2 on a refused option", { timeout: 60_000 }, async () => {
        const run = (...args: string[]) =>
          promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/submissions.ts", ...argv(args)], { cwd: repoRoot, env: env() });
        const [listed, refused] = await Promise.all([run(), run("--status", "lost").catch((error: unknown) => error)]);
        expect(listed.stdout).toMatch(/^ID +Reference +Received \(IST\) /);
        expect(listed.stdout).toContain("3 submissions (2 queued, 1 failed)");
        expect(refused).toMatchObject({
          code: 2,
          stdout: "",
          stderr: expect.stringMatching(/^--status must be one of [a-z, ]+\.\n\nUsage: /),
        });
      });

    it("writes every field of the form to CSV, filtered by kind, status and date", async () => {
      const { stdout } = await cli("--kind", "quote", "--since", "2025-03-01", "--csv");
      expect(stdout.split("\r\n")[0]).toBe(
        "id,reference,received_at,kind,name,email,phone,company,project,requirements,page,landingPage,referrer,utmSource,utmMedium,utmCampaign,utmTerm,utmContent,status,attempts,last_error,ip,spam_reasons",
      );
      expect(stdout.split("\r\n")[1]).toBe(
        '2,LA-2025-000002,2025-03-14T09:34:05.000Z,quote,"Zoë ""Z"" Ñúñez, Jr.",z@example.com,,\'=HYPERLINK(1),SCADA\\u{202E}evil,a\\u{1B}[31mred,,,,,,,,,failed,1,"sales-mail: 451 Mailbox busy,\nthen closed",1.1.1.1,',
      );
      const both = await cli("--since", "2025-03-20", "--csv");
      // Every form's fields, each once, in form order (a form added later adds its own after these).
      expect(both.stdout.split("\r\n")[0]).toMatch(
        /^id,reference,received_at,kind,name,subject,email,phone,company,message,project,requirements,(?:[a-zA-Z]+,)*page,landingPage,referrer,utmSource,utmMedium,utmCampaign,utmTerm,utmContent,status,attempts,last_error,ip,spam_reasons$/,
      );
      expect(both.stdout.trim().split("\r\n")).toHaveLength(2);
      const contact = await cli("--kind", "contact", "--csv");
      expect(contact.stdout).toContain(
        ',contact,Dhruv Patel,PLC upgrade,d@example.com,\'+91 98765 43210,,"Two lines,\nplease.",/contact/,/services/plc/,https://google.com,,,,,,queued,',
      );
      const failed = await cli("--status", "failed", "--csv");
      expect(failed.stdout.trim().split("\r\n")).toHaveLength(2);
    });

    it("requeues a failed message, purges, and refuses unknown options and bad dates", async () => {
      await expect(cli("--requeue", "1")).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/Submission 1 is not a failed one/) });
      const { stdout } = await cli("--requeue", "failed");
      expect(stdout).toMatch(/^Requeued the failed deliveries of 1 submission \(2\)/);
      expect((await cli("--status", "failed", "--csv")).stdout.trim().split("\r\n")).toHaveLength(1);
      // nothing here was delivered, so the retention purge keeps every enquiry
      expect((await cli("--purge")).stdout).toMatch(
        /^Removed 0 delivered enquiries and 0 \.eml files older than 365 days, 0 quarantined ones older than 30 days and 0 daily spam counters\./,
      );
      await expect(cli("--status", "lost")).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/--status must be one of/) });
      await expect(cli("--since", "last week")).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/--since must be a date/) });
    });

    it("lists the quarantine with its reasons, releases one into the outbox, and erases one person's enquiries", async () => {
      const store = await data.open();
      const held = await store.insertSubmission({
        ...{ kind: "contact", payload: { name: "Maybe Person", email: "maybe@mailinator.com", subject: "Hi", message: "x" }, ip: "2.2.2.2" },
        ...{
          userAgent: undefined,
          email: "maybe@mailinator.com",
          quarantine: { reasons: [{ layer: "disposable-email", severity: "doubt", code: "disposable", reason: "A throw-away address." }] },
        },
      });
      await store.close();
      expect((await cli()).stdout).not.toContain("Maybe Person");
      const spam = (await cli("--spam")).stdout;
      expect(spam).toMatch(new RegExp(`${held} +LA-\\d{4}-\\d{6} .*Maybe Person .*quarantined +0 +A throw-away address\\.`));
      expect(spam).toContain("1 submission (1 quarantined)");
      expect((await cli("--release", String(held))).stdout).toMatch(/^Released LA-\d{4}-\d{6} \(submission \d+\): queued sales-mail;/);
      await expect(cli("--release", String(held))).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/is not in the quarantine/) });
      expect((await cli("--spam")).stdout).toContain("0 submissions");
      expect((await cli("--status", "queued")).stdout).toContain("Maybe Person");
      expect((await cli("--erase", "MAYBE@mailinator.com")).stdout).toBe(
        "Erased 1 enquiry from MAYBE@mailinator.com, 1 delivery not yet made and 0 .eml files.\n",
      );
      expect((await cli("--csv")).stdout).not.toContain("Maybe Person");
      await expect(cli("--erase", "nobody")).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/--erase takes an e-mail address/) });
    });
  });
});

describe("CSV cells", () => {
  it("quotes CSV cells only when needed and escapes what a terminal would act on", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(" lead")).toBe('" lead"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("+91 98765")).toBe("'+91 98765");
    expect(csvCell(42)).toBe("42");
    expect(escapeUnprintable("a\u0000b\u200Bc\u2028d\u0085")).toBe("a\\u{0}b\\u{200B}c\\u{2028}d\\u{85}");
    expect(toCsv([], ["contact"])).toBe(
      "id,reference,received_at,kind,name,subject,email,phone,company,message,page,landingPage,referrer,utmSource,utmMedium,utmCampaign,utmTerm,utmContent,status,attempts,last_error,ip,spam_reasons\r\n",
    );
  });
});
