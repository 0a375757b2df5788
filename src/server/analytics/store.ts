/**
 * The analytics tables (migration 009): per day, views and visitors per page, landings per page
 * and source, Web Vitals histograms per page; the day's salt and its visitors' salted hashes,
 * deleted once the day is over. Written once for both databases, like the enquiry store.
 *
 * Bounded under a flood, whatever a bot makes up: pages are the built site's routes, a day keeps
 * at most MAX_SOURCES sources (landing, source, medium, campaign), the rest counted as "other",
 * and at most MAX_VISITORS visitors' hashes (past them views still count, new visitors do not).
 * The caps are checked against counters each instance keeps for the day (one query a day to start
 * them): with several instances a day holds at most that many times the caps.
 */
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { LeadSource } from "../../forms/schema.ts";
import type { Tables } from "../database/tables.ts";
import { OTHER, type PageView } from "./beacon.ts";
import { bucketOf, METRICS, type Metric } from "./vitals.ts";

export const MAX_SOURCES = 500;
export const MAX_VISITORS = 100_000;

/** The visitor's hashes for the day: for the site and for the page (none when they asked not to be tracked). */
export interface Visitor {
  site: string;
  page: string;
}

export interface DayCounts {
  pages: Array<{ path: string; views: number; visitors: number }>;
  sources: Array<{ landing: string; source: string; medium: string; campaign: string; visits: number }>;
  vitals: Array<{ path: string; metric: Metric; bucket: number; samples: number }>;
}

/** What the analytics' routes and reports are handed: a store with the analytics tables (the enquiry store, store/enquiries.ts, has them). */
export interface HasAnalytics {
  readonly analytics: AnalyticsStore;
}

