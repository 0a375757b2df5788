/**
 * POST /api/mail/send-<kind>, one route a form folder (src/forms/), in two kinds:
 * - JSON (`application/json`), what the form sends with script, answered in JSON;
 * - a plain HTML form post (`application/x-www-form-urlencoded`), what it sends without script,
 *   answered with a page (form-pages.ts): the success toast's words, or the form again with the
 *   values sent and the reasons beside the fields.
 * Both go through `receive`, with the same limits, honeypot, validation and store; only the answer differs.
 *
 * Order of checks: cross-site (403), content encoding and charset (415), content type (415), size
 * (413), syntax and bytes that are not UTF-8 (400), the honeypot, the schema (400); only then the rate limits (429), so a post
 * that could never be a lead spends no visitor's budget. Then the spam verdict (spam/verdict.ts): clear spam is counted and
 * answered as sent but not stored; a doubtful post (one sent very fast, or with a time token or proof
 * of work an earlier enquiry carried, among others) is stored in quarantine, answered as sent, and
 * not delivered until released; the rest is stored with its deliveries (the sales mail, the
 * visitor's receipt within its daily limit, the webhook when set up). Every kept enquiry's answer
 * carries its reference, LA-<year>-<number>. A submission is answered as sent only once it is committed to the
 * store; the outbox worker mails it afterwards. A store that cannot take the write answers 503
 * with Retry-After, so the visitor knows to try again.
 */
import rateLimit from "@fastify/rate-limit";
import { errorCodes } from "fastify";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { clientAddress, rateLimitKey } from "../http/client-address.ts";
import { crossSiteReason, refererPath } from "./form-origin.ts";
import { loadFormPages } from "./form-pages.ts";
import { fieldsNotUtf8, markFormPost, markJson } from "../http/not-utf8.ts";
import { referenceFor } from "./reference.ts";
import type { FieldProblem } from "../../handover/form-answer.ts";
import type { Outbox } from "../outbox/worker.ts";
import { leadDeliveries, type OptionalKinds } from "./lead-deliveries.ts";
import { receiptAddressKey } from "../outbox/receipt.ts";
import type { SpamSettings } from "../spam/settings.ts";
import { judgePost } from "../spam/verdict.ts";
import { heldBudget } from "../spam/held-budget.ts";
import { altchaFinding } from "../spam/altcha.ts";
import { timeTrapFinding } from "../spam/time-trap.ts";
import type { Finding } from "../spam/findings.ts";
import { ReplayedError, StorageError } from "../store/index.ts";
import type { EnquiryStore } from "../store/index.ts";
import { FIELD_TYPES } from "../../forms/field-types.ts";
import { FORMS } from "../../forms/kinds.generated.ts";
import { HONEYPOT, propertyOf } from "../../forms/schema.ts";
import { FORM_KINDS, SOURCE_FIELDS, emailOf, fieldsOf, formSchemas, summarize, validateForm } from "./validate.ts";
import type { FormKind, LeadSource } from "./validate.ts";

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
const SUCCESS = (kind: FormKind) => formSchemas[kind]["x-form"].success;

const STORAGE_RETRY_AFTER_S = 120;

export interface FormsOptions {
  store: EnquiryStore;
  outbox: Outbox;
  /** Where the build wrote the site: the form answers' render entry is under it. */
  distDir: string;
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
  /** The spam defence (spam/settings.ts); the store is its repeat ledger and replay guard. */
  spam: SpamSettings;
  /** Which deliveries beside the sales mail an accepted enquiry gets (senders/index.ts optionalKinds). */
  deliveries: OptionalKinds;
}

/** What came of a post, whichever kind: the answer (JSON or a page) is made from it. */
export type Outcome =
  { accepted: true; message: string; reference?: string } | { accepted: false; status: number; message: string; errors?: FieldProblem[]; retryAfterS?: number };

const refused = (status: number, message: string, extra: { errors?: FieldProblem[]; retryAfterS?: number } = {}): Outcome => ({
  accepted: false,
  status,
  message,
  ...extra,
});

/** The finding for a single-use token an earlier enquiry carried: a time token (t1.… or t2.…) or an ALTCHA nonce. */
function reusedFinding(token: string, spam: SpamSettings): Finding {
  return /^t[12]\./.test(token) ? timeTrapFinding({ outcome: "reused" }, spam.timeTrap)! : altchaFinding({ outcome: "replayed" })!;
}

/** The media type a browser posts a form without script in. */
const FORM_POST_TYPE = "application/x-www-form-urlencoded";

