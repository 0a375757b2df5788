/**
 * Held enquiries put before a person: the digests (digest-mail.ts writes the mail), each listing
 * every quarantined enquiry no digest listed yet, its mail one delivery of kind "digest" in the
 * outbox, made, retried and counted like the others; and what the person decided (release, spam).
 */
import { DeliveryStore, queueDeliveries } from "./deliveries.ts";
import { iso, time, type NewDelivery } from "./core.ts";

export interface DigestInfo {
  id: number;
  /** The daily digest's day (YYYY-MM-DD where it is sent), null for one asked for (--digest). */
  day: string | null;
  createdAt: Date;
}

export class DigestStore extends DeliveryStore {
  /**
   * Makes a digest of the enquiries held since the last one, and queues its mail when it lists any,
   * in one transaction. A `day` is taken once across every instance sharing the database (a unique
   * key): a second call for it makes nothing and resolves to undefined. The day is taken even when
   * nothing was held, so that day's digest is not sent later in the day.
   */
  async createDigest(day: string | null, now: Date): Promise<{ id: number; held: number } | undefined> {
    return this.write((db) =>
      db.transaction().execute(async (trx) => {
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
          .where("digest_id", "is", null)
          .executeTakeFirst();
        const held = Number(listed.numUpdatedRows);
        if (held > 0) await queueDeliveries(trx, null, [{ kind: "digest", payload: { digest: made.id } }], now);
        return { id: made.id, held };
      }),
    );
  }

  /**
   * Sends a quarantined enquiry on: it becomes accepted, recorded as released, and `deliveries` are
   * queued, due now. False when there is no quarantined enquiry `id` not yet reviewed (never was,
   * already released, confirmed spam, or purged).
   */
  async release(id: number, deliveries: readonly NewDelivery[], now: Date = new Date()): Promise<boolean> {
    return this.write((db) =>
      db.transaction().execute(async (trx) => {
        const released = await trx
          .updateTable("submissions")
          .set({ state: "accepted", review: "released", reviewed_at: iso(now) })
          .where("id", "=", id)
          .where("state", "=", "quarantined")
          .where("review", "is", null)
          .executeTakeFirst();
        if (released.numUpdatedRows === 0n) return false;
        await queueDeliveries(trx, id, deliveries, now);
        return true;
      }),
    );
  }

  /** Marks a held enquiry not yet reviewed as confirmed spam: kept held, removed by purge(); false when there is none. */
  async markSpam(id: number, now: Date): Promise<boolean> {
    const marked = await this.write(
      (db) =>
        db
          .updateTable("submissions")
          .set({ review: "spam", reviewed_at: iso(now) })
          .where("id", "=", id)
          .where("state", "=", "quarantined")
          .where("review", "is", null)
          .executeTakeFirst(),
      (result) => result.numUpdatedRows > 0n,
    );
    return marked.numUpdatedRows > 0n;
  }

  /** The digests that listed an enquiry from `email` (their mails hold the sender's name and address). */
  async digestsListing(email: string): Promise<DigestInfo[]> {
    const rows = await this.guard(() =>
      this.db
        .selectFrom("digests")
        .selectAll()
        .where(
          "id",
          "in",
          this.db.selectFrom("submissions").select("digest_id").where("email", "=", email.trim().toLowerCase()).where("digest_id", "is not", null),
        )
        .orderBy("id")
        .execute(),
    );
    return rows.map((row) => ({ id: row.id, day: row.day, createdAt: time(row.created_at) }));
  }

  async digest(id: number): Promise<DigestInfo | undefined> {
    const row = await this.guard(() => this.db.selectFrom("digests").selectAll().where("id", "=", id).executeTakeFirst());
    return row && { id: row.id, day: row.day, createdAt: time(row.created_at) };
  }
}
