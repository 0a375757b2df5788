/**
 * What the store's parts share: the types the server uses, and how a submission row reads. A query
 * that cannot write or reach the database rejects with StorageError (database/watched-driver.ts).
 * Times come from the caller (each instance's clock): keep hosts in NTP sync, well within the lease.
 */
import type { Kysely, Selectable } from "kysely";
import type { FormKind } from "../../forms/kinds.generated.ts";
import type { LeadSource } from "../../forms/schema.ts";
import { referenceFor } from "./reference.ts";
import { DEFAULT_TIME_ZONE } from "../site-time.ts";
import type { Database } from "../database/index.ts";
import type { Tables } from "../database/tables.ts";
import { appliedMigrations } from "../database/migrate.ts";

export type ReviewAction = "released" | "spam";

/** A submission as stored: what a sender gets with a delivery. */
export interface StoredSubmission {
  id: number;
  kind: FormKind;
  payload: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  /** LA-<year>-<id>, what the visitor quotes (reference.ts). */
  reference: string;
  /** Why it was quarantined (kept after a release). */
  reasons: unknown;
  source: LeadSource;
  review: { action: ReviewAction; at: Date } | null;
}

/** "quarantined": held by the spam verdict, no deliveries until released. */
export type SubmissionStatus = "queued" | "sent" | "failed" | "quarantined";
export const SUBMISSION_STATUSES: readonly SubmissionStatus[] = ["queued", "sent", "failed", "quarantined"];
/** Quarantined enquiries not released are removed after this many days; confirmed spam this many days after it was confirmed. */
export const QUARANTINE_DAYS = 30;
export const CONFIRMED_SPAM_DAYS = 15;

/** Quarantined while held; else failed once one delivery failed for good, else queued while one is pending, else sent. */
export type Submission = StoredSubmission & { status: SubmissionStatus };
export type SubmissionRow = Submission & { deliveries: DeliveryState[] };
export type DeliveryState = { id: number; kind: string; target: string | null; attempts: number; lastError: string | null; outcome: string | null } & {
  nextAttemptAt: Date;
  sentAt: Date | null;
  failedAt: Date | null;
};

/** `target` in its sender's terms; null: the sender's configured one, read when it sends (a corrected MAIL_TO reaches requeued mail). */
export type NewDelivery = { kind: string; target?: string | null; payload?: unknown };

export interface NewSubmission {
  kind: FormKind;
  payload: unknown;
  ip: string | undefined;
  userAgent: string | undefined;
  createdAt?: Date;
  /** The sales mail unless named. */
  deliveries?: readonly NewDelivery[];
  /** Held, with no deliveries: the verdict's reasons. */
  quarantine?: { reasons: unknown };
  fingerprint?: string | undefined;
  email?: string | undefined;
  receiptKey?: string | undefined;
  source?: LeadSource | undefined;
  /** The single-use tokens the post carried: stored only if no earlier post used one (see ReplayedError). */
  tokens?: ReadonlyArray<{ token: string; expiresAt: Date }> | undefined;
}

/** A post carried a token an earlier post used (`reused`); nothing was stored. */
export class ReplayedError extends Error {
  override name = "ReplayedError";
  constructor(readonly reused: string[]) {
    super("a single-use token of the post already carried an earlier enquiry");
  }
}

export const iso = (at: Date) => at.toISOString();
export const time = (value: Date | string) => new Date(value);
export const lower = (email: string) => email.trim().toLowerCase();

export class StoreCore {
  readonly kind: "sqlite" | "postgres";
  readonly location: string;
  protected readonly db: Kysely<Tables>;

  protected constructor(
    protected readonly database: Database,
    /** SITE_TIME_ZONE: the business's day, for references and the spam counts. */
    readonly timeZone: string = DEFAULT_TIME_ZONE,
  ) {
    this.db = database.db;
    this.kind = database.name;
    this.location = database.location;
  }

  /** Why new enquiries are refused until a restart, and the last write refused (for /healthz). */
  get lost(): string | undefined {
    return this.database.lost;
  }

  get lastWriteFailure(): { message: string; at: Date } | undefined {
    return this.database.lastWriteFailure;
  }

  /** The migrations applied, in order: the last one is the schema's version. */
  migrations(): Promise<string[]> {
    return appliedMigrations(this.database);
  }

  protected toSubmission(r: Selectable<Tables["submissions"]>): StoredSubmission {
    const read = (value: unknown) => this.database.readJson(value);
    const payload = read(r.payload);
    const createdAt = time(r.created_at);
    return {
      ...{ id: r.id, kind: r.kind as FormKind, ip: r.ip, userAgent: r.user_agent, createdAt, reference: referenceFor(r.id, createdAt, this.timeZone) },
      payload: payload !== null && typeof payload === "object" && !Array.isArray(payload) ? (payload as Record<string, unknown>) : { value: payload },
      reasons: r.reasons === null ? null : read(r.reasons),
      source: r.source === null ? {} : (read(r.source) as LeadSource),
      review: r.review === null || r.reviewed_at === null ? null : { action: r.review as ReviewAction, at: time(r.reviewed_at) },
    };
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}