/** Whether `request` is a plain HTML form post, answered with a page. */
export function isFormPost(request: FastifyRequest): boolean {
  return (request.headers["content-type"] ?? "").split(";", 1)[0]!.trim().toLowerCase() === FORM_POST_TYPE;
}

/**
 * A form post's fields, as the browser wrote them (the WHATWG urlencoded format, which
 * URLSearchParams reads exactly). A name sent twice keeps both values, which the schema refuses as
 * not text. A form post writes every line break as CR LF; the page's own script sends LF, so the
 * same text is stored the same way either way.
 */
export function parseFormPost(text: string): Record<string, string | string[]> {
  // No prototype: a field named "__proto__" is just an unknown field.
  const fields = Object.create(null) as Record<string, string | string[]>;
  for (const [name, raw] of new URLSearchParams(text)) {
    const value = raw.replace(/\r\n/g, "\n");
    const earlier = fields[name];
    fields[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  return fields;
}

/**
 * A form post's fields as the payload holds them (field-types.ts): a ticked checkbox posts "on"
 * and an unticked one nothing, where the page's script sends true or false.
 */
function fromPost(kind: FormKind, body: unknown): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
  const fields = { ...(body as Record<string, unknown>) };
  for (const { name, type } of fieldsOf(formSchemas[kind])) {
    const raw = fields[name];
    if (type === "checkbox" && (raw === undefined || typeof raw === "string")) fields[name] = FIELD_TYPES.checkbox.fromPost(raw);
  }
  return fields;
}

/** The values of a parsed body, to draw the form again with: text as sent, a ticked box as "on". */
function textValues(body: unknown): Record<string, string> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return {};
  return Object.fromEntries(
    Object.entries(body).flatMap(([name, value]): Array<[string, string]> =>
      typeof value === "string" ? [[name, value]] : value === true ? [[name, "on"]] : [],
    ),
  );
}

