/**
 * What the worker (worker.ts) asks of a sender, one for each kind of delivery (senders/), and what
 * it keeps of a failed try: its reason, in the words of the far end where it gave any.
 */
import type { DeliveryJob, StoredSubmission } from "../store/index.ts";

/** How one kind of delivery is made. */
export interface Sender {
  /** Makes the delivery; resolves to what the far end answered (a Message-ID, a status), or rejects. */
  send(job: DeliveryJob, signal: AbortSignal): Promise<string | undefined>;
  /** A refusal that retrying cannot change: the delivery fails at once. */
  isPermanent(error: unknown): boolean;
  /** Lets go of connections when the worker stops. */
  close?(): void;
}

/** The submission of a job whose kind always has one (the sales mail, the receipt, the webhook). */
export function submissionOf(job: DeliveryJob): StoredSubmission {
  if (!job.submission) throw new Error(`delivery ${job.id} (${job.kind}) has no submission`);
  return job.submission;
}

/** The senders by delivery kind; rows of a kind without a sender here are left for code that has one. */
export type Senders = Readonly<Record<string, Sender>>;

/** The last failed try of a kind since start, as /healthz shows it. */
export interface DeliveryError {
  message: string;
  at: Date;
}

/** A failed try's reason: the error's message, with the SMTP code and the server's answer where it carries them. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const response = (error as { response?: unknown }).response;
    let text = error.message;
    if (typeof code === "string" && !text.includes(code)) text = `${code}: ${text}`;
    if (typeof response === "string" && !text.includes(response)) text += ` (server said: ${response})`;
    return text.slice(0, 1000);
  }
  return String(error).slice(0, 1000);
}
