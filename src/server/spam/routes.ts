/**
 * What the form's script fetches before a post, both never cached:
 *
 *   GET /api/altcha/challenge              a fresh ALTCHA challenge, signed and expiring (the widget's
 *                                          `challenge` attribute points here)
 *   GET /api/forms/time-token?form=contact a time token recording that the form is being shown now
 *
 * Registered by app.ts once the form posts carry the two hidden fields (`altcha`, `timeToken`).
 */
import type { FastifyInstance } from "fastify";
import { createAltchaChallenge, type AltchaSettings } from "./altcha.ts";
import { issueTimeToken } from "./time-trap.ts";

export const SPAM_ROUTES = { challenge: "/api/altcha/challenge", timeToken: "/api/forms/time-token" } as const;

export interface SpamRouteOptions {
  altcha: AltchaSettings;
  /** The secret the time tokens are signed with. */
  timeTrapSecret: string;
  /** The forms a token may be asked for. */
  forms: readonly string[];
}

export async function registerSpamRoutes(app: FastifyInstance, options: SpamRouteOptions): Promise<void> {
  app.get(SPAM_ROUTES.challenge, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return createAltchaChallenge(options.altcha);
  });

  app.get<{ Querystring: { form?: string } }>(SPAM_ROUTES.timeToken, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const form = request.query.form;
    if (typeof form !== "string" || !options.forms.includes(form)) {
      return reply.code(400).send({ success: false, message: `Ask for the token of a form: ?form=${options.forms.join(" or ?form=")}.` });
    }
    return { token: issueTimeToken(options.timeTrapSecret, form) };
  });
}
