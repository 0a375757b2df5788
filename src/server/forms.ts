/**
 * POST /api/mail/send-contact and POST /api/mail/send-quote.
 *
 * Order of checks: rate limit (before the body is read), content type (415), size (413),
 * JSON syntax (400), honeypot, schema (400). A submission is answered 200 only once it is
 * committed to SQLite; the outbox worker mails it afterwards.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Outbox } from "./outbox.ts";
import type { SlidingWindowLimiter } from "./rate-limit.ts";
import type { Store } from "./store.ts";
import { summarize, validateForm } from "./validate.ts";
import type { FormKind } from "./validate.ts";

export const FORM_BODY_LIMIT = 32 * 1024;

export const FORM_ROUTES: Readonly<Record<FormKind, string>> = {
  contact: "/api/mail/send-contact",
  quote: "/api/mail/send-quote",
};

const SUCCESS: Readonly<Record<FormKind, string>> = {
  contact: "Thank you, your message has been received. We will get back to you soon.",
  quote: "Thank you, your quote request has been received. Our team will contact you shortly.",
};

export interface FormsOptions {
  store: Store;
  outbox: Outbox;
  limiter: SlidingWindowLimiter;
}

function isHoneypotFilled(body: unknown): boolean {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return false;
  const website = (body as Record<string, unknown>).website;
  return website !== undefined && website !== null && String(website).trim() !== "";
}

export async function registerForms(app: FastifyInstance, options: FormsOptions): Promise<void> {
  const { store, outbox, limiter } = options;

  await app.register(async (scope) => {
    // Only JSON is taken: without this, Fastify's built-in text/plain parser would accept text bodies.
    scope.removeContentTypeParser("text/plain");

    scope.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
      const decision = limiter.hit(request.ip);
      if (!decision.allowed) {
        request.log.info({ ip: request.ip }, "form rate limit reached");
        return reply
          .code(429)
          .header("retry-after", String(decision.retryAfterSeconds))
          .send({
            success: false,
            message: `Too many submissions from your address. Please wait ${decision.retryAfterSeconds} second${decision.retryAfterSeconds === 1 ? "" : "s"} and try again.`,
          });
      }
    });

    for (const kind of ["contact", "quote"] as const) {
      scope.post(FORM_ROUTES[kind], { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
        const meta = { ip: request.ip, userAgent: request.headers["user-agent"]?.slice(0, 500) };
        if (isHoneypotFilled(request.body)) {
          const id = store.insertSubmission({ kind, payload: request.body, spam: true, ...meta });
          request.log.info({ submission: id, kind }, "honeypot filled: stored as spam");
          return reply.send({ success: true, message: SUCCESS[kind] });
        }
        const result = validateForm(kind, request.body);
        if (!result.ok) {
          return reply.code(400).send({ success: false, message: summarize(result.errors), errors: result.errors });
        }
        const id = store.insertSubmission({ kind, payload: result.value, spam: false, ...meta });
        outbox.nudge();
        request.log.info({ submission: id, kind }, "form submission stored");
        return reply.send({ success: true, message: SUCCESS[kind] });
      });
    }
  });
}
