// @vitest-environment node
/**
 * The lead webhook against a local HTTP sink that fails at first: each attempt is signed the
 * Standard Webhooks way, and the `standardwebhooks` package (what receivers use) verifies it;
 * failures are sorted into "retry" and "give up" as the outbox needs.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSettings } from "../../src/server/env.ts";
import { ConfigError } from "../../src/server/config.ts";
import {
  createLeadWebhookTransport,
  isPermanentWebhookFailure,
  leadEvent,
  loadLeadWebhook,
  parseWebhookSecret,
  WebhookError,
} from "../../src/server/outbox/lead-webhook.ts";

const SECRET = `whsec_${randomBytes(32).toString("base64")}`;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A sink answering each POST with the next status of `script` (then 200), recording what came. */
function sink(script: number[]): { server: Server; url: () => string; received: Received[] } {
  const received: Received[] = [];
  const statuses = [...script];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, status === 302 ? { location: "https://crm.example/new" } : { "content-type": "text/plain" });
      res.end(status === 200 ? "ok" : `status ${status}`);
    });
  });
  return { server, received, url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/lead` };
}

const submission = {
  id: 42,
  kind: "quote" as const,
  createdAt: new Date("2026-11-20T09:15:00Z"),
  payload: {
    name: "Dhruv Patel",
    email: "dhruv@shreetextiles.in",
    phone: "+91 98765 43210",
    company: "Shree Textiles",
    project: "SCADA for ETP",
    requirements: "3 pumps.\n12 sensors.",
    website: "",
  },
};

describe("lead webhook", () => {
  const flaky = sink([503, 429, 502]);
  beforeAll(() => new Promise<void>((resolve) => flaky.server.listen(0, "127.0.0.1", resolve)));
  afterAll(() => flaky.server.close());

  it("retries through a failing sink, signs every attempt, and standardwebhooks verifies the delivery", async () => {
    let clock = Date.parse("2026-11-20T09:15:01Z");
    const transport = createLeadWebhookTransport(loadLeadWebhook(readSettings({ LEAD_WEBHOOK_URL: flaky.url(), LEAD_WEBHOOK_SECRET: SECRET }))!, () => clock);
    const delivery = leadEvent(submission, { reference: "LA-2026-000042" });
    const log: string[] = [];
    // The outbox's loop, in short: retry what is not permanent.
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await transport.send(delivery);
        log.push(`attempt ${attempt}: delivered (${result.status})`);
        break;
      } catch (error) {
        expect(isPermanentWebhookFailure(error)).toBe(false);
        log.push(`attempt ${attempt}: ${(error as Error).message}, will retry`);
        clock += 10_000 * attempt;
      }
    }
    console.log(`webhook deliveries:\n  ${log.join("\n  ")}`);
    expect(log).toHaveLength(4);
    expect(flaky.received).toHaveLength(4);

    const ids = new Set(flaky.received.map((r) => r.headers["webhook-id"]));
    expect([...ids]).toEqual([`lead_42_${submission.createdAt.getTime()}`]);
    const stamps = flaky.received.map((r) => Number(r.headers["webhook-timestamp"]));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(new Set(flaky.received.map((r) => r.headers["webhook-signature"])).size).toBe(4);

    const last = flaky.received.at(-1)!;
    expect(last.headers["content-type"]).toBe("application/json");
    expect(last.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    // Verified as a receiver would, at the time it arrived (the library refuses stale timestamps).
    const verifier = new Webhook(SECRET);
    const headers = {
      "webhook-id": String(last.headers["webhook-id"]),
      "webhook-timestamp": String(last.headers["webhook-timestamp"]),
      "webhook-signature": String(last.headers["webhook-signature"]),
    };
    const realNow = Date.now;
    Date.now = () => clock;
    try {
      expect(verifier.verify(last.body, headers)).toEqual({
        type: "lead.received",
        timestamp: "2026-11-20T09:15:00.000Z",
        data: {
          id: 42,
          reference: "LA-2026-000042",
          form: "quote",
          fields: {
            name: "Dhruv Patel",
            email: "dhruv@shreetextiles.in",
            phone: "+91 98765 43210",
            company: "Shree Textiles",
            project: "SCADA for ETP",
            requirements: "3 pumps.\n12 sensors.",
          },
        },
      });
      // A changed body, or another secret, is refused.
      expect(() => verifier.verify(last.body.replace("Dhruv", "Eve"), headers)).toThrow(/No matching signature/);
      expect(() => new Webhook(`whsec_${randomBytes(32).toString("base64")}`).verify(last.body, headers)).toThrow(/No matching signature/);
    } finally {
      Date.now = realNow;
    }
  });

  it("gives up on a refused payload or a gone endpoint, and retries outages and set-up mistakes", async () => {
    const statuses = [400, 410, 422, 401, 404, 302, 500, 408];
    const s = sink(statuses);
    await new Promise<void>((resolve) => s.server.listen(0, "127.0.0.1", resolve));
    const transport = createLeadWebhookTransport({ url: s.url(), key: parseWebhookSecret(SECRET) });
    const outcomes: string[] = [];
    for (const status of statuses) {
      const error = await transport.send(leadEvent(submission)).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, String(status)).toBeInstanceOf(WebhookError);
      outcomes.push(`${status} ${isPermanentWebhookFailure(error) ? "permanent" : "retry"}`);
    }
    expect(outcomes).toEqual(["400 permanent", "410 permanent", "422 permanent", "401 retry", "404 retry", "302 retry", "500 retry", "408 retry"]);
    s.server.close();
    // Nobody listening: retried.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nobody = createLeadWebhookTransport({ url: `http://127.0.0.1:${port}/`, key: parseWebhookSecret(SECRET) });
    const error = await nobody.send(leadEvent(submission)).catch((e: unknown) => e);
    expect([isPermanentWebhookFailure(error), (error as Error).message]).toEqual([
      false,
      expect.stringMatching(/could not reach 127\.0\.0\.1:\d+: ECONNREFUSED/),
    ]);
  });

  it("refuses a set-up without a secret, with a secret in the wrong form, or a secret without an address", () => {
    expect(loadLeadWebhook(readSettings({}))).toBeUndefined();
    expect(() => loadLeadWebhook(readSettings({ LEAD_WEBHOOK_URL: "https://crm.example/hook" }))).toThrow(ConfigError);
    expect(() => loadLeadWebhook(readSettings({ LEAD_WEBHOOK_URL: "https://crm.example/hook", LEAD_WEBHOOK_SECRET: "plain-text" }))).toThrow(
      /must start with whsec_/,
    );
    expect(() => loadLeadWebhook(readSettings({ LEAD_WEBHOOK_URL: "https://crm.example/hook", LEAD_WEBHOOK_SECRET: "whsec_c2hvcnQ=" }))).toThrow(
      /24 to 64 random bytes/,
    );
    expect(() => loadLeadWebhook(readSettings({ LEAD_WEBHOOK_URL: "ftp://crm.example", LEAD_WEBHOOK_SECRET: SECRET }))).toThrow(/http:\/\/ or https:\/\//);
    expect(() => loadLeadWebhook(readSettings({ LEAD_WEBHOOK_SECRET: SECRET }))).toThrow(/LEAD_WEBHOOK_URL is not/);
  });

  it("stops the server as it starts when only half of it is set, in one line naming what to set", () => {
    const dir = mkdtempSync(join(tmpdir(), "lariox-webhook-start-"));
    try {
      const started = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
        cwd: join(import.meta.dirname, "../.."),
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATA_DIR: dir,
          DIST_DIR: join(dir, "dist"),
          PORT: "0",
          HOST: "127.0.0.1",
          LOG_LEVEL: "silent",
          LEAD_WEBHOOK_URL: "https://crm.example/hook",
        },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect({ status: started.status, stderr: started.stderr.trim() }).toEqual({
        status: 2,
        stderr: "Configuration error: LEAD_WEBHOOK_URL is set but LEAD_WEBHOOK_SECRET is not: the receiver needs the signature to trust the lead.",
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
