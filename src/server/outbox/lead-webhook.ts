/**
 * The hand-off of each accepted enquiry to another tool (a CRM, a chat tool): a JSON POST to
 * LEAD_WEBHOOK_URL, signed the Standard Webhooks way
 * (https://github.com/standard-webhooks/standard-webhooks, spec/standard-webhooks.md):
 *
 *   webhook-id         stable per enquiry, the same on every retry (the receiver's idempotency key)
 *   webhook-timestamp  seconds since 1970 of this attempt (receivers refuse old ones)
 *   webhook-signature  "v1," + base64 HMAC-SHA256 of "<id>.<timestamp>.<body>", keyed with the
 *                      bytes of LEAD_WEBHOOK_SECRET ("whsec_" + base64), by the `standardwebhooks`
 *                      package, the one receivers verify with
 *
 * Shaped like mail.ts's transport: `send(message, submission, signal)` resolves with an id or
 * throws; a WebhookError says whether retrying can help (`permanent`), as isPermanentRefusal says
 * for SMTP, so the outbox can carry it as one more delivery kind.
 */
import { Webhook } from "standardwebhooks";
import { ConfigError, type Settings } from "../env.ts";
import { webhookSecret } from "../setting-parsers.ts";
import { FIELD_TYPES } from "../../forms/field-types.ts";
import type { FormKind } from "../../forms/kinds.generated.ts";
import { fieldsOf } from "../../forms/schema.ts";
import { schemaOf } from "../present/enquiry.ts";

export interface LeadWebhookSettings {
  url: string;
  /** The decoded bytes of the whsec_ secret. */
  key: Buffer;
}

/** The key bytes of a "whsec_<base64>" secret (its parser, setting-parsers.ts). */
export const parseWebhookSecret = (secret: string): Buffer => webhookSecret(secret, "LEAD_WEBHOOK_SECRET");

/** LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET, or undefined when no webhook is set up. */
export function loadLeadWebhook(settings: Pick<Settings, "LEAD_WEBHOOK_URL" | "LEAD_WEBHOOK_SECRET">): LeadWebhookSettings | undefined {
  const { LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: key } = settings;
  if (!url) {
    if (key) throw new ConfigError("LEAD_WEBHOOK_SECRET is set but LEAD_WEBHOOK_URL is not: set both, or neither.");
    return undefined;
  }
  if (!key) throw new ConfigError("LEAD_WEBHOOK_URL is set but LEAD_WEBHOOK_SECRET is not: the receiver needs the signature to trust the lead.");
  return { url, key };
}

/** The three Standard Webhooks headers of one attempt, signed by the spec's own library. */
export function webhookHeaders(signer: Webhook, id: string, timestamp: number, body: string): Record<string, string> {
  return { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signer.sign(id, new Date(timestamp * 1000), body) };
}

/** A failed attempt; `permanent` when sending the same again cannot succeed. */
export class WebhookError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = "WebhookError";
  }
}

/**
 * What an answer means for the lead. The receiver refusing this payload (400, 413, 415, 422) or
 * saying the endpoint is gone (410, as the spec asks) is permanent. Overload and outages (408, 425,
 * 429, 5xx) pass. So do set-up mistakes the operator fixes (401, 403, 404, a redirect), like a
 * wrong SMTP password: the leads go once the address or secret is right.
 */
export function isPermanentStatus(status: number): boolean {
  return status === 400 || status === 410 || status === 413 || status === 415 || status === 422;
}

/** Any error from sending: permanent only when a WebhookError says so. */
export const isPermanentWebhookFailure = (error: unknown): boolean => error instanceof WebhookError && error.permanent;

/** The Standard Webhooks envelope: a type, when the event happened, and the data. */
export interface LeadEvent {
  type: "lead.received";
  timestamp: string;
  data: Record<string, unknown>;
}

export interface WebhookDelivery {
  /** The webhook-id: stable for one enquiry, e.g. "lead_123_1763620000000". */
  id: string;
  event: LeadEvent;
}

export function leadWebhookId(submission: { id: number; createdAt: Date }): string {
  return `lead_${submission.id}_${submission.createdAt.getTime()}`;
}

export interface LeadWebhookTransport {
  readonly description: string;
  send(delivery: WebhookDelivery, signal?: AbortSignal): Promise<{ messageId: string; status: number }>;
}

const MAX_ERROR_BODY = 200;

export function createLeadWebhookTransport(settings: LeadWebhookSettings, now: () => number = Date.now): LeadWebhookTransport {
  const target = new URL(settings.url);
  const signer = new Webhook(settings.key, { format: "raw" });
  return {
    description: `${target.protocol}//${target.host}${target.pathname}`,
    async send(delivery, signal) {
      const body = JSON.stringify(delivery.event);
      const timestamp = Math.floor(now() / 1000);
      let response: Response;
      try {
        response = await fetch(settings.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "user-agent": "lariox-website-webhook/1",
            ...webhookHeaders(signer, delivery.id, timestamp, body),
          },
          body,
          redirect: "manual",
          signal,
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        throw new WebhookError(`could not reach ${target.host}: ${cause?.code ?? cause?.message ?? (error as Error).message}`, false);
      }
      const text = (await response.text().catch(() => "")).replace(/\s+/g, " ").trim().slice(0, MAX_ERROR_BODY);
      if (response.status >= 200 && response.status < 300) return { messageId: delivery.id, status: response.status };
      const where =
        response.status >= 300 && response.status < 400
          ? ` (redirected to ${response.headers.get("location") ?? "?"}; set LEAD_WEBHOOK_URL to the final address)`
          : "";
      throw new WebhookError(
        `${target.host} answered ${response.status}${where}${text ? `: ${text}` : ""}`,
        isPermanentStatus(response.status),
        response.status,
      );
    },
  };
}

/** What the webhook carries of an enquiry: the fields the visitor typed (not the honeypot), when, and its reference. */
export function leadEvent(
  submission: { id: number; kind: FormKind; payload: Record<string, unknown>; createdAt: Date },
  extra: { reference?: string; source?: Record<string, string> } = {},
): WebhookDelivery {
  const fields = Object.fromEntries(
    fieldsOf(schemaOf(submission.kind)).map((f) => [
      f.name,
      f.type === "checkbox" ? submission.payload[f.name] === true : FIELD_TYPES[f.type].text(submission.payload[f.name]),
    ]),
  );
  return {
    id: leadWebhookId(submission),
    event: {
      type: "lead.received",
      timestamp: submission.createdAt.toISOString(),
      data: {
        id: submission.id,
        ...(extra.reference ? { reference: extra.reference } : {}),
        form: submission.kind,
        fields,
        ...(extra.source ? { source: extra.source } : {}),
      },
    },
  };
}
