/**
 * The figures of the weekly summary to sales (weekly-summary.ts writes the mail), and its claim:
 * one summary a week between every instance sharing the database, its mail a delivery of kind
 * "weekly-summary" in the outbox.
 */
import type { FormKind } from "../../forms/kinds.generated.ts";
import { DigestStore } from "./digests.ts";
import { queueDeliveries } from "./deliveries.ts";
import { iso, time, type LeadSource } from "./core.ts";

/** What happened in one week, [from, to). */
export interface WeekFigures {
  enquiries: number;
  byForm: Partial<Record<FormKind, number>>;
  /** By utm_source, else the referring site, else "direct or not known". */
  bySource: Record<string, number>;
  held: number;
  released: number;
  confirmedSpam: number;
  /** Deliveries failed for good in the week, and waiting at its end. */
  failed: number;
  waiting: number;
}

export type SummaryWindow = { from: Date; to: Date };

const sourceName = (source: LeadSource): string => {
  if (source.utmSource) return source.utmSource;
  if (source.referrer && URL.canParse(source.referrer)) return new URL(source.referrer).hostname;
  return "direct or not known";
};

export class SummaryStore extends DigestStore {
  /** Claims week `week` and queues its mail for `window`; false when the week's summary was made already. */
  async createWeeklySummary(week: string, window: SummaryWindow, now: Date): Promise<boolean> {
    return this.write((db) =>
      db.transaction().execute(async (trx) => {
        const made = await trx
          .insertInto("weekly_summaries")
          .values({ week, created_at: iso(now) })
          .onConflict((oc) => oc.column("week").doNothing())
          .returning("week")
          .executeTakeFirst();
        if (!made) return false;
        await queueDeliveries(trx, null, [{ kind: "weekly-summary", payload: { week, from: iso(window.from), to: iso(window.to) } }], now);
        return true;
      }),
    );
  }

  async weekFigures({ from, to }: SummaryWindow): Promise<WeekFigures> {
    const [start, end] = [iso(from), iso(to)];
    const arrived = await this.guard(() =>
      this.db.selectFrom("submissions").select(["kind", "source", "reasons"]).where("created_at", ">=", start).where("created_at", "<", end).execute(),
    );
    const reviewed = await this.guard(() =>
      this.db.selectFrom("submissions").select("review").where("reviewed_at", ">=", start).where("reviewed_at", "<", end).execute(),
    );
    const deliveries = await this.guard(() =>
      this.db
        .selectFrom("deliveries")
        .select(["sent_at", "failed_at"])
        .where("window_start", "<", end)
        .where((eb) => eb.or([eb("sent_at", "is", null), eb("sent_at", ">=", end)]))
        .where((eb) => eb.or([eb("failed_at", "is", null), eb("failed_at", ">=", start)]))
        .execute(),
    );
    const figures: WeekFigures = { enquiries: arrived.length, byForm: {}, bySource: {}, held: 0, released: 0, confirmedSpam: 0, failed: 0, waiting: 0 };
    for (const row of arrived) {
      const kind = row.kind as FormKind;
      const source = sourceName(row.source === null ? {} : (this.database.readJson(row.source) as LeadSource));
      figures.byForm[kind] = (figures.byForm[kind] ?? 0) + 1;
      figures.bySource[source] = (figures.bySource[source] ?? 0) + 1;
      if (row.reasons !== null) figures.held += 1;
    }
    figures.released = reviewed.filter((r) => r.review === "released").length;
    figures.confirmedSpam = reviewed.filter((r) => r.review === "spam").length;
    for (const d of deliveries) {
      const failedAt = d.failed_at === null ? undefined : time(d.failed_at);
      if (failedAt && failedAt < to) figures.failed += 1;
      else figures.waiting += 1;
    }
    return figures;
  }
}
