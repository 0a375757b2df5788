/**
 * POST /api/mail/send-contact and POST /api/mail/send-quote.
 *
 * Order of checks: rate limits (before the body is read), content type, charset and encoding
 * (415), size (413), JSON syntax (400), honeypot, schema (400). A submission is answered 200 only
 * once it is committed to the store; the outbox worker mails it afterwards. A store that cannot
 * take the write answers 503 with Retry-After, so the visitor knows to try again.
 */
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { clientAddress, rateLimitKey } from "./client-address.ts";
import type { Outbox } from "./outbox.ts";
import { StorageError } from "./store.ts";
import type { EnquiryStore } from "./store.ts";
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

const STORAGE_RETRY_AFTER_S = 120;

export interface FormsOptions {
  store: EnquiryStore;
  outbox: Outbox;
  /** Submissions per client per minute, 0 = off. */
  perClientPerMinute: number;
  /** Submissions per hour from everyone together, 0 = off. */
  allPerHour: number;
  /** Clients the limiter remembers. */
  rememberedClients: number;
  /** Called when a write to the store failed (the health monitor reports it). */
  onStorageError?: () => void;
  /** The time an enquiry arrived: the outbox's clock, so retry windows start from it (tests run it fast). */
  now?: () => number;
}

function isHoneypotFilled(body: unknown): boolean {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return false;
  const website = (body as Record<string, unknown>).website;
  return website !== undefined && website !== null && String(website).trim() !== "";
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Why the body cannot be read as UTF-8 JSON, from its headers alone; undefined when it can. */
function unsupportedEncoding(request: FastifyRequest): string | undefined {
  const encoding = request.headers["content-encoding"]?.trim().toLowerCase();
  if (encoding && encoding !== "identity") return `Content-Encoding "${encoding.slice(0, 40)}" is not supported; send the form data uncompressed.`;
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(request.headers["content-type"] ?? "")?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8")
    return `Charset "${charset.slice(0, 40)}" is not supported; send the form data as UTF-8.`;
  return undefined;
}

export async function registerForms(app: FastifyInstance, options: FormsOptions): Promise<void> {
  const { store, outbox } = options;

  await app.register(async (scope) => {
    // Only JSON is taken: without this, Fastify's built-in text/plain parser would accept text bodies.
    scope.removeContentTypeParser("text/plain");

    // The plugin keeps counters in an LRU map: bounded memory, constant time per request, however
    // many addresses a client makes up.
    await scope.register(rateLimit, { global: false, cache: options.rememberedClients });
    const perClient = scope.createRateLimit({ max: options.perClientPerMinute, timeWindow: 60_000, keyGenerator: rateLimitKey });
    const everyone = scope.createRateLimit({ max: options.allPerHour, timeWindow: 3_600_000, keyGenerator: () => "everyone" });
    const limits = [
      ...(options.perClientPerMinute > 0 ? [{ check: perClient, why: "Too many submissions from your address." }] : []),
      ...(options.allPerHour > 0 ? [{ check: everyone, why: "We are receiving unusually many enquiries just now." }] : []),
    ];

    scope.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
      for (const { check, why } of limits) {
        const decision = await check(request);
        if (decision.isAllowed || !decision.isExceeded) continue;
        const wait = Math.max(1, decision.ttlInSeconds);
        request.log.info({ key: decision.key }, "form rate limit reached");
        return reply
          .code(429)
          .header("retry-after", String(wait))
          .send({ success: false, message: `${why} Please wait ${plural(wait, "second")} and try again.` });
      }
      const unsupported = unsupportedEncoding(request);
      if (unsupported) return reply.code(415).send({ success: false, message: unsupported });
    });

    for (const kind of ["contact", "quote"] as const) {
      scope.post(FORM_ROUTES[kind], { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
        try {
          if (isHoneypotFilled(request.body)) {
            store.recordSpam(kind);
            request.log.info({ kind }, "honeypot filled: counted as spam");
            return reply.send({ success: true, message: SUCCESS[kind] });
          }
          const result = validateForm(kind, request.body);
          if (!result.ok) {
            return reply.code(400).send({ success: false, message: summarize(result.errors), errors: result.errors });
          }
          const id = await store.insertSubmission({
            kind,
            payload: result.value,
            ip: clientAddress(request),
            userAgent: request.headers["user-agent"]?.slice(0, 500),
            createdAt: new Date(options.now?.() ?? Date.now()),
          });
          outbox.nudge();
          request.log.info({ submission: id, kind }, "form submission stored");
          return reply.send({ success: true, message: SUCCESS[kind] });
        } catch (error) {
          if (!(error instanceof StorageError)) throw error;
          request.log.error({ err: error }, "form submission could not be stored");
          options.onStorageError?.();
          return reply.code(503).header("retry-after", String(STORAGE_RETRY_AFTER_S)).send({
            success: false,
            message: "We could not save your enquiry just now, so it was not sent. Please try again in a few minutes, or e-mail us directly.",
          });
        }
      });
    }
  });
}
