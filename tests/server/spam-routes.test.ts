// @vitest-environment node
/** The two things the form's script fetches: a challenge and a time token, fresh and uncached. */
import Fastify from "fastify";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryReplayGuard, verifyAltcha, type AltchaSettings } from "../../src/server/spam/altcha.ts";
import { registerSpamRoutes, SPAM_ROUTES } from "../../src/server/spam/routes.ts";
import { checkTimeToken, TIME_TRAP_DEFAULTS } from "../../src/server/spam/time-trap.ts";

const SECRET = "routes-secret-0123456789abcdef0123456789";
const altcha: AltchaSettings = { secret: SECRET, cost: 1, counterMin: 1, counterMax: 10, ttlMs: 60_000 };

describe("spam routes", () => {
  const app = Fastify();
  beforeAll(async () => {
    await registerSpamRoutes(app, { altcha, timeTrapSecret: SECRET, forms: ["contact", "quote"] });
    await app.ready();
  });
  afterAll(() => app.close());

  it("serves a new signed challenge each time, which a solver answers and the server accepts", async () => {
    const [a, b] = await Promise.all([app.inject(SPAM_ROUTES.challenge), app.inject(SPAM_ROUTES.challenge)]);
    expect([a.statusCode, a.headers["cache-control"], a.headers["content-type"]]).toEqual([200, "no-store", "application/json; charset=utf-8"]);
    const challenge = a.json();
    expect(challenge.parameters.nonce).not.toBe(b.json().parameters.nonce);
    const solution = await solveChallenge({ challenge, deriveKey });
    const field = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
    expect(await verifyAltcha(field, altcha, new MemoryReplayGuard())).toEqual({ outcome: "ok" });
  });

  it("gives a time token for a known form, good for that form after a human while", async () => {
    const r = await app.inject(`${SPAM_ROUTES.timeToken}?form=quote`);
    expect([r.statusCode, r.headers["cache-control"]]).toEqual([200, "no-store"]);
    const { token } = r.json<{ token: string }>();
    const settings = { secret: SECRET, ...TIME_TRAP_DEFAULTS };
    expect(checkTimeToken(token, "quote", settings, new Date(Date.now() + 10_000)).outcome).toBe("ok");
    expect(checkTimeToken(token, "contact", settings, new Date(Date.now() + 10_000)).outcome).toBe("forged");
  });

  it("refuses a token for no form or an unknown one", async () => {
    for (const url of [SPAM_ROUTES.timeToken, `${SPAM_ROUTES.timeToken}?form=admin`]) {
      const r = await app.inject(url);
      expect([r.statusCode, r.json().message]).toEqual([400, "Ask for the token of a form: ?form=contact or ?form=quote."]);
    }
  });
});
