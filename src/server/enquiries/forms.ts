/**
 * POST /api/mail/send-<kind>, one route a form folder (src/forms/), in two kinds:
 * - JSON (`application/json`), what the form sends with script, answered in JSON;
 * - a plain HTML form post (form-post.ts), what it sends without script, answered with a page
 *   (form-pages.ts): the success toast's words, or the form again with the values sent and the
 *   reasons beside the fields.
 * The routes translate: the request into a kind, a body and its facts for acceptEnquiry (accept.ts),
 * and its outcome into the answer. Checks made before the body is read stay here: cross-site (403),
 * content encoding and charset (415), content type (415), size (413), syntax and bytes that are not
 * UTF-8 (400); the rate limits (429) are asked by the acceptance, once the post is valid.
 */
import rateLimit from "@fastify/rate-limit";
import { errorCodes } from "fastify";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { clientAddress, rateLimitKey } from "../client-address.ts";
import { fieldsNotUtf8, markFormPost, markJson } from "./not-utf8.ts";
import { FORMS } from "../../forms/kinds.generated.ts";
import { propertyOf } from "../../forms/schema.ts";
import { createAcceptEnquiry, refused, type AcceptSettings, type Outcome } from "./accept.ts";
import { crossSiteReason, refererPath } from "./form-origin.ts";
import { loadFormPages } from "./form-pages.ts";
import { FORM_POST_TYPE, formPostErrorMessage, fromPost, isFormPost, parseFormPost, textValues } from "./form-post.ts";
import { FORM_KINDS, formSchemas, summarize, type FormKind } from "./validate.ts";

/** The largest JSON body. */
export const FORM_BODY_LIMIT = 32 * 1024;
/**
 * The largest form post. Percent-encoding writes each byte of non-ASCII text as three characters
 * (a Gujarati letter, three bytes in UTF-8, becomes nine), so a post may be larger than the JSON
 * of the same text; the fields' own limits (the schema) are what refuse an over-long message, beside
 * its field, with the text kept.
 */
export const FORM_POST_BODY_LIMIT = 4 * FORM_BODY_LIMIT;

export const FORM_ROUTES: Readonly<Record<FormKind, string>> = Object.fromEntries(FORM_KINDS.map((kind) => [kind, FORMS[kind].endpoint])) as Record<
  FormKind,
  string
>;

export interface FormsOptions extends AcceptSettings {
  /** Where the build wrote the site: the form answers' render entry is under it. */
  distDir: string;
  /** Submissions per client per minute, 0 = off. */
  perClientPerMinute: number;
  /** Submissions per hour from everyone together, 0 = off. */
  allPerHour: number;
  /** Clients the limiter remembers. */
  rememberedClients: number;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Why the body cannot be read as UTF-8 text, from its headers alone; undefined when it can. */
function unsupportedEncoding(request: FastifyRequest): string | undefined {
  const encoding = request.headers["content-encoding"]?.trim().toLowerCase();
  if (encoding && encoding !== "identity") return `Content-Encoding "${encoding.slice(0, 40)}" is not supported; send the form data uncompressed.`;
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(request.headers["content-type"] ?? "")?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8")
    return `Charset "${charset.slice(0, 40)}" is not supported; send the form data as UTF-8.`;
  return undefined;
}

/** The 400 for a body whose `fields` held bytes that are not UTF-8, each named by its label. */
function notUtf8Refusal(kind: FormKind, fields: string[]): Outcome {
  const errors = fields.map((field) => {
    const label = propertyOf(formSchemas[kind], field)?.title ?? (field ? `"${field.slice(0, 40)}"` : "The form data");
    return { field, message: `${label} holds bytes that are not UTF-8 text; please type it again.` };
  });
  return refused(400, summarize(errors), { errors });
}

const CROSS_SITE_MESSAGE = "This form can only be sent from our own website. Please open the form on our site and send it from there.";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Which form a route takes. */
    formKind?: FormKind;
  }
}

