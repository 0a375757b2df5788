/**
 * The outbox: one row a delivery, `kind` naming its sender (senders/), as a job's name in pg-boss.
 * claimDue hands each due delivery to one caller and moves it one lease ahead: a sender that dies
 * mid-delivery leaves the row to come due again (at-least-once delivery).
 */
import { sql, type ExpressionBuilder, type Kysely, type Updateable } from "kysely";
import type { Tables } from "../database/tables.ts";
import { StoreCore, iso, time, type DeliveryState, type NewDelivery, type StoredSubmission } from "./core.ts";

/**
 * A claimed delivery; `attempts` counts the one being made, `windowStart` is the arrival or last
 * requeue. `submission` is null for a delivery about no one submission (a digest, a summary).
 */
export type DeliveryJob = Pick<DeliveryState, "id" | "kind" | "target" | "attempts"> & {
  payload: unknown;
  windowStart: Date;
  submission: StoredSubmission | null;
};

/** Deliveries still to make (and when the oldest of their enquiries came), and failed for good. */
export type KindStats = { queued: number; oldestQueuedAt: Date | undefined; failed: number };
export type QueueStats = KindStats & { byKind: Record<string, KindStats> };
/** Which deliveries a worker wants: not those it is still making, only kinds it has a sender for. */
export type DueFilter = { exclude?: readonly number[]; kinds?: readonly string[] };

/** Deliveries neither made nor failed, within `filter`. */
const pending =
  ({ exclude = [], kinds }: DueFilter) =>
  (eb: ExpressionBuilder<Tables, "deliveries">) =>
    eb.and([
      eb("sent_at", "is", null),
      eb("failed_at", "is", null),
      ...(exclude.length > 0 ? [eb("id", "not in", exclude)] : []),
      ...(kinds ? [eb("kind", "in", kinds)] : []),
    ]);

/** Queues `deliveries`, due at `at`, of submission `submissionId` (null: about no one submission). */
export async function queueDeliveries(db: Kysely<Tables>, submissionId: number | null, deliveries: readonly NewDelivery[], at: Date): Promise<void> {
  const row = (d: NewDelivery) => ({
    submission_id: submissionId,
    kind: d.kind,
    target: d.target ?? null,
    payload: d.payload === undefined ? null : JSON.stringify(d.payload),
  });
  if (deliveries.length > 0)
    await db
      .insertInto("deliveries")
      .values(deliveries.map((d) => ({ ...row(d), next_attempt_at: iso(at), window_start: iso(at) })))
      .execute();
}

export class DeliveryStore extends StoreCore {
  /**
   * Claims up to `limit` due deliveries for this caller alone: counts the attempt and moves
   * next_attempt_at `leaseMs` ahead, so a row whose sender dies comes due again.
   */
  async claimDue(now: Date, limit: number, leaseMs: number, filter: DueFilter = {}): Promise<DeliveryJob[]> {
    if (filter.kinds?.length === 0) return [];
    const lease = { attempts: sql<number>`attempts + 1`, next_attempt_at: iso(new Date(now.getTime() + leaseMs)) };
    const due = this.db.selectFrom("deliveries").select("id").where(pending(filter)).where("next_attempt_at", "<=", iso(now));
    const claimed = await this.db
      .updateTable("deliveries")
      .set(lease)
      .where("id", "in", this.database.lockDue(due.orderBy("next_attempt_at").orderBy("id").limit(limit)))
      .returning(["id", "submission_id", "kind", "target", "payload", "attempts", "window_start"])
      .execute();
    const ids = [...new Set(claimed.flatMap((r) => (r.submission_id === null ? [] : [r.submission_id])))];
    const rows = ids.length === 0 ? [] : await this.db.selectFrom("submissions").selectAll().where("id", "in", ids).execute();
    const submissions = new Map(rows.map((r) => [r.id, this.toSubmission(r)]));
    // A submission erased since the claim took its deliveries with it.
    return claimed
      .filter((d) => d.submission_id === null || submissions.has(d.submission_id))
      .map((d) => ({
        ...{ id: d.id, kind: d.kind, target: d.target, attempts: d.attempts, payload: this.database.readJson(d.payload) },
        ...{ windowStart: time(d.window_start), submission: d.submission_id === null ? null : submissions.get(d.submission_id)! },
      }))
      .sort((a, b) => a.id - b.id);
  }

