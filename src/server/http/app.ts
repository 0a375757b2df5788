/**
 * Builds the Fastify instance: form API, /healthz, static site, JSON errors under /api.
 * The outbox worker is created here but not started: main.ts (or a test) calls app.outbox.start().
 * Closing the app stops the worker, the daily purge and the health monitor, and closes the database.
 */
import Fastify from "fastify";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import type { Config } from "../config.ts";
import { DAY_MS } from "../env.ts";
import { FORM_BODY_LIMIT, FORM_ROUTES, registerForms } from "../enquiries/forms.ts";
import { mailDestination, purgeMailFiles } from "../outbox/mail.ts";
import type { MailTransport } from "../outbox/mail.ts";
import { Alerts, registerHealth } from "./health.ts";
import { OAUTH_ROUTES, registerGitHubOAuth } from "../sign-in/oauth.ts";
import { Outbox } from "../outbox/worker.ts";
import { scheduleDigests } from "../enquiries/digest-schedule.ts";
import { REVIEW_PATH, reviewKey, reviewPath } from "../enquiries/review-link.ts";
import { registerReviewRoutes } from "../enquiries/review-routes.ts";
import { registerStatic } from "./static.ts";
import type { NotFoundHandler } from "./static.ts";
import { securityHeaderSets } from "../../handover/security-policy.ts";
import { clientErrorResponder, responseWithHeaders, timeoutOptions } from "./security.ts";
import type { ServerTimeouts } from "../../handover/security-policy.ts";
import { readBuiltSite } from "../../handover/built-site.ts";
import { createSenders, leadKinds } from "../outbox/senders/index.ts";
import { registerSpamRoutes } from "../spam/routes.ts";
import { EnquiryStore, type ReviewAction } from "../store/index.ts";
import { BEACON_ROUTE, registerAnalytics } from "../analytics/routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    store: EnquiryStore;
    outbox: Outbox;
    /** Looks at the health now and alerts on a change (tests; a timer does it every minute). */
    checkHealth(): Promise<void>;
    /** Queues the day's digest if it is due and not made yet (tests; a timer looks every minute). */
    checkDigest(): Promise<void>;
  }
}

export interface AppOptions {
  config: Config;
  /** Fastify logger setting; default: pino at config.logLevel. Tests pass false. */
  logger?: FastifyServerOptions["logger"];
  /** Replaces the SMTP/.eml transport chosen from config (optional). */
  transport?: MailTransport;
  /** How long app.close() lets deliveries in progress finish. */
  stopGraceMs?: number;
  /** Request timeouts (defaults in security.ts; tests shorten them). */
  timeouts?: Partial<ServerTimeouts>;
  /** The clock of enquiry arrival times, the outbox and the health monitor (tests run it fast). */
  now?: () => number;
}

const SPAM_RETENTION_DAYS = 7;

const API_PREFIX = "/api/";
const KNOWN_API_ROUTES = new Set(Object.values(FORM_ROUTES));

function pathOf(url: string): string {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

function isApi(request: FastifyRequest): boolean {
  const path = pathOf(request.url);
  return path === "/api" || path.startsWith(API_PREFIX);
}

/** Plain words for the errors Fastify raises before a handler runs. */
function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return `The form data is too large; the limit is ${FORM_BODY_LIMIT / 1024} KB. Please shorten your message.`;
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "The form data must be sent as JSON (Content-Type: application/json).";
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return "The request body does not match its Content-Length.";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is empty; the form data must be sent as a JSON object.";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "The request body is not valid JSON.";
    default:
      if (error instanceof SyntaxError) return "The request body is not valid JSON.";
      if (error.statusCode === 415) return "The form data must be sent as JSON (Content-Type: application/json).";
      if (error.statusCode === 413) return "The request body is too large.";
      return "The request could not be processed.";
  }
}

