// @vitest-environment node
/**
 * What an attacker or a broken client sends: a corpus of bad inputs (fixtures/bad-inputs.json),
 * oversized error lists, parser-level garbage, forged and rotating client addresses.
 */
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, rawRequest, startApp, validContact, validQuote } from "./helpers.ts";
import type { TestApp } from "./helpers.ts";

const CONTACT = "/api/mail/send-contact";
const QUOTE = "/api/mail/send-quote";

interface BadInput {
  what: string;
  form: "contact" | "quote";
  body: string;
  headers?: Record<string, string>;
  status: number;
  message: string;
}

const corpus = JSON.parse(readFileSync(new URL("./fixtures/bad-inputs.json", import.meta.url), "utf8")) as BadInput[];

/** Sends raw bytes and returns the raw answer (for requests node:http would refuse to write). */
function rawExchange(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let answer = "";
    socket.on("data", (c: Buffer) => (answer += c.toString("latin1")));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
    socket.setTimeout(5_000, () => socket.destroy());
  });
}

const SECURITY_HEADERS = ["content-security-policy", "strict-transport-security", "x-content-type-options", "x-frame-options", "referrer-policy"];

describe("bad input corpus", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({}, { startOutbox: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it(`holds at least 200 cases`, () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
  });

  it("refuses every case with its status and message, stores nothing, and stays small", async () => {
    const failures: string[] = [];
    for (const c of corpus) {
      const r = await rawRequest(`${t.url}${c.form === "contact" ? CONTACT : QUOTE}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...c.headers },
        body: c.body,
      });
      const body = r.headers["content-type"]?.toString().startsWith("application/json") ? (JSON.parse(r.text) as { success?: boolean; message?: string }) : {};
      const ok =
        r.status === c.status &&
        body.success === false &&
        new RegExp(c.message).test(body.message ?? "") &&
        r.headers["cache-control"] === "no-store" &&
        r.text.length < 4096;
      if (!ok) failures.push(`${c.what}: ${r.status} ${r.text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(await t.app.store.list()).toEqual([]);
  });

  it("accepts what must stay allowed: scripts of India, emoji with joiners, tabs and line breaks in messages", async () => {
    const ok = [
      { ...validContact, name: "ધ્રુવ પટેલ", subject: "क्षमा — ZWJ ok: क्‍ष", message: "Line one\n\tindented\r\nLine 3 👩‍🔧" },
      { ...validContact, name: "محمد علي", company: "  " },
    ];
    for (const body of ok) expect((await postJson(t.url, CONTACT, body)).status).toBe(200);
    expect((await postJson(t.url, QUOTE, { ...validQuote, company: "", phone: "" })).status).toBe(200);
  });

  it("names at most 10 problems and never echoes a long key", async () => {
    const many = { ...validContact, ...Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i])) };
    const r = await postJson(t.url, CONTACT, many);
    expect(r.status).toBe(400);
    expect(r.json().errors).toHaveLength(10);
    expect(r.json().message).toMatch(/And 1991 more problems\.$/);
    expect(r.text.length).toBeLessThan(2048);
    const long = await postJson(t.url, CONTACT, { ...validContact, ["k".repeat(5000)]: 1 });
    expect(long.json().message).toBe(`"${"k".repeat(40)}…" is not a field of this form.`);
    expect(long.text.length).toBeLessThan(512);
  });
});

