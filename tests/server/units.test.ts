// @vitest-environment node
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvCell, toCsv } from "../../scripts/submissions.ts";
import type { Row } from "../../scripts/submissions.ts";
import { ConfigError, loadConfig } from "../../src/server/config.ts";
import { SlidingWindowLimiter } from "../../src/server/rate-limit.ts";
import { SCHEMA_VERSION, Store } from "../../src/server/store.ts";
import { summarize, validateForm } from "../../src/server/validate.ts";
import { tempDir } from "./helpers.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

describe("form schemas", () => {
  for (const kind of ["contact", "quote"] as const) {
    const schema = JSON.parse(readFileSync(join(repoRoot, `schema/forms/${kind}.schema.json`), "utf8"));

    it(`${kind}: draft 2020-12 with $id, and title/description/examples on every property`, () => {
      expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(schema.$id).toBe(`https://lariox.example.com/schema/forms/${kind}.schema.json`);
      expect(schema.additionalProperties).toBe(false);
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
      mailTo: "sales@example.com",
      mailFrom: '"Lariox website" <website@example.com>',
      trustProxy: false,
      rateLimit: 5,
      outbox: { maxAttempts: 8, retryBaseMs: 10_000 },
    });
  });

  it("parses TRUST_PROXY and refuses nonsense with a readable message", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toBe("10.0.0.0/8, 127.0.0.1");
    expect(() => loadConfig({ PORT: "http" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT must be between 0 and 65535/);
    expect(() => loadConfig({ SMTP_URL: "http://user:secret@x" })).toThrow(/SMTP_URL must start with smtp/);
    expect(() => loadConfig({ SMTP_URL: "http://user:secret@x" })).not.toThrow(/secret/);
  });
});

describe("sliding window rate limit", () => {
  it("allows N per window per key and reports when the next slot opens", () => {
    let now = 1_000_000;
    const limiter = new SlidingWindowLimiter(2, 60_000, { now: () => now });
    expect(limiter.hit("a").allowed).toBe(true);
    now += 10_000;
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(limiter.hit("b").allowed).toBe(true);
    now += 50_001; // the first hit left the window
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });

  it("is off at 0 and bounds its memory", () => {
    expect(new SlidingWindowLimiter(0).hit("x").allowed).toBe(true);
    const limiter = new SlidingWindowLimiter(1, 60_000, { maxKeys: 100 });
    for (let i = 0; i < 1000; i++) limiter.hit(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size).toBeLessThanOrEqual(101);
  });
});