export class AnalyticsStore {
  private today: { day: string; sources: Set<string>; visitors: number } | undefined;
  /** The day's caps (a test lowers them to reach them). */
  limits = { sources: MAX_SOURCES, visitors: MAX_VISITORS };

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly readJson: (value: unknown) => unknown,
  ) {}

  /** The salt of `day`, made by the first instance that needs it; every earlier day's salt and hashes are deleted. */
  async salt(day: string): Promise<string> {
    await this.db
      .insertInto("analytics_salts")
      .values({ day, salt: randomBytes(32).toString("base64") })
      .onConflict((oc) => oc.column("day").doNothing())
      .execute();
    const { salt } = await this.db.selectFrom("analytics_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
    await this.forgetBefore(day);
    return salt;
  }

  /** Deletes the salts and visitors' hashes of the days before `day`: yesterday's hashes can no longer be linked to anyone. */
  async forgetBefore(day: string): Promise<void> {
    await this.db.deleteFrom("analytics_salts").where("day", "<", day).execute();
    await this.db.deleteFrom("analytics_seen").where("day", "<", day).execute();
  }

  private async dayCounters(day: string) {
    if (this.today?.day === day) return this.today;
    const [sources, seen] = await Promise.all([
      this.db.selectFrom("analytics_sources").select(["landing", "source", "medium", "campaign"]).where("day", "=", day).execute(),
      this.db
        .selectFrom("analytics_seen")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("day", "=", day)
        .executeTakeFirst(),
    ]);
    this.today = { day, sources: new Set(sources.map((s) => sourceKey(s))), visitors: Number(seen?.n ?? 0) };
    return this.today;
  }

  /** Counts one page view on `day`; `visitor` undefined: counted without the unique estimate (Sec-GPC, DNT). */
  async record(day: string, view: PageView, visitor: Visitor | undefined): Promise<void> {
    const counters = await this.dayCounters(day);
    const landing = view.landing && { landing: view.path, ...view.landing };
    if (landing && !counters.sources.has(sourceKey(landing))) {
      if (counters.sources.size >= this.limits.sources) Object.assign(landing, { source: OTHER, medium: "", campaign: "" });
      counters.sources.add(sourceKey(landing));
    }
    const fresh = { site: false, page: false };
    await this.db.transaction().execute(async (trx) => {
      if (visitor && counters.visitors < this.limits.visitors) {
        const seen = await trx
          .insertInto("analytics_seen")
          .values([
            { day, visitor: visitor.site },
            { day, visitor: visitor.page },
          ])
          .onConflict((oc) => oc.columns(["day", "visitor"]).doNothing())
          .returning("visitor")
          .execute();
        fresh.site = seen.some((s) => s.visitor === visitor.site);
        fresh.page = seen.some((s) => s.visitor === visitor.page);
        counters.visitors += seen.length;
      }
      for (const [path, isNew] of [
        ["", fresh.site],
        [view.path, fresh.page],
      ] as const) {
        await trx
          .insertInto("analytics_pages")
          .values({ day, path, views: 1, visitors: isNew ? 1 : 0 })
          .onConflict((oc) =>
            oc.columns(["day", "path"]).doUpdateSet({ views: sql`analytics_pages.views + 1`, visitors: sql`analytics_pages.visitors + ${isNew ? 1 : 0}` }),
          )
          .execute();
      }
      if (landing)
        await trx
          .insertInto("analytics_sources")
          .values({ day, ...landing, visits: 1 })
          .onConflict((oc) => oc.columns(["day", "landing", "source", "medium", "campaign"]).doUpdateSet({ visits: sql`analytics_sources.visits + 1` }))
          .execute();
      for (const metric of METRICS) {
        const value = view.vitals[metric];
        if (value === undefined) continue;
        await trx
          .insertInto("analytics_vitals")
          .values({ day, path: view.path, metric, bucket: bucketOf(metric, value), samples: 1 })
          .onConflict((oc) => oc.columns(["day", "path", "metric", "bucket"]).doUpdateSet({ samples: sql`analytics_vitals.samples + 1` }))
          .execute();
      }
    });
  }

  /** Everything counted on the days from `from` up to `to` (YYYY-MM-DD, `to` not included), summed over the days. */
  async counts(from: string, to: string): Promise<DayCounts> {
    const [pages, sources, vitals] = await Promise.all([
      this.db
        .selectFrom("analytics_pages")
        .where("day", ">=", from)
        .where("day", "<", to)
        .select((eb) => ["path", eb.fn.sum<number>("views").as("views"), eb.fn.sum<number>("visitors").as("visitors")])
        .groupBy("path")
        .execute(),
      this.db
        .selectFrom("analytics_sources")
        .where("day", ">=", from)
        .where("day", "<", to)
        .select((eb) => ["landing", "source", "medium", "campaign", eb.fn.sum<number>("visits").as("visits")])
        .groupBy(["landing", "source", "medium", "campaign"])
        .execute(),
      this.db
        .selectFrom("analytics_vitals")
        .where("day", ">=", from)
        .where("day", "<", to)
        .select((eb) => ["path", "metric", "bucket", eb.fn.sum<number>("samples").as("samples")])
        .groupBy(["path", "metric", "bucket"])
        .execute(),
    ]);
    return {
      pages: pages.map((p) => ({ path: p.path, views: Number(p.views), visitors: Number(p.visitors) })),
      sources: sources.map((s) => ({ ...s, visits: Number(s.visits) })),
      vitals: vitals.map((v) => ({ path: v.path, metric: v.metric as Metric, bucket: Number(v.bucket), samples: Number(v.samples) })),
    };
  }

  /** The accepted enquiries that arrived in [from, to), with where their visit came from (their source, src/ui/lead-source.ts). */
  async enquiries(from: Date, to: Date): Promise<Array<{ createdAt: Date; source: LeadSource }>> {
    const rows = await this.db
      .selectFrom("submissions")
      .select(["created_at", "source"])
      .where("state", "=", "accepted")
      .where("created_at", ">=", from.toISOString())
      .where("created_at", "<", to.toISOString())
      .execute();
    return rows.map((r) => ({ createdAt: new Date(r.created_at), source: (r.source === null ? {} : this.readJson(r.source)) as LeadSource }));
  }

  /** Removes the days before `day` (RETENTION_DAYS ago), with every salt and hash of a day before today. */
  async purge(day: string, today: string): Promise<number> {
    let removed = 0;
    for (const table of ["analytics_pages", "analytics_sources", "analytics_vitals"] as const)
      removed += Number((await this.db.deleteFrom(table).where("day", "<", day).executeTakeFirst()).numDeletedRows);
    await this.forgetBefore(today);
    return removed;
  }

  /** Rows in each analytics table (the flood test, and whoever wonders how much is kept). */
  async size(): Promise<Record<string, number>> {
    const tables = ["analytics_salts", "analytics_seen", "analytics_pages", "analytics_sources", "analytics_vitals"] as const;
    const counts = await Promise.all(
      tables.map((t) =>
        this.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ),
    );
    return Object.fromEntries(tables.map((t, i) => [t, Number(counts[i]!.n)]));
  }
}

const sourceKey = (s: { landing: string; source: string; medium: string; campaign: string }) => JSON.stringify([s.landing, s.source, s.medium, s.campaign]);
