/**
 * POST /api/v: the page beacon (src/boot/beacon.ts). Answers 204 with nothing, never a cookie,
 * whatever it was sent; counts a view only of a built page, from a browser that is not a known bot
 * (isbot), within RATE_LIMIT_VIEWS a minute from one client (IPv6 by /64).
 *
 * Unique visitors the way Plausible estimates them: a hash of the day's random salt, the address
 * and the browser (and the page, for a page's visitors). The address is never stored; the salt of
 * a day is deleted once it is over, and its hashes with it, so no visitor can be followed from one
 * day to the next. A browser that asks not to be tracked (Sec-GPC: 1, DNT: 1) is counted as a
 * view, without the estimate. Days and the salt turn over in DIGEST_TIME_ZONE.
 */
import { createHash } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isbot } from "isbot";
import { DAY_MS } from "../env.ts";
import { clientAddress, rateLimitKey } from "../client-address.ts";
import { readBeacon } from "./beacon.ts";
import { addDays, dayIn } from "./report.ts";
import type { HasAnalytics } from "./store.ts";

export const BEACON_ROUTE = "/api/v";
/** Beacons a client may send a minute: far more than a person reads pages, far fewer than a flood. */
export const VIEWS_PER_MINUTE = 60;

export interface AnalyticsOptions {
  store: HasAnalytics;
  /** The built site's pages; with none known (a build before them), nothing is counted. */
  routes: readonly string[];
  timeZone: string;
  retentionDays: number;
  rememberedClients: number;
  now?: () => number;
}

const hash = (...parts: string[]) => createHash("sha256").update(parts.join("\n")).digest("base64url").slice(0, 22);

export function doesNotTrack(request: FastifyRequest): boolean {
  return request.headers["sec-gpc"] === "1" || request.headers.dnt === "1";
}

export async function registerAnalytics(app: FastifyInstance, options: AnalyticsOptions): Promise<void> {
  const { store, timeZone } = options;
  const now = options.now ?? Date.now;
  const routes = new Set(options.routes);
  const salts = new Map<string, Promise<string>>();
  const saltOf = (day: string) => {
    if (!salts.has(day)) {
      salts.clear();
      salts.set(
        day,
        store.analytics.salt(day).catch((error: unknown) => {
          salts.delete(day);
          throw error;
        }),
      );
    }
    return salts.get(day)!;
  };

  await app.register(async (scope) => {
    await scope.register(rateLimit, { global: false, cache: options.rememberedClients });
    const perClient = scope.createRateLimit({ max: VIEWS_PER_MINUTE, timeWindow: 60_000, keyGenerator: rateLimitKey });
    scope.post(BEACON_ROUTE, { bodyLimit: 4096 }, async (request, reply) => {
      reply.code(204);
      const agent = request.headers["user-agent"] ?? "";
      if (agent === "" || isbot(agent)) return;
      const limit = await perClient(request);
      if (!limit.isAllowed && limit.isExceeded) return;
      const view = readBeacon(request.body, routes, request.headers.host);
      if (!view) return;
      const day = dayIn(new Date(now()), timeZone);
      const address = clientAddress(request);
      let visitor;
      if (address && !doesNotTrack(request)) {
        const site = hash(await saltOf(day), address, agent);
        visitor = { site, page: hash(site, view.path) };
      }
      try {
        await store.analytics.record(day, view, visitor);
      } catch (error) {
        request.log.warn({ err: error }, "page view not counted");
      }
    });
  });

  // The days older than RETENTION_DAYS go, and yesterday's salt and hashes: at start and daily.
  const purge = async () => {
    try {
      const today = dayIn(new Date(now()), timeZone);
      const removed = await store.analytics.purge(addDays(today, -options.retentionDays), today);
      if (removed > 0) app.log.info({ rows: removed }, "purged old page-view counts");
    } catch (error) {
      app.log.error({ err: error }, "page-view purge failed");
    }
  };
  const timer = setInterval(() => void purge(), DAY_MS / 4);
  timer.unref();
  app.addHook("onReady", purge);
  app.addHook("onClose", async () => clearInterval(timer));
}
