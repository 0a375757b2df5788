/**
 * An enquiry's acceptance, whatever carried it: `(form kind, body, request facts) → outcome`. The
 * honeypot, the schema, then the rate limits (so a post that could never be a lead spends no
 * visitor's budget), the spam verdict (spam/verdict.ts), the store and the outbox. Clear spam is
 * counted and answered as sent but not stored; a doubtful post is stored in quarantine, answered as
 * sent, and not delivered until released; the rest is stored with its deliveries (lead-deliveries.ts).
 * Every kept enquiry's answer carries its reference. A store that cannot take the write answers 503
 * with a Retry-After, so the visitor knows to try again. forms.ts only translates HTTP to and from this.
 */
import type { FieldProblem } from "../../handover/form-answer.ts";
import { FIELD_TYPES } from "../../forms/field-types.ts";
import { HONEYPOT } from "../../forms/schema.ts";
import type { LeadKinds } from "../outbox/senders/index.ts";
import { receiptAddressKey } from "../outbox/receipt.ts";
import { altchaFinding } from "../spam/altcha.ts";
import type { Finding } from "../spam/findings.ts";
import type { SpamSettings } from "../spam/settings.ts";
import { timeTrapFinding } from "../spam/time-trap.ts";
import { heldBudget } from "../spam/held-budget.ts";
import { judgePost } from "../spam/verdict.ts";
import { ReplayedError, StorageError, type EnquiryStore } from "../store/index.ts";
import { referenceFor } from "../store/reference.ts";
import { leadDeliveries } from "./lead-deliveries.ts";
import { SOURCE_FIELDS, emailOf, fieldsOf, formSchemas, summarize, validateForm, type FormKind, type LeadSource } from "./validate.ts";

/** What came of a post, whichever kind: the answer (JSON or a page) is made from it. */
export type Outcome =
  { accepted: true; message: string; reference?: string } | { accepted: false; status: number; message: string; errors?: FieldProblem[]; retryAfterS?: number };

export const refused = (status: number, message: string, extra: { errors?: FieldProblem[]; retryAfterS?: number } = {}): Outcome => ({
  accepted: false,
  status,
  message,
  ...extra,
});