  /** Records a delivery as made; a late retry or failure of it changes nothing afterwards. */
  markSent(id: number, outcome: string | undefined, at: Date = new Date()): Promise<void> {
    return this.update(id, { sent_at: iso(at), outcome: outcome ?? null, last_error: null });
  }

  markRetry(id: number, error: string, nextAttemptAt: Date): Promise<void> {
    return this.update(id, { last_error: error, next_attempt_at: iso(nextAttemptAt) });
  }

  markFailed(id: number, error: string, at: Date = new Date()): Promise<void> {
    return this.update(id, { last_error: error, failed_at: iso(at) });
  }

  /** Changes a delivery not yet made, or records it as made. */
  private async update(id: number, set: Updateable<Tables["deliveries"]>): Promise<void> {
    const change = this.db.updateTable("deliveries").set(set).where("id", "=", id);
    await (set.sent_at !== undefined ? change : change.where("sent_at", "is", null)).execute();
  }

  /**
   * Makes failed deliveries due again, each with a fresh retry window: all of them, or those of the
   * given submissions. Resolves to the submission ids requeued, ascending.
   */
  async requeue(which: "failed" | readonly number[], now: Date = new Date()): Promise<number[]> {
    if (which !== "failed" && which.length === 0) return [];
    const fresh = { failed_at: null, attempts: 0, next_attempt_at: iso(now), window_start: iso(now) };
    const rows = await this.db
      .updateTable("deliveries")
      .set(fresh)
      .where("failed_at", "is not", null)
      .where("sent_at", "is", null)
      .$if(which !== "failed", (q) => q.where("submission_id", "in", which as readonly number[]))
      .returning("submission_id")
      .execute();
    return [...new Set(rows.flatMap((r) => (r.submission_id === null ? [] : [r.submission_id])))].sort((a, b) => a - b);
  }

  /** Earliest next_attempt_at of the deliveries still to make. */
  async nextDueAt(filter: DueFilter = {}): Promise<Date | undefined> {
    if (filter.kinds?.length === 0) return undefined;
    const row = await this.db
      .selectFrom("deliveries")
      .select((eb) => eb.fn.min("next_attempt_at").as("due"))
      .where(pending(filter))
      .executeTakeFirst();
    return row?.due == null ? undefined : time(row.due as Date | string);
  }

  /** Deliveries waiting and failed, in all and by kind (for /healthz). */
  async queueStats(): Promise<QueueStats> {
    const rows = await this.db
      .selectFrom("deliveries as d")
      .leftJoin("submissions as s", "s.id", "d.submission_id")
      .where("d.sent_at", "is", null)
      .groupBy("d.kind")
      .select((eb) => [
        "d.kind",
        eb.fn.count<number>(eb.case().when("d.failed_at", "is", null).then(1).end()).as("queued"),
        // A digest has no enquiry: it waits since it was queued.
        eb.fn.min(eb.case().when("d.failed_at", "is", null).then(eb.fn.coalesce("s.created_at", "d.window_start")).end()).as("oldest"),
        eb.fn.count<number>("d.failed_at").as("failed"),
      ])
      .execute();
    const stats: QueueStats = { queued: 0, oldestQueuedAt: undefined, failed: 0, byKind: {} };
    for (const r of rows) {
      const kind = { queued: Number(r.queued), oldestQueuedAt: r.oldest === null ? undefined : time(r.oldest as Date | string), failed: Number(r.failed) };
      stats.byKind[r.kind] = kind;
      stats.queued += kind.queued;
      stats.failed += kind.failed;
      if (kind.oldestQueuedAt && !(stats.oldestQueuedAt && stats.oldestQueuedAt <= kind.oldestQueuedAt)) stats.oldestQueuedAt = kind.oldestQueuedAt;
    }
    return stats;
  }
}
