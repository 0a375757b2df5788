/**
 * What the store's parts share: the types the server uses, the guard that turns "cannot write or
 * reach the database" into StorageError (the form answers 503), and how a submission row reads.
 * Times come from the caller (each instance's clock): keep hosts in NTP sync, well within the lease.
 */
import type { Kysely, Selectable } from "kysely";
import type { FormKind } from "../../forms/kinds.generated.ts";
import { referenceFor } from "../enquiries/reference.ts";
import { StorageError, type Database, type Tables } from "./database.ts";
import { appliedMigrations } from "../../../migrations/migrate.ts";

/** Where the visit came from: validate.ts's SOURCE_FIELDS, each when known. */
export type LeadSource = Partial<Record<string, string>>;
export type ReviewAction = "released" | "spam";
export type Review = { action: ReviewAction; at: Date };

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
  review: Review | null;
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

export type ListFilter = {
  kind?: FormKind | undefined;
  status?: SubmissionStatus | undefined;
  since?: Date | undefined;
  email?: string | undefined;
  /** Those a digest listed. */
  digest?: number | undefined;
};

export const iso = (at: Date) => at.toISOString();
export const time = (value: Date | string) => new Date(value);
export const lower = (email: string) => email.trim().toLowerCase();

export class StoreCore {
  readonly kind: "sqlite" | "postgres";
  readonly location: string;
  protected readonly db: Kysely<Tables>;
  private closed = false;
  /** The last write the store could not take, until a later write changed a row (for /healthz). */
  lastWriteFailure: { message: string; at: Date } | undefined;

  protected constructor(protected readonly database: Database) {
    this.db = database.db;
    this.kind = database.name;
    this.location = database.location;
  }

  get lost(): string | undefined {
    return this.database.lost;
  }

  /** The migrations applied, in order: the last one is the schema's version. */
  migrations(): Promise<string[]> {
    return this.guard(() => appliedMigrations(this.database));
  }

  protected async guard<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) throw new Error("the enquiry store is closed");
    try {
      return await work();
    } catch (error) {
      if (error instanceof StorageError || !this.database.isStorageFailure(error)) throw error;
      const { message, code } = error as Error & { code?: unknown };
      throw new StorageError(typeof code === "string" && !message.includes(code) ? `${message} (${code})` : message);
    }
  }

  /**
   * A write, refused while the SQLite file is lost. A failure is kept for /healthz until a later
   * write `changed` a row: one that changes nothing needs no disk, so it proves nothing.
   */
  protected async write<T>(work: (db: Kysely<Tables>) => Promise<T>, changed: (result: T) => boolean = () => true): Promise<T> {
    try {
      const result = await this.guard(() => {
        if (this.lost) throw new StorageError(`${this.lost}; restart it to open the current file`);
        return work(this.db);
      });
      if (changed(result)) this.lastWriteFailure = undefined;
      return result;
    } catch (error) {
      if (error instanceof StorageError) this.lastWriteFailure = { message: error.message, at: new Date() };
      throw error;
    }
  }

  protected toSubmission(r: Selectable<Tables["submissions"]>): StoredSubmission {
    const read = (value: unknown) => this.database.readJson(value);
    const p = read(r.payload);
    const createdAt = time(r.created_at);
    return {
      ...{ id: r.id, kind: r.kind as FormKind, ip: r.ip, userAgent: r.user_agent, createdAt, reference: referenceFor(r.id, createdAt) },
      payload: p !== null && typeof p === "object" && !Array.isArray(p) ? (p as Record<string, unknown>) : { value: p },
      reasons: r.reasons === null ? null : read(r.reasons),
      source: r.source === null ? {} : (read(r.source) as LeadSource),
      review: r.review === null || r.reviewed_at === null ? null : { action: r.review as ReviewAction, at: time(r.reviewed_at) },
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.db.destroy();
  }
}