function isHoneypotFilled(body: unknown): boolean {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return false;
  const honeypot = (body as Record<string, unknown>)[HONEYPOT];
  return honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== "";
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

/** A form post Fastify refused before the handler (too large, broken): its page says so in words. */
function formPostErrorMessage(error: FastifyError): string {
  if (error.statusCode === 413) return `The form is too large to send (over ${FORM_POST_BODY_LIMIT / 1024} KB). Please shorten your message and send it again.`;
  if (error.statusCode !== undefined && error.statusCode < 500) return "The form could not be read. Please send it again.";
  return "Something went wrong on our side and your form was not saved. Please try again in a few minutes, or e-mail us directly.";
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
  const { store, outbox } = options;
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

  const content = { ...options.spam, ledger: store };
  const takeHeld = heldBudget(options.spam.held, (since) => store.heldSince(since));
  /** The refusal of a post to be held over the held budget (held-budget.ts), if it is. */
  const overHeldBudget = async (request: FastifyRequest, at: Date) => {
    const over = await takeHeld(rateLimitKey(request), at);
    if (over) request.log.info({ key: rateLimitKey(request) }, "held-post budget reached: refused, not stored");
    return over && refused(429, `${over.message} Please try again later, or e-mail us directly.`, { retryAfterS: over.retryAfterS });
  };

  /** A bot is answered as if sent, whether or not its hit could be counted. */
  const countSpam = (kind: FormKind, at: Date, request: FastifyRequest) =>
    store.recordSpam(kind, at).catch((error: unknown) => request.log.error({ err: error }, "honeypot hit could not be counted"));

  /** Everything a post goes through once its body is read, whichever kind it came in. */
  async function receive(
    kind: FormKind,
    request: FastifyRequest,
    body: unknown,
    overLimit: (request: FastifyRequest) => Promise<Outcome | undefined>,
  ): Promise<Outcome> {
    try {
      const receivedAt = new Date(options.now?.() ?? Date.now());
      if (isHoneypotFilled(body)) {
        await countSpam(kind, receivedAt, request);
        request.log.info({ kind }, "honeypot filled: counted as spam");
        return { accepted: true, message: SUCCESS(kind) };
      }
      const result = validateForm(kind, body);
      if (!result.ok) return refused(400, summarize(result.errors), { errors: result.errors });
      const limited = await overLimit(request);
      if (limited) return limited;
      const { timeToken, altcha, ...rest } = result.value as Record<string, unknown> & { timeToken?: string; altcha?: string };
      const source: LeadSource = {};
      const typed: Record<string, unknown> = {};
      const fields = fieldsOf(formSchemas[kind]);
      for (const [field, value] of Object.entries(rest)) {
        if ((SOURCE_FIELDS as readonly string[]).includes(field)) {
          if (value) source[field as keyof LeadSource] = String(value);
        } else if (value !== undefined && fields.some((f) => f.name === field)) typed[field] = value;
      }
      const email = emailOf(formSchemas[kind], typed);
      // What the spam checks read: the one-line text the visitor typed, and the multi-line text as the message.
      const textOf = (test: (f: (typeof fields)[number]) => boolean) =>
        fields.filter((f) => test(f) && typeof typed[f.name] === "string").map((f) => typed[f.name] as string);
      const message = textOf((f) => FIELD_TYPES[f.type].multiline).join("\n\n");
      const scripted = !isFormPost(request);
      // The single-use tokens are claimed as the enquiry is stored, in the same transaction (insertSubmission).
      const tokens: Array<{ token: string; expiresAt: Date }> = [];
      const replayGuard = { claim: (token: string, expiresAtMs: number) => (tokens.push({ token, expiresAt: new Date(expiresAtMs) }), true) };
      const verdict = await judgePost(
        {
          form: kind,
          text: { email, lines: textOf((f) => f.type === "text"), message },
          honeypot: "",
          scripted,
          ...(timeToken !== undefined ? { timeToken } : {}),
          ...(altcha !== undefined ? { altcha } : {}),
          // The wall clock, as the time tokens and challenges are signed with (the store's clock may run fast in tests).
          receivedAt: new Date(),
        },
        { timeTrap: options.spam.timeTrap, altcha: options.spam.altcha, replayGuard, content },
      );
      let reasons = verdict.reasons;
      if (verdict.decision === "spam") {
        await countSpam(kind, receivedAt, request);
        request.log.info({ kind, scripted, reasons: reasons.map((f) => f.code) }, "judged spam: counted, not stored");
        return { accepted: true, message: SUCCESS(kind) };
      }
      const stored = {
        kind,
        payload: typed,
        ip: clientAddress(request),
        userAgent: request.headers["user-agent"]?.slice(0, 500),
        createdAt: receivedAt,
        fingerprint: verdict.fingerprint,
        email,
        receiptKey: receiptAddressKey(email),
        source,
      };
      const held = { ...stored, quarantine: { reasons } };
      const overBudget = reasons.length > 0 ? await overHeldBudget(request, receivedAt) : undefined;
      if (overBudget) return overBudget;
      let id: number;
      try {
        id = await store.insertSubmission(
          reasons.length > 0
            ? { ...held, tokens }
            : { ...stored, tokens, deliveries: await leadDeliveries(store, options.deliveries, email, receivedAt, scripted) },
        );
      } catch (error) {
        if (!(error instanceof ReplayedError)) throw error;
        // A token that already carried an enquiry: a person pressing Send twice, or a robot replaying; held either way.
        reasons = [...reasons, ...error.reused.map((token) => reusedFinding(token, options.spam))];
        const over = verdict.reasons.length === 0 ? await overHeldBudget(request, receivedAt) : undefined;
        if (over) return over;
        id = await store.insertSubmission({ ...held, quarantine: { reasons } });
      }
      const quarantined = reasons.length > 0;
      if (!quarantined) outbox.nudge();
      const reference = referenceFor(id, receivedAt);
      const codes = reasons.map((f) => f.code);
      request.log.info(
        { submission: id, reference, kind, formPost: !scripted, ...(quarantined ? { quarantined, reasons: codes } : {}) },
        "form submission stored",
      );
      return { accepted: true, message: `${SUCCESS(kind)} Your reference is ${reference}.`, reference };
    } catch (error) {
      if (!(error instanceof StorageError)) throw error;
      request.log.error({ err: error }, "form submission could not be stored");
      options.onStorageError?.();
      return refused(503, "We could not save your enquiry just now, so it was not sent. Please try again in a few minutes, or e-mail us directly.", {
        retryAfterS: STORAGE_RETRY_AFTER_S,
      });
    }
  }

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
      return answer(request, reply, refused(status, formPostErrorMessage(error)));
    });

    for (const kind of FORM_KINDS) {
      scope.post(FORM_ROUTES[kind], { bodyLimit: FORM_POST_BODY_LIMIT, config: { formKind: kind } }, async (request, reply) => {
        const body = isFormPost(request) ? fromPost(kind, request.body) : request.body;
        const notUtf8 = fieldsNotUtf8(request.body);
        if (notUtf8.length > 0) return answer(request, reply, notUtf8Refusal(kind, notUtf8), body);
        return answer(request, reply, await receive(kind, request, body, overLimit), body);
      });
    }
  });
}
