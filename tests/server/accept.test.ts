// @vitest-environment node
/** acceptEnquiry without HTTP: a kind, a body and the request's facts in, an outcome out, the store and outbox behind. */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { createAcceptEnquiry, type AcceptSettings, type RequestFacts } from "../../src/server/enquiries/accept.ts";
import { leadKinds } from "../../src/server/outbox/senders/index.ts";
import { createAltchaChallenge } from "../../src/server/spam/altcha.ts";
import { issueTimeToken } from "../../src/server/spam/time-trap.ts";
import { EnquiryStore, StorageError } from "../../src/server/store/index.ts";
import { TEST_SPAM_ENV, tempDirs, validContact } from "./helpers.ts";

const dirs = tempDirs("lariox-accept-");
afterAll(() => dirs.removeAll());

const SALES = { company: "Lariox", siteUrl: "https://lariox.example", email: "sales@lariox.example", phones: ["+91 0"], hours: "9-6", address: "Surat" };
const AT = Date.UTC(2026, 0, 5, 10, 0, 0);

let store: EnquiryStore;
let settings: AcceptSettings;
let nudges: number;
let limiterAsked: number;
let logged: string[];

function facts(over: Partial<RequestFacts> = {}): RequestFacts {
  return {
    ip: "203.0.113.7",
    clientKey: "203.0.113.7",
    userAgent: "test",
    scripted: false,
    overLimit: async () => (limiterAsked++, undefined),
    log: { info: (_o, msg) => logged.push(msg), error: (_o, msg) => logged.push(msg) },
    ...over,
  };
}

/** The hidden fields the form's script adds: a time token issued a minute ago and a solved proof of work. */
async function scriptFields(form: string) {
  const challenge = await createAltchaChallenge(settings.spam.altcha);
  const solution = await solveChallenge({ challenge, deriveKey });
  return {
    timeToken: issueTimeToken(settings.spam.timeTrap.secret, form, new Date(Date.now() - 60_000)),
    altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64"),
  };
}

beforeEach(async () => {
  const dataDir = dirs.make();
  const config = loadConfig({ DATA_DIR: dataDir, ...TEST_SPAM_ENV });
  store = await EnquiryStore.open(config);
  nudges = 0;
  limiterAsked = 0;
  logged = [];
  settings = {
    store,
    outbox: { nudge: () => void nudges++ },
    spam: config.spam,
    deliveries: leadKinds({ config, sales: SALES }),
    now: () => AT,
  };
  return () => store.close();
});

describe("acceptEnquiry", () => {
  it("stores a valid form post with its deliveries, wakes the outbox and answers with the reference", async () => {
    const outcome = await createAcceptEnquiry(settings)("contact", validContact, facts());
    expect(outcome).toMatchObject({ accepted: true, reference: "LA-2026-000001", message: expect.stringMatching(/Your reference is LA-2026-000001\.$/) });
    expect(nudges).toBe(1);
    expect(limiterAsked).toBe(1);
    const row = await store.get(1);
    expect(row).toMatchObject({ status: "queued", kind: "contact", ip: "203.0.113.7", payload: { name: validContact.name } });
    expect(row!.deliveries.map((d) => d.kind).sort()).toEqual(["receipt", "sales-mail"]);
  });

  it("takes a scripted post with its time token and proof of work, and holds the same tokens sent again", async () => {
    const accept = createAcceptEnquiry(settings);
    const body = { ...validContact, ...(await scriptFields("contact")) };
    expect(await accept("contact", body, facts({ scripted: true }))).toMatchObject({ accepted: true, reference: "LA-2026-000001" });
    expect(await accept("contact", { ...body, subject: "once more" }, facts({ scripted: true }))).toMatchObject({
      accepted: true,
      reference: "LA-2026-000002",
    });
    expect((await store.get(1))!.status).toBe("queued");
    const held = await store.get(2);
    expect(held).toMatchObject({ status: "quarantined", deliveries: [] });
    expect(JSON.stringify(held!.reasons)).toMatch(/reused|replayed/);
    expect(nudges).toBe(1);
  });

  it("answers a filled honeypot as sent, without a reference, counting it and storing nothing", async () => {
    const outcome = await createAcceptEnquiry(settings)("contact", { ...validContact, website: "http://spam.example" }, facts());
    expect(outcome).toEqual({ accepted: true, message: expect.any(String) });
    expect(await store.get(1)).toBeUndefined();
    expect(await store.spamCounts()).toEqual([{ day: "2026-01-05", kind: "contact", hits: 1 }]);
    expect(limiterAsked).toBe(0);
  });

  it("refuses an invalid body with the fields' reasons before the rate limits are asked", async () => {
    const outcome = await createAcceptEnquiry(settings)("contact", { name: "Dhruv" }, facts());
    expect(outcome).toMatchObject({ accepted: false, status: 400, errors: expect.arrayContaining([expect.objectContaining({ field: "subject" })]) });
    expect(limiterAsked).toBe(0);
    expect(await store.get(1)).toBeUndefined();
  });

  it("answers the rate limit's refusal for a valid post, storing nothing", async () => {
    const limited = { accepted: false as const, status: 429, message: "Too many.", retryAfterS: 30 };
    expect(await createAcceptEnquiry(settings)("contact", validContact, facts({ overLimit: async () => limited }))).toBe(limited);
    expect(await store.get(1)).toBeUndefined();
    expect(nudges).toBe(0);
  });

  it("answers 503 with a Retry-After when the store refuses the write, and says so to the health monitor", async () => {
    let reported = 0;
    const failing = new Proxy(store, {
      get: (target, name, receiver) =>
        name === "insertSubmission" ? () => Promise.reject(new StorageError("disk full")) : Reflect.get(target, name, receiver),
    });
    const outcome = await createAcceptEnquiry({ ...settings, store: failing, onStorageError: () => void reported++ })("contact", validContact, facts());
    expect(outcome).toMatchObject({ accepted: false, status: 503, retryAfterS: 120 });
    expect(reported).toBe(1);
    expect(logged).toContain("form submission could not be stored");
  });
});