export async function registerForms(app: FastifyInstance, options: FormsOptions): Promise<void> {
  const pages = await loadFormPages(options.distDir);

  /** Answers `outcome` in the kind the post came in: JSON, or a page for a form post. */
  async function answer(request: FastifyRequest, reply: FastifyReply, outcome: Outcome, body?: unknown): Promise<FastifyReply> {
    const kind = request.routeOptions.config.formKind!;
    if (!outcome.accepted && outcome.retryAfterS !== undefined) reply.header("retry-after", String(outcome.retryAfterS));
    reply.code(outcome.accepted ? 200 : outcome.status);
    if (!isFormPost(request)) {
      return reply.send(
        outcome.accepted
          ? { success: true, message: outcome.message, ...(outcome.reference ? { reference: outcome.reference } : {}) }
          : { success: false, message: outcome.message, ...(outcome.errors ? { errors: outcome.errors } : {}) },
      );
    }
    const page = await pages.render({
      endpoint: FORM_ROUTES[kind],
      from: refererPath(request, pages.siteOrigins),
      outcome: outcome.accepted
        ? { sent: true, message: outcome.message, ...(outcome.reference ? { reference: outcome.reference } : {}) }
        : { sent: false, message: outcome.message, errors: outcome.errors ?? [], values: textValues(body) },
    });
    return reply.type(page.type).send(page.body);
  }

  const acceptEnquiry = createAcceptEnquiry(options);

  await app.register(async (scope) => {
    // JSON and form posts only: without this, Fastify's built-in text/plain parser would accept text bodies.
    scope.removeContentTypeParser("text/plain");
    // The routes' body limit is the form post's; JSON keeps its own, smaller one.
    const parseJson = scope.getDefaultJsonParser("error", "error");
    // Both read the bytes, so that bytes that are not UTF-8 are noted (not-utf8.ts) rather than lost as U+FFFD.
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, raw, done) => {
      if ((raw as Buffer).length > FORM_BODY_LIMIT) return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
      parseJson(request, (raw as Buffer).toString("utf8"), (error, body) => (error ? done(error, undefined) : done(null, markJson(body, raw as Buffer))));
    });
    scope.addContentTypeParser(FORM_POST_TYPE, { parseAs: "buffer" }, (_request, raw, done) =>
      done(null, markFormPost(parseFormPost((raw as Buffer).toString("utf8")), raw as Buffer)),
    );

    // The plugin keeps counters in an LRU map: bounded memory, constant time per request, however
    // many addresses a client makes up.
    await scope.register(rateLimit, { global: false, cache: options.rememberedClients });
    const perClient = scope.createRateLimit({ max: options.perClientPerMinute, timeWindow: 60_000, keyGenerator: rateLimitKey });
    const everyone = scope.createRateLimit({ max: options.allPerHour, timeWindow: 3_600_000, keyGenerator: () => "everyone" });
    const limits = [
      ...(options.perClientPerMinute > 0 ? [{ check: perClient, why: "Too many submissions from your address." }] : []),
      ...(options.allPerHour > 0 ? [{ check: everyone, why: "We are receiving unusually many enquiries just now." }] : []),
    ];
    async function overLimit(request: FastifyRequest): Promise<Outcome | undefined> {
      for (const { check, why } of limits) {
        const decision = await check(request);
        if (decision.isAllowed || !decision.isExceeded) continue;
        const wait = Math.max(1, decision.ttlInSeconds);
        request.log.info({ key: decision.key }, "form rate limit reached");
        return refused(429, `${why} Please wait ${plural(wait, "second")} and try again.`, { retryAfterS: wait });
      }
      return undefined;
    }

    scope.addHook("onRequest", async (request, reply) => {
      const crossSite = crossSiteReason(request, pages.siteOrigins);
      if (crossSite) request.log.info({ origin: request.headers.origin, fetchSite: request.headers["sec-fetch-site"] }, `form post refused: ${crossSite}`);
      const unsupported = unsupportedEncoding(request);
      const outcome = (crossSite && refused(403, CROSS_SITE_MESSAGE)) || (unsupported && refused(415, unsupported)) || undefined;
      if (outcome) return answer(request, reply, outcome);
    });
    // What Fastify refuses before the handler (too large, unreadable) in a form post is a page too;
    // everything else goes on to the app's own error handler (JSON under /api).
    scope.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (!isFormPost(request) || reply.sent) throw error;
      const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, "form post failed");
      else request.log.info({ code: error.code, status }, error.message);
      return answer(request, reply, refused(status, formPostErrorMessage(error, FORM_POST_BODY_LIMIT)));
    });

    for (const kind of FORM_KINDS) {
      scope.post(FORM_ROUTES[kind], { bodyLimit: FORM_POST_BODY_LIMIT, config: { formKind: kind } }, async (request, reply) => {
        const body = isFormPost(request) ? fromPost(kind, request.body) : request.body;
        const notUtf8 = fieldsNotUtf8(request.body);
        if (notUtf8.length > 0) return answer(request, reply, notUtf8Refusal(kind, notUtf8), body);
        const facts = {
          ip: clientAddress(request),
          clientKey: rateLimitKey(request),
          userAgent: request.headers["user-agent"],
          scripted: !isFormPost(request),
          overLimit: () => overLimit(request),
          log: request.log,
        };
        return answer(request, reply, await acceptEnquiry(kind, body, facts), body);
      });
    }
  });
}