/** What the acceptance knows of the request beside its body. */
export interface RequestFacts {
  ip: string | undefined;
  /** The client as the rate limits key it (its address, an IPv6 /64): the held posts' budget counts by it. */
  clientKey: string;
  userAgent: string | undefined;
  /** Sent by the page's script (JSON), not as a plain HTML form post. */
  scripted: boolean;
  /** The rate limits' answer, asked only once the post is valid: a refusal, or undefined to go on. */
  overLimit(): Promise<Outcome | undefined>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface AcceptSettings {
  store: EnquiryStore;
  /** Woken when an enquiry with deliveries was stored. */
  outbox: { nudge(): void };
  spam: SpamSettings;
  /** The set-up kinds of delivery an accepted enquiry may get (senders/index.ts leadKinds). */
  deliveries: LeadKinds;
  /** The time an enquiry arrived: the outbox's clock, so retry windows start from it (tests run it fast). */
  now?: (() => number) | undefined;
  /** Called when a write to the store failed (the health monitor reports it). */
  onStorageError?: (() => void) | undefined;
}

export type AcceptEnquiry = (kind: FormKind, body: unknown, facts: RequestFacts) => Promise<Outcome>;

const STORAGE_RETRY_AFTER_S = 120;
const success = (kind: FormKind) => formSchemas[kind]["x-form"].success;

function isHoneypotFilled(body: unknown): boolean {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return false;
  const honeypot = (body as Record<string, unknown>)[HONEYPOT];
  return honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== "";
}

/** The finding for a single-use token an earlier enquiry carried: a time token (t1.… or t2.…) or an ALTCHA nonce. */
function reusedFinding(token: string, spam: SpamSettings): Finding {
  return /^t[12]\./.test(token) ? timeTrapFinding({ outcome: "reused" }, spam.timeTrap)! : altchaFinding({ outcome: "replayed" })!;
}

/** The valid body split: the fields the form has, and where the visit came from. */
function splitFields(kind: FormKind, rest: Record<string, unknown>): { typed: Record<string, unknown>; source: LeadSource } {
  const source: LeadSource = {};
  const typed: Record<string, unknown> = {};
  const fields = fieldsOf(formSchemas[kind]);
  for (const [field, value] of Object.entries(rest)) {
    if ((SOURCE_FIELDS as readonly string[]).includes(field)) {
      if (value) source[field as keyof LeadSource] = String(value);
    } else if (value !== undefined && fields.some((f) => f.name === field)) typed[field] = value;
  }
  return { typed, source };
}

export function createAcceptEnquiry(settings: AcceptSettings): AcceptEnquiry {
  const { store, spam } = settings;
  const content = { ...spam, ledger: store };
  const takeHeld = heldBudget(spam.held, (since) => store.heldSince(since));
  /** The refusal of a post to be held over the held budget (held-budget.ts), if it is. */
  const overHeldBudget = async (facts: RequestFacts, at: Date) => {
    const over = await takeHeld(facts.clientKey, at);
    if (over) facts.log.info({ key: facts.clientKey }, "held-post budget reached: refused, not stored");
    return over && refused(429, `${over.message} Please try again later, or e-mail us directly.`, { retryAfterS: over.retryAfterS });
  };

  /** A bot is answered as if sent, whether or not its hit could be counted. */
  const countSpam = (kind: FormKind, at: Date, facts: RequestFacts) =>
    store.recordSpam(kind, at).catch((error: unknown) => facts.log.error({ err: error }, "honeypot hit could not be counted"));

  async function accept(kind: FormKind, body: unknown, facts: RequestFacts): Promise<Outcome> {
    const receivedAt = new Date(settings.now?.() ?? Date.now());
    if (isHoneypotFilled(body)) {
      await countSpam(kind, receivedAt, facts);
      facts.log.info({ kind }, "honeypot filled: counted as spam");
      return { accepted: true, message: success(kind) };
    }
    const result = validateForm(kind, body);
    if (!result.ok) return refused(400, summarize(result.errors), { errors: result.errors });
    const limited = await facts.overLimit();
    if (limited) return limited;
    const { timeToken, altcha, ...rest } = result.value as Record<string, unknown> & { timeToken?: string; altcha?: string };
    const { typed, source } = splitFields(kind, rest);
    const fields = fieldsOf(formSchemas[kind]);
    const email = emailOf(formSchemas[kind], typed);
    // What the spam checks read: the one-line text the visitor typed, and the multi-line text as the message.
    const textOf = (test: (f: (typeof fields)[number]) => boolean) =>
      fields.filter((f) => test(f) && typeof typed[f.name] === "string").map((f) => typed[f.name] as string);
    // The single-use tokens are claimed as the enquiry is stored, in the same transaction (insertSubmission).
    const tokens: Array<{ token: string; expiresAt: Date }> = [];
    const replayGuard = { claim: (token: string, expiresAtMs: number) => (tokens.push({ token, expiresAt: new Date(expiresAtMs) }), true) };
    const verdict = await judgePost(
      {
        form: kind,
        text: { email, lines: textOf((f) => f.type === "text"), message: textOf((f) => FIELD_TYPES[f.type].multiline).join("\n\n") },
        honeypot: "",
        scripted: facts.scripted,
        ...(timeToken !== undefined ? { timeToken } : {}),
        ...(altcha !== undefined ? { altcha } : {}),
        // The wall clock, as the time tokens and challenges are signed with (the store's clock may run fast in tests).
        receivedAt: new Date(),
      },
      { timeTrap: spam.timeTrap, altcha: spam.altcha, replayGuard, content },
    );
    let reasons = verdict.reasons;
    if (verdict.decision === "spam") {
      await countSpam(kind, receivedAt, facts);
      facts.log.info({ kind, scripted: facts.scripted, reasons: reasons.map((f) => f.code) }, "judged spam: counted, not stored");
      return { accepted: true, message: success(kind) };
    }
    const stored = {
      kind,
      payload: typed,
      ip: facts.ip,
      userAgent: facts.userAgent?.slice(0, 500),
      createdAt: receivedAt,
      fingerprint: verdict.fingerprint,
      email,
      receiptKey: receiptAddressKey(email),
      source,
    };
    const held = { ...stored, quarantine: { reasons } };
    const overBudget = reasons.length > 0 ? await overHeldBudget(facts, receivedAt) : undefined;
    if (overBudget) return overBudget;
    let id: number;
    try {
      id = await store.insertSubmission(
        reasons.length > 0
          ? { ...held, tokens }
          : { ...stored, tokens, deliveries: await leadDeliveries(store, settings.deliveries, email, receivedAt, facts.scripted) },
      );
    } catch (error) {
      if (!(error instanceof ReplayedError)) throw error;
      // A token that already carried an enquiry: a person pressing Send twice, or a robot replaying; held either way.
      reasons = [...reasons, ...error.reused.map((token) => reusedFinding(token, spam))];
      const over = verdict.reasons.length === 0 ? await overHeldBudget(facts, receivedAt) : undefined;
      if (over) return over;
      id = await store.insertSubmission({ ...held, quarantine: { reasons } });
    }
    const quarantined = reasons.length > 0;
    if (!quarantined) settings.outbox.nudge();
    const reference = referenceFor(id, receivedAt, store.timeZone);
    facts.log.info(
      { submission: id, reference, kind, formPost: !facts.scripted, ...(quarantined ? { quarantined, reasons: reasons.map((f) => f.code) } : {}) },
      "form submission stored",
    );
    return { accepted: true, message: `${success(kind)} Your reference is ${reference}.`, reference };
  }

  return async (kind, body, facts) => {
    try {
      return await accept(kind, body, facts);
    } catch (error) {
      if (!(error instanceof StorageError)) throw error;
      facts.log.error({ err: error }, "form submission could not be stored");
      settings.onStorageError?.();
      return refused(503, "We could not save your enquiry just now, so it was not sent. Please try again in a few minutes, or e-mail us directly.", {
        retryAfterS: STORAGE_RETRY_AFTER_S,
      });
    }
  };
}