describe("HTTP edges", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({}, { startOutbox: false, timeouts: { headersMs: 300, requestMs: 300, checkIntervalMs: 100 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers what the HTTP parser refuses with the security headers, and JSON under /api/", async () => {
    const cases: Array<[string, string, number, boolean]> = [
      ["unknown method, page", "FOO / HTTP/1.1\r\nHost: x\r\n\r\n", 400, false],
      ["unknown method, api", `FOO ${CONTACT} HTTP/1.1\r\nHost: x\r\n\r\n`, 400, true],
      ["duplicate Content-Length", `POST ${CONTACT} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`, 400, true],
      ["header overflow", `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431, false],
      ["bad request line (no path: JSON)", "GARBAGE\r\n\r\n", 400, true],
    ];
    for (const [what, bytes, status, api] of cases) {
      const answer = await rawExchange(t.url, bytes);
      const [head = "", body = ""] = answer.split("\r\n\r\n");
      expect([what, head.split("\r\n")[0]]).toEqual([what, expect.stringMatching(new RegExp(`^HTTP/1.1 ${status} `))]);
      for (const name of SECURITY_HEADERS) expect([what, name, new RegExp(`^${name}: `, "im").test(head)]).toEqual([what, name, true]);
      if (api) expect([what, JSON.parse(body)]).toEqual([what, { success: false, message: expect.any(String) }]);
      else expect([what, body]).toEqual([what, expect.stringMatching(/^\d{3} /)]);
    }
  });

  it("answers a client too slow with its headers 408, with the security headers", async () => {
    const { hostname, port } = new URL(t.url);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), hostname, () => socket.write(`POST ${CONTACT} HTTP/1.1\r\nHost: x\r\n`));
      let text = "";
      socket.on("data", (c: Buffer) => (text += c.toString()));
      socket.on("close", () => resolve(text));
    });
    expect(answer, answer).toMatch(/^HTTP\/1.1 408 /);
    expect(answer).toMatch(/^content-security-policy: /im);
    expect(JSON.parse(answer.split("\r\n\r\n")[1]!), answer).toEqual({ success: false, message: "The request took too long to arrive." });
  });

  it("never lets a cache keep an API answer", async () => {
    for (const r of [await postJson(t.url, CONTACT, validContact), await rawRequest(`${t.url}/api/nope`), await rawRequest(`${t.url}${CONTACT}`)]) {
      expect(r.headers["cache-control"]).toBe("no-store");
    }
  });
});

describe("rate limits", () => {
  it("keys IPv6 clients by /64 and never keys or stores an address that is not an IP", async () => {
    const t = await startApp({ RATE_LIMIT: "1", TRUST_PROXY: "1" }, { startOutbox: false });
    try {
      const from = (xff: string) => postJson(t.url, CONTACT, validContact, { "x-forwarded-for": xff });
      expect((await from("2001:db8:1:2::1")).status).toBe(200);
      expect((await from("2001:db8:1:2:ffff::9")).status).toBe(429); // same /64
      expect((await from("2001:db8:1:3::1")).status).toBe(200); // another /64
      expect((await from("::ffff:203.0.113.7")).status).toBe(200);
      expect((await from("203.0.113.7")).status).toBe(429); // the same address, written two ways
      // forged junk falls back to the connection's address (the proxy), limited like it
      expect((await from("<script>alert(1)</script>")).status).toBe(200);
      expect((await from("unknown")).status).toBe(429);
      expect((await t.app.store.list()).map((s) => s.ip)).toEqual(["2001:db8:1:2::1", "2001:db8:1:3::1", "203.0.113.7", null]);
    } finally {
      await t.close();
    }
  });

  it("spends no budget on posts refused for their content type, size, syntax, honeypot or fields", async () => {
    const t = await startApp({ RATE_LIMIT: "2", RATE_LIMIT_HOURLY: "2" }, { startOutbox: false });
    try {
      const junk = [
        { headers: { "content-type": "text/plain" }, body: "hello", status: 415 },
        { headers: { "content-type": "application/json" }, body: JSON.stringify({ ...validContact, message: "x".repeat(2_000_000) }), status: 413 },
        { headers: { "content-type": "application/json" }, body: '{"name": "Asha",', status: 400 },
        { headers: { "content-type": "application/json" }, body: JSON.stringify({ ...validContact, website: "https://spam.example" }), status: 200 },
        { headers: { "content-type": "application/json" }, body: JSON.stringify({ ...validContact, email: "" }), status: 400 },
      ];
      for (let round = 0; round < 5; round++) {
        for (const { headers, body, status } of junk) expect((await rawRequest(`${t.url}${CONTACT}`, { method: "POST", headers, body })).status).toBe(status);
      }
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await postJson(t.url, CONTACT, validContact)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it("holds a ceiling on submissions an hour from everyone together", async () => {
    const t = await startApp({ RATE_LIMIT: "100", RATE_LIMIT_HOURLY: "3", TRUST_PROXY: "1" }, { startOutbox: false });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await postJson(t.url, QUOTE, validQuote, { "x-forwarded-for": `198.51.100.${i}` })).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const refused = await postJson(t.url, QUOTE, validQuote, { "x-forwarded-for": "198.51.100.99" });
      expect(refused.json().message).toMatch(/unusually many enquiries/);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);
    } finally {
      await t.close();
    }
  });

  it("stays fast when one client makes up a new address for every request, past the limiter's memory", async () => {
    // A post that passes the schema reaches the limiter; its forged time token makes it spam, counted and not stored.
    const FORGED_TOKEN = JSON.stringify({ ...validContact, timeToken: `t1.1700000000000.${"A".repeat(43)}` });
    const t = await startApp({ RATE_LIMIT: "5", RATE_LIMIT_KEYS: "1000", TRUST_PROXY: "1" }, { startOutbox: false });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { port } = new URL(t.url);
      const post = (i: number) =>
        new Promise<number>((resolve, reject) => {
          const started = performance.now();
          const req = request(
            {
              host: "127.0.0.1",
              port,
              method: "POST",
              path: CONTACT,
              agent,
              headers: { "content-type": "application/json", "x-forwarded-for": `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}` },
            },
            (res) => res.resume().on("end", () => resolve(performance.now() - started)),
          );
          req.on("error", reject);
          req.end(FORGED_TOKEN);
        });
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const times: number[] = [];
      for (let i = 0; i < 5000; i++) times.push(await post(i));
      // the first 500 fill the map; from 1000 on, every new address evicts the least recent one
      expect(median(times.slice(4000))).toBeLessThan(Math.max(2 * median(times.slice(200, 700)), 2));
    } finally {
      agent.destroy();
      await t.close();
    }
  }, 60_000);
});
