/**
 * The tables of the enquiry store, as the queries (store/, analytics/store.ts) and the migrations
 * (migrations/ beside this file) see them: every query and migration is written once against
 * `Kysely<Tables>`.
 */
import type { ColumnType, Generated } from "kysely";

/** Written as ISO 8601 text; read as a Date (PostgreSQL) or that text (SQLite). */
type Time = ColumnType<Date | string, string, string>;
/** Written as JSON text; read parsed (PostgreSQL) or as that text (SQLite): Database.readJson. */
type Json = ColumnType<unknown, string, string>;
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface Tables {
  submissions: {
    id: Generated<number>;
    kind: string;
    payload: Json;
    ip: string | null;
    user_agent: string | null;
    created_at: Time;
    /** "accepted", or "quarantined": held for a person (spam/verdict.ts), not delivered. */
    state: ColumnType<string, string | undefined, string>;
    /** The verdict's findings while held, JSON. */
    reasons: Optional<unknown>;
    message_fingerprint: string | null;
    /** The visitor's address in lower case (erasure, repeats), and receipt.ts's key for it. */
    email: string | null;
    receipt_key: string | null;
    source: Optional<unknown>;
    /** The digest that listed it while held. */
    digest_id: Optional<number>;
    /** "released" or "spam": what a person decided while it was held, and when. */
    review: Optional<string>;
    reviewed_at: Optional<Date | string>;
  };
  /** `day` (in SITE_TIME_ZONE) for the daily digest, null for one asked for. */
  digests: { id: Generated<number>; day: string | null; created_at: Time; sent_at: ColumnType<Date | string | null, string | null | undefined, string | null> };
  weekly_summaries: { week: string; created_at: Time };
  /** The outbox: `kind` names the sender (senders/); `submission_id` is null for a digest or summary. */
  deliveries: {
    id: Generated<number>;
    submission_id: number | null;
    kind: string;
    target: string | null;
    payload: ColumnType<unknown, string | null, string | null>;
    attempts: Generated<number>;
    /** When the row is due; also the lease of a claimed row. */
    next_attempt_at: Time;
    /** When the current retry window began: the arrival, or the last requeue. */
    window_start: Time;
    last_error: string | null;
    sent_at: Time | null;
    failed_at: Time | null;
    /** A mail's Message-ID, a webhook's status. */
    outcome: string | null;
  };
  spam_hits: { day: string; kind: string; hits: number; last_at: Time };
  /** Time tokens and ALTCHA nonces that carried an enquiry, until they expire. */
  used_tokens: { token: string; expires_at: Time };
  /** src/server/analytics/: a day is YYYY-MM-DD in DIGEST_TIME_ZONE; `path` "" is the whole site. */
  analytics_salts: { day: string; salt: string };
  analytics_seen: { day: string; visitor: string };
  analytics_pages: { day: string; path: string; views: number; visitors: number };
  analytics_sources: { day: string; landing: string; source: string; medium: string; campaign: string; visits: number };
  analytics_vitals: { day: string; path: string; metric: string; bucket: number; samples: number };
}