/** Every error answer: `{success: false, message}` under /api, plain text elsewhere; never a stack trace. */
function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, "request failed");
  else request.log.info({ code: error.code, status }, error.message);
  // Also for the refusals made before any hook (a bad %-escape in the address): an error is never cached.
  reply.header("cache-control", "no-store");
  if (isApi(request)) {
    const message =
      status >= 500
        ? "Something went wrong on our side and your form was not saved. Please try again in a few minutes, or e-mail us directly."
        : clientErrorMessage(error);
    return reply.code(status).send({ success: false, message });
  }
  const text = status === 403 ? "403 Forbidden" : status === 400 ? "400 Bad Request" : status >= 500 ? "500 Internal Server Error" : `${status}`;
  return reply.code(status).type("text/plain; charset=utf-8").send(`${text}\n`);
}

/** TRUST_PROXY=<n>: trust the n proxies closest to the server. */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/**
 * A request as its log lines show it (Fastify's own fields), with its secrets left out: the
 * sign-in's query (GitHub's code and state, which would let someone reading the log finish the
 * sign-in) and a review link's token (which releases or marks as spam for 14 days). A page-view
 * beacon's line has no address or port: the privacy notice promises the count never keeps them.
 */
function requestForLog(request: FastifyRequest) {
  const path = pathOf(request.url);
  const line = {
    method: request.method,
    url: path.startsWith(REVIEW_PATH) ? `${REVIEW_PATH}…` : path.startsWith(OAUTH_ROUTES.start) ? path : request.url,
    host: request.host,
  };
  return path.replace(/\/$/, "") === BEACON_ROUTE ? line : { ...line, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

function isHealth(request: FastifyRequest): boolean {
  return pathOf(request.url) === "/healthz";
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const builtSite = readBuiltSite(config.distDir);
  const headers = securityHeaderSets(builtSite);
  const timeouts = timeoutOptions(options.timeouts);
  const logger = options.logger ?? { level: config.logLevel };
  const app: FastifyInstance = Fastify({
    logger: typeof logger === "object" ? { ...logger, serializers: { ...logger.serializers, req: requestForLog } } : logger,
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy || false,
    bodyLimit: FORM_BODY_LIMIT,
    // Request timeouts: a slow or stalled client cannot hold a connection open for long.
    ...timeouts,
    http: { ...timeouts.http, ServerResponse: responseWithHeaders(headers.page) },
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // errors raised before routing, such as a malformed %-escape in the URL
    frameworkErrors: (error, request, reply) => sendError(error, request as FastifyRequest, reply as FastifyReply),
    // errors the HTTP parser raises before Fastify sees a request (bad request line, 408, 431)
    clientErrorHandler: clientErrorResponder(headers.page),
  });

  const store = await EnquiryStore.open(config);
  const alerts = new Alerts(config.alertWebhookUrl, app.log);
  let checkHealth = async () => {};
  let checkHealthSoon = () => {};
  // The digest's links point at the site's address; a server that knows none mails a digest without them.
  const linkKey = reviewKey(config.spam.timeTrap.secret);
  const siteUrl = config.siteUrl ?? builtSite.sales?.siteUrl;
  const reviewLink =
    siteUrl === undefined ? undefined : (id: number, action: ReviewAction, madeAt: Date) => new URL(reviewPath(linkKey, id, action, madeAt), siteUrl).href;
  const kinds = leadKinds({ config, sales: builtSite.sales });
  const outbox = new Outbox(
    store,
    createSenders(config, { transport: options.transport, sales: builtSite.sales, choiceLabels: builtSite.choiceLabels, now: options.now, store, reviewLink }),
    {
      ...config.outbox,
      log: app.log,
      ...(options.stopGraceMs !== undefined ? { stopGraceMs: options.stopGraceMs } : {}),
      ...(options.now ? { now: options.now } : {}),
      onFailed: () => checkHealthSoon(),
    },
  );
  app.decorate("store", store);
  app.decorate("outbox", outbox);
  app.decorate("checkHealth", () => checkHealth());
  const digests = scheduleDigests({ store, outbox, ...config.digest, now: options.now ?? Date.now, log: app.log });
  app.decorate("checkDigest", () => digests.check());

  // Personal data (the .eml files too) is kept RETENTION_DAYS, honeypot counters a week: checked at start and daily.
  const purge = async () => {
    try {
      const now = new Date();
      const removed = {
        ...(await store.purge(now, config.retentionDays, SPAM_RETENTION_DAYS)),
        mailFiles: await purgeMailFiles(config.dataDir, now, config.retentionDays),
      };
      if (Object.values(removed).some((n) => n > 0)) app.log.info(removed, "purged old enquiries, mail files and spam counters");
    } catch (error) {
      app.log.error({ err: error }, "purge failed");
    }
  };
  const purgeTimer = setInterval(() => void purge(), DAY_MS);
  purgeTimer.unref();
  app.addHook("onReady", async () => purge());
  app.addHook("onClose", async () => {
    clearInterval(purgeTimer);
    digests.stop();
    await outbox.stop();
    await store.close();
  });

  app.setErrorHandler(sendError);

  // Enquiries and health are never cached by a browser or proxy.
  app.addHook("onSend", async (request, reply) => {
    if (isApi(request) || isHealth(request)) reply.header("cache-control", "no-store");
  });

  let pageNotFound: NotFoundHandler | undefined;
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (!isApi(request)) return pageNotFound!(request, reply);
    const path = pathOf(request.url).replace(/\/+$/, "");
    if (KNOWN_API_ROUTES.has(path)) {
      return reply
        .code(405)
        .header("allow", "POST")
        .send({ success: false, message: `${request.method} is not allowed here; send the form with POST.` });
    }
    return reply.code(404).send({ success: false, message: `There is no API endpoint at ${path.slice(0, 200)}.` });
  });

  try {
    await registerForms(app, {
      store,
      outbox,
      distDir: config.distDir,
      perClientPerMinute: config.rateLimit,
      allPerHour: config.rateLimitHourly,
      rememberedClients: config.rateLimitKeys,
      onStorageError: () => void checkHealth(),
      ...(options.now ? { now: options.now } : {}),
      spam: config.spam,
      deliveries: kinds,
    });
    await registerSpamRoutes(app, { altcha: config.spam.altcha, timeTrapSecret: config.spam.timeTrap.secret, forms: Object.keys(FORM_ROUTES) });
    ({ check: checkHealth, checkSoon: checkHealthSoon } = registerHealth(app, {
      store,
      outbox,
      alerts,
      token: config.healthToken,
      maxQueueAgeMs: config.healthMaxQueueAgeMs,
      mailDelivery: config.mailDelivery,
      mail: mailDestination(config),
      ...(options.now ? { now: options.now } : {}),
    }));
    registerReviewRoutes(app, { store, outbox, key: linkKey, kinds, now: options.now ?? Date.now, siteOrigins: siteUrl === undefined ? [] : [siteUrl] });
    // The callback from the settings: GITHUB_OAUTH_CALLBACK_URL, else the site's address (SITE_URL or siteUrl).
    const callbackUrl = config.githubOAuth?.callbackUrl ?? (siteUrl === undefined ? undefined : new URL(OAUTH_ROUTES.callback, siteUrl).href);
    registerGitHubOAuth(app, config.githubOAuth && { ...config.githubOAuth, callbackUrl }, config.spam.timeTrap.secret);
    await registerAnalytics(app, {
      ...{ store, routes: builtSite.routes ?? [], timeZone: config.timeZone, retentionDays: config.retentionDays },
      ...{ rememberedClients: config.rateLimitKeys, ...(options.now ? { now: options.now } : {}) },
    });
    pageNotFound = await registerStatic(app, { distDir: config.distDir, redirects: builtSite.redirects, headers });
    await app.ready();
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}
