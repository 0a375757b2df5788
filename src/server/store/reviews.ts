/**
 * What reaches sales about the enquiries besides each one's own mail: the digests of held ones
 * (digest-mail.ts writes the mail), what a person decided about a held one (release, spam), and the
 * weekly summary's figures (weekly-summary.ts). Each mail is one delivery in the outbox, made,
 * retried and counted like the others, and each is claimed once between every instance sharing the
 * database: a digest's `day` and a summary's `week` are unique keys.
 */
import type { FormKind } from "../../forms/kinds.generated.ts";
import { DeliveryStore, queueDeliveries } from "./deliveries.ts";
import type { LeadSource } from "../../forms/schema.ts";
import { iso, lower, time, type NewDelivery } from "./core.ts";
import { topSources } from "./top-sources.ts";
import { enquirySource } from "../analytics/beacon.ts";

/** `day`: the daily digest's (YYYY-MM-DD where it is sent), null for one asked for (--digest). */
export type DigestInfo = { id: number; day: string | null; createdAt: Date };
export type SummaryWindow = { from: Date; to: Date };

/** What happened in one week, [from, to). */
export interface WeekFigures {
  enquiries: number;
  byForm: Partial<Record<FormKind, number>>;
  /** By utm_source, else the referring site, else "direct or not known" (enquirySource, as the site's tables name them). */
  bySource: Record<string, number>;
  held: number;
  released: number;
  confirmedSpam: number;
  /** Deliveries failed for good in the week, and waiting at its end. */
  failed: number;
  waiting: number;
}