describe("store", () => {
  const dir = tempDir();
  afterAll(() => dir.remove());

  it("uses WAL, synchronous=FULL and a schema version", () => {
    const store = Store.open(join(dir.path, "a"));
    try {
      expect(store.db.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(store.db.pragma("synchronous", { simple: true })).toBe(2); // FULL
      expect(store.schemaVersion()).toBe(SCHEMA_VERSION);
      expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(1);
    } finally {
      store.close();
    }
    // reopening does not migrate again
    const again = Store.open(join(dir.path, "a"));
    expect(again.schemaVersion()).toBe(SCHEMA_VERSION);
    again.close();
  });

  it("writes a submission and its outbox row together, and claims rows with a lease", () => {
    const store = Store.open(join(dir.path, "b"));
    try {
      const id = store.insertSubmission({ kind: "quote", payload: { name: "A", email: "a@example.com" }, ip: "1.2.3.4", userAgent: undefined, spam: false });
      const spam = store.insertSubmission({ kind: "quote", payload: { website: "x" }, ip: undefined, userAgent: undefined, spam: true });
      expect(store.db.prepare("SELECT submission_id FROM outbox").all()).toEqual([{ submission_id: id }]);
      expect(store.get(spam)).toMatchObject({ status: "spam", attempts: null });

      const now = new Date();
      const [job] = store.claimDue(now, 10, 60_000);
      expect(job).toMatchObject({ id, attempts: 1, payload: { name: "A" } });
      // claimed: not due again until the lease runs out (a crash mid-send means a retry, not a loss)
      expect(store.claimDue(now, 10, 60_000)).toEqual([]);
      expect(store.claimDue(new Date(now.getTime() + 60_001), 10, 60_000)).toHaveLength(1);
      expect(store.get(id)).toMatchObject({ status: "queued", attempts: 2 });
      store.markSent(id, "<m@x>");
      expect(store.get(id)).toMatchObject({ status: "sent", messageId: "<m@x>" });
      expect(store.claimDue(new Date(now.getTime() + 10 ** 9), 10, 1)).toEqual([]);
    } finally {
      store.close();
    }
  });

  it("refuses a database from a newer version of the code", () => {
    const store = Store.open(join(dir.path, "c"));
    store.db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    store.close();
    expect(() => Store.open(join(dir.path, "c"))).toThrow(/newer than this code knows/);
  });
});

// Each case starts the CLI as its own Node process, which can take seconds on a busy machine.
describe("submissions CLI", { timeout: 20_000 }, () => {
  const dir = tempDir();
  const run = promisify(execFile);
  const cli = (...args: string[]) =>
    run(process.execPath, ["--import", "tsx", "scripts/submissions.ts", "--data-dir", join(dir.path, "data"), ...args], { cwd: repoRoot });

  beforeAll(() => {
    const store = Store.open(join(dir.path, "data"));
    const at = new Date("2025-03-14T09:34:05Z");
    store.insertSubmission({ kind: "contact", payload: { name: "Dhruv Patel", email: "d@example.com" }, ip: "1.1.1.1", userAgent: undefined, spam: false, createdAt: at });
    const q = store.insertSubmission({ kind: "quote", payload: { name: 'Zoë "Z" Ñúñez, Jr.', email: "z@example.com" }, ip: "1.1.1.1", userAgent: undefined, spam: false, createdAt: at });
    store.insertSubmission({ kind: "quote", payload: { name: "=HYPERLINK(1)", website: "x" }, ip: "1.1.1.1", userAgent: undefined, spam: true, createdAt: at });
    store.claimDue(new Date(), 10, 1);
    store.markFailed(q, "451 Mailbox busy,\nthen closed");
    store.close();
  });
  afterAll(() => dir.remove());

  it("prints a table with status, attempts and the last error", async () => {
    const { stdout } = await cli();
    const lines = stdout.split("\n");
    expect(lines[0]).toMatch(/^ID +Received \(IST\) +Kind +Name +Email +Status +Tries +Last error$/);
    expect(stdout).toMatch(/1 +2025-03-14 15:04 +contact +Dhruv Patel +d@example\.com +queued +1/);
    expect(stdout).toMatch(/2 +2025-03-14 15:04 +quote +Zoë "Z" Ñúñez, Jr\. +z@example\.com +failed +1 +451 Mailbox busy, then closed/);
    expect(stdout).toMatch(/3 .+ spam +0/);
    expect(stdout).toContain("3 submissions (1 queued, 1 failed, 1 spam)");
  });

  it("filters by kind and status and writes proper CSV", async () => {
    const { stdout } = await cli("--kind", "quote", "--csv");
    expect(stdout).toBe(
      "id,received_at,kind,name,email,status,attempts,last_error\r\n" +
        '2,2025-03-14T09:34:05.000Z,quote,"Zoë ""Z"" Ñúñez, Jr.",z@example.com,failed,1,"451 Mailbox busy,\nthen closed"\r\n' +
        "3,2025-03-14T09:34:05.000Z,quote,'=HYPERLINK(1),,spam,0,\r\n",
    );
    const failed = await cli("--status", "failed", "--csv");
    expect(failed.stdout.trim().split("\r\n")).toHaveLength(2);
  });

  it("refuses unknown options", async () => {
    await expect(cli("--status", "lost")).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/--status must be one of/) });
  });

  it("quotes CSV cells only when needed", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(" lead")).toBe('" lead"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("+91 98765")).toBe("'+91 98765");
    expect(csvCell(42)).toBe("42");
    const row: Row = { id: 1, receivedAt: new Date(0), kind: "contact", name: "n", email: "e", status: "sent", attempts: 1, lastError: "" };
    expect(toCsv([row])).toBe("id,received_at,kind,name,email,status,attempts,last_error\r\n1,1970-01-01T00:00:00.000Z,contact,n,e,sent,1,\r\n");
  });
});