export class ReviewStore extends DeliveryStore {
  /**
   * Makes a digest of the enquiries held and not yet shown, and queues its mail when it lists any.
   * Not yet shown: not reviewed, and listed in no digest whose mail went out (one refused or failed
   * lists nothing; a sent one may have listed only part of its enquiries: digestSent).
   * A `day` is taken even when nothing was held, so that day's digest is not sent later in the day;
   * a second call for it makes nothing and resolves to undefined.
   */
  async createDigest(day: string | null, now: Date): Promise<{ id: number; held: number } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const made = await trx
        .insertInto("digests")
        .values({ day, created_at: iso(now) })
        .onConflict((oc) => oc.column("day").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!made) return undefined;
      const listed = await trx
        .updateTable("submissions")
        .set({ digest_id: made.id })
        .where("state", "=", "quarantined")
        .where("review", "is", null)
        .where((eb) =>
          eb.or([
            eb("digest_id", "is", null),
            eb("digest_id", "in", eb.selectFrom("digests").select("id").where("sent_at", "is", null).where("id", "<>", made.id)),
          ]),
        )
        .executeTakeFirst();
      const held = Number(listed.numUpdatedRows);
      if (held > 0) await queueDeliveries(trx, null, [{ kind: "digest", payload: { digest: made.id } }], now);
      return { id: made.id, held };
    });
  }

  /**
   * The enquiries digest `id` lists in full, at most `limit`: the most likely real first (the fewest
   * doubts), then the newest. `total`: how many it holds in all.
   */
  async digestListing(id: number, limit: number): Promise<{ ids: number[]; total: number }> {
    const rows = await this.db.selectFrom("submissions").select(["id", "reasons", "created_at"]).where("digest_id", "=", id).execute();
    const doubts = (reasons: unknown) => {
      const list = reasons === null ? [] : this.database.readJson(reasons);
      return Array.isArray(list) ? list.length : 0;
    };
    const ranked = rows
      .map((row) => ({ id: row.id, doubts: doubts(row.reasons), at: time(row.created_at).getTime() }))
      .sort((a, b) => a.doubts - b.doubts || b.at - a.at || b.id - a.id);
    return { ids: ranked.slice(0, limit).map((row) => row.id), total: rows.length };
  }

  /**
   * Digest `id`'s mail went out listing `shown`: the rest of its enquiries are let go, for the next
   * digest to list. Resolves to how many were let go.
   */
  async digestSent(id: number, shown: readonly number[], now: Date): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("digests")
        .set({ sent_at: iso(now) })
        .where("id", "=", id)
        .execute();
      const rest = await trx
        .updateTable("submissions")
        .set({ digest_id: null })
        .where("digest_id", "=", id)
        .$if(shown.length > 0, (q) => q.where("id", "not in", shown))
        .executeTakeFirst();
      return Number(rest.numUpdatedRows);
    });
  }

  /** Enquiries held since `since` (reviewed or not): what the held budget counts between every instance. */
  async heldSince(since: Date): Promise<number> {
    const row = await this.db
      .selectFrom("submissions")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("reasons", "is not", null)
      .where("created_at", ">=", iso(since))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The digests that listed an enquiry from `email` (their mails hold the sender's name and address), or digest `id`. */
  async digests(which: { email: string } | { id: number }): Promise<DigestInfo[]> {
    const rows = await this.db
      .selectFrom("digests")
      .selectAll()
      .where("id", "in", "id" in which ? [which.id] : this.db.selectFrom("submissions").select("digest_id").where("email", "=", lower(which.email)))
      .orderBy("id")
      .execute();
    return rows.map((row) => ({ id: row.id, day: row.day, createdAt: time(row.created_at) }));
  }

  /**
   * Decides about a held enquiry not yet reviewed: "released" sends it on (accepted, `deliveries`
   * queued, due now); "spam" keeps it held until purge() removes it. False when there is no such
   * enquiry `id` (never was, already reviewed, or purged).
   */
  async review(id: number, action: "released" | "spam", now: Date, deliveries: readonly NewDelivery[] = []): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const reviewed = await trx
        .updateTable("submissions")
        .set({ review: action, reviewed_at: iso(now), ...(action === "released" ? { state: "accepted" } : {}) })
        .where("id", "=", id)
        .where("state", "=", "quarantined")
        .where("review", "is", null)
        .executeTakeFirst();
      if (reviewed.numUpdatedRows === 0n) return false;
      if (action === "released") await queueDeliveries(trx, id, deliveries, now);
      return true;
    });
  }

  /** Claims week `week` and queues its mail for `window`; false when the week's summary was made already. */
  async createWeeklySummary(week: string, window: SummaryWindow, now: Date): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const made = await trx
        .insertInto("weekly_summaries")
        .values({ week, created_at: iso(now) })
        .onConflict((oc) => oc.column("week").doNothing())
        .returning("week")
        .executeTakeFirst();
      if (made) await queueDeliveries(trx, null, [{ kind: "weekly-summary", payload: { week, from: iso(window.from), to: iso(window.to) } }], now);
      return made !== undefined;
    });
  }

  async weekFigures({ from, to }: SummaryWindow): Promise<WeekFigures> {
    const [start, end] = [iso(from), iso(to)];
    const [arrived, reviewed, deliveries] = await Promise.all([
      this.db.selectFrom("submissions").select(["kind", "source", "reasons"]).where("created_at", ">=", start).where("created_at", "<", end).execute(),
      this.db.selectFrom("submissions").select("review").where("reviewed_at", ">=", start).where("reviewed_at", "<", end).execute(),
      this.db
        .selectFrom("deliveries")
        .select("failed_at")
        .where("window_start", "<", end)
        .where((eb) =>
          eb.and([eb.or([eb("sent_at", "is", null), eb("sent_at", ">=", end)]), eb.or([eb("failed_at", "is", null), eb("failed_at", ">=", start)])]),
        )
        .execute(),
    ]);
    const count = <K extends string>(into: Partial<Record<K, number>>, key: K) => (into[key] = (into[key] ?? 0) + 1);
    const figures: WeekFigures = { enquiries: arrived.length, byForm: {}, bySource: {}, held: 0, released: 0, confirmedSpam: 0, failed: 0, waiting: 0 };
    for (const row of arrived) {
      count(figures.byForm, row.kind as FormKind);
      count(figures.bySource, enquirySource(row.source === null ? {} : (this.database.readJson(row.source) as LeadSource)));
      if (row.reasons !== null) figures.held += 1;
    }
    figures.bySource = topSources(figures.bySource);
    figures.released = reviewed.filter((r) => r.review === "released").length;
    figures.confirmedSpam = reviewed.filter((r) => r.review === "spam").length;
    for (const d of deliveries) {
      if (d.failed_at !== null && time(d.failed_at) < to) figures.failed += 1;
      else figures.waiting += 1;
    }
    return figures;
  }
}
