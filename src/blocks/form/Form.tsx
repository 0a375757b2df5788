import { use, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import site from "virtual:site";
import type { SectionOf } from "../../content/types.ts";
import { Img } from "../../ui/Img.tsx";
import { leadSourceFields } from "../../ui/lead-source.ts";
import { useCurrentPage } from "../../ui/current-page.ts";
import { sendForm, type FieldError } from "./send.ts";
import { missingFields, refusalNotice } from "./refusal.ts";
import { FormSeedContext } from "./seed.ts";
import { FIELD_TYPES } from "../../forms/field-types.ts";
import { FORMS } from "../../forms/kinds.generated.ts";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { prepareToasts, toast } from "./toasts.tsx";
import { fill } from "../../ui/format.ts";
import { button, buttonOutline } from "../../styles/layout.css.ts";
import { Confirmation } from "./Confirmation.tsx";
import { Section } from "../Section.tsx";
import * as css from "./styles.css.ts";
import { ContactText } from "../../ui/ContactText.tsx";

type FormSection = SectionOf<"form">;
type Field = FormSection["fields"][number];

type Values = Record<string, string | boolean>;

/** The values of `fields` in `values` (a seed carries nothing else, but a page draws only its own fields); a box posted ticked came back as "on". */
const pick = (values: Record<string, string>, fields: Field[]): Values =>
  Object.fromEntries(
    fields.flatMap((f) => (typeof values[f.name] === "string" ? [[f.name, FIELD_TYPES[f.input].element === "checkbox" ? true : values[f.name]!]] : [])),
  );

/** Where the time token comes from: asked for when the form is shown (the pages are prerendered, so it cannot be in the HTML). */
const TIME_TOKEN_URL = "/api/forms/time-token";
/** How long a send waits for the proof of work still being solved; without it the server holds the enquiry for a person to look at. */
const PROOF_WAIT_MS = 10_000;

const emptyValues = (fields: Field[], honeypot: string): Values =>
  Object.fromEntries([...fields.map((f) => [f.name, FIELD_TYPES[f.input].empty]), [honeypot, ""]]);

/**
 * An enquiry form, a real HTML form first: without script (or before the island has woken) the
 * browser posts it to its endpoint and the server answers with a page (src/server/enquiries/form-pages.ts),
 * which draws a refused form again with the visitor's values and reasons (FormSeedContext).
 * With script it posts JSON to its endpoint and answers with a toast for each outcome: sent, refused by the server (its message), or no answer at all.
 * Once sent, a confirmation takes the form's place and the focus (the reference, what happens next,
 * a button for an empty form again); on any failure every value stays. It cannot send twice at once.
 * A field found wrong (empty in the page's own check, found wrong by the browser's own check on a
 * form that leaves required fields to it, or refused in the server's 400 answer) gets aria-invalid
 * and its message under it, tied by aria-describedby, and the first such field takes the focus;
 * the toast (sonner's polite live region) is announced as well.
 */
export function Form({ section }: { section: FormSection }) {
  const seed = use(FormSeedContext);
  /** The hidden field robots fill in and people never see; the server files such posts as spam. */
  const { honeypot: HONEYPOT, endpoint } = FORMS[section.form];
  const seeded = seed?.endpoint === endpoint ? seed : null;
  const page = useCurrentPage();
  const idPrefix = useId();
  const fieldId = (name: string) => `${idPrefix}-${name}`;
  // Read while the island hydrates, before React writes the fields: what the visitor typed into the
  // prerendered form before the island woke stays (on the server, and in a fresh render, there is none).
  const typedBeforeWaking = () =>
    typeof document === "undefined"
      ? {}
      : Object.fromEntries(
          section.fields.flatMap((f): Array<[string, string | boolean]> => {
            const field = document.getElementById(fieldId(f.name));
            if (field instanceof HTMLInputElement && field.type === "checkbox") return field.checked ? [[f.name, true]] : [];
            return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement
              ? field.value
                ? [[f.name, field.value]]
                : []
              : [];
          }),
        );
  const [values, setValues] = useState<Values>(() => ({
    ...emptyValues(section.fields, HONEYPOT),
    ...pick(seeded?.values ?? {}, section.fields),
    ...typedBeforeWaking(),
  }));
  const [sending, setSending] = useState(false);
  // Set once the form is hydrated and sends JSON itself (tests wait for it); before that, a click
  // posts the form natively, which the server answers with a page.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  // The spam defence's two proofs (src/server/spam/): when the form was shown, and a proof of work
  // solved in the background from the first focus. Each is good for one post.
  const timeToken = useRef<Promise<string | undefined> | undefined>(undefined);
  const proof = useRef<Promise<string | undefined> | undefined>(undefined);
  const fetchTimeToken = () => {
    timeToken.current = Promise.resolve()
      .then(() => fetch(`${TIME_TOKEN_URL}?form=${encodeURIComponent(section.form)}`, { cache: "no-store" }))
      .then(async (r) => ((await r.json()) as { token?: unknown }).token)
      .then((token) => (typeof token === "string" ? token : undefined))
      .catch(() => undefined);
  };
  useEffect(fetchTimeToken, [section.form]);
  const startProof = () => {
    proof.current ??= import("./proof-of-work.ts").then((m) => m.solveProofOfWork()).catch(() => undefined);
    return proof.current;
  };
  const within = <T,>(promise: Promise<T> | undefined, ms: number) => Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(resolve, ms))]);
  /** Field name -> the message shown under it. */
  const [errors, setErrors] = useState<Record<string, string>>(() => seeded?.notice.fields ?? {});
  /** Set synchronously, so a second submit in the same frame (double click, Enter twice) is ignored. */
  const busy = useRef(false);
  /** Set once the server took the enquiry: the confirmation shows instead of the form. */
  const [sent, setSent] = useState<{ reference?: string | undefined } | null>(null);
  /** Set by "send another": the empty form's first field takes the focus once drawn. */
  const focusFirstField = useRef(false);
  useEffect(() => {
    if (sent || !focusFirstField.current) return;
    focusFirstField.current = false;
    document.getElementById(fieldId(section.fields[0]!.name))?.focus();
  });
  const { toasts } = section;
  const duration = toasts.durationMs;

  /** Shows `list` under the form's own fields (others are ignored) and moves the focus to the first. */
  function markInvalid(list: FieldError[]) {
    const own = list.filter((e) => section.fields.some((f) => f.name === e.field));
    flushSync(() => setErrors(Object.fromEntries(own.map((e) => [e.field, e.message]))));
    if (own[0]) document.getElementById(fieldId(own[0].field))?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const missing = missingFields(section, values);
    if (missing.length > 0) {
      const t = toasts.invalid ?? toasts.failure;
      toast.error(t.title, { description: t.text, duration });
      markInvalid(missing);
      return;
    }
    busy.current = true;
    setSending(true);
    const [token, altcha] = await Promise.all([within(timeToken.current, PROOF_WAIT_MS), within(startProof(), PROOF_WAIT_MS)]);
    const hidden = { page: page.path, ...leadSourceFields(), ...(token ? { timeToken: token } : {}), ...(altcha ? { altcha } : {}) };
    const outcome = await sendForm(endpoint, { ...values, ...hidden });
    busy.current = false;
    setSending(false);
    if (outcome.kind !== "failure") {
      // Both proofs are used up by a post the server took (or may have taken): fresh ones for the next.
      proof.current = undefined;
      fetchTimeToken();
    }
    if (outcome.kind === "success") {
      // After the spec's words, the reference to quote (the server's answer page says the same without script).
      const reference = outcome.reference ? ` Your reference is ${outcome.reference}.` : "";
      toast.success(toasts.success.title, { description: `${toasts.success.text}${reference}`, duration });
      setValues(emptyValues(section.fields, HONEYPOT));
      setErrors({});
      setSent({ reference: outcome.reference });
    } else if (outcome.kind === "failure") {
      console.error(`${section.form} form: the server refused the submission`, outcome.serverMessage ?? "");
      const notice = refusalNotice(section, values, outcome);
      toast.error(notice.title, { description: notice.text, duration });
      markInvalid(outcome.fieldErrors);
    } else {
      console.error(`${section.form} form: sending failed`, outcome.error);
      toast.error(toasts.error.title, { description: toasts.error.text, duration });
    }
  }

  const input = (f: Field) => {
    const id = fieldId(f.name);
    const error = errors[f.name];
    const type = FIELD_TYPES[f.input];
    const change = (value: string | boolean) => {
      setValues((v) => ({ ...v, [f.name]: value }));
      // Once edited, a field's old message no longer applies; the next submit checks again.
      if (error) setErrors(({ [f.name]: _, ...rest }) => rest);
    };
    const common = {
      id,
      name: f.name,
      required: f.required,
      autoComplete: f.autocomplete,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id}-error` : undefined,
    };
    const text = String(values[f.name] ?? "");
    const onText = (e: { target: { value: string } }) => change(e.target.value);
    switch (type.element) {
      case "checkbox":
        return <input {...common} type="checkbox" checked={values[f.name] === true} onChange={(e) => change(e.target.checked)} className={css.checkbox} />;
      case "select": {
        // The page's choices, each one its payload schema allows (the form block's check).
        return (
          <select {...common} value={text} onChange={onText} className={css.input}>
            <option value="">{f.placeholder ?? ""}</option>
            {(f.options ?? []).map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        );
      }
      case "textarea":
        return <textarea {...common} value={text} onChange={onText} placeholder={f.placeholder} rows={f.rows ?? 6} className={css.textarea} />;
      default:
        return <input {...common} value={text} onChange={onText} placeholder={f.placeholder} type={f.input} className={css.input} />;
    }
  };

  /**
   * The browser's own check found a field wrong (a form that leaves required fields to it): the
   * same message under the field as the page's own check gives, beside the browser's bubble.
   */
  function onInvalid(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    const f = section.fields.find((field) => field.name === target.name);
    if (!f) return;
    const message = target.validity.valueMissing && section.requiredMessage ? fill(section.requiredMessage, { label: f.label }) : target.validationMessage;
    setErrors((current) => ({ ...current, [f.name]: message }));
  }

  /** Whether the side panel draws an icon column (an item without an icon keeps its place). */
  const asideIcons = section.aside?.items.some((item) => item.icon) ?? false;

  return (
    <Section heading={section.heading} intro={section.intro}>
      <div className={section.aside ? css.layout : undefined}>
        {sent ? (
          <Confirmation
            section={section}
            reference={sent.reference}
            heading="h3"
            action={
              <button
                type="button"
                className={buttonOutline}
                onClick={() => {
                  focusFirstField.current = true;
                  setSent(null);
                }}
              >
                {section.backLabel}
              </button>
            }
          />
        ) : (
          <form
            className={css.form}
            onSubmit={onSubmit}
            onInvalidCapture={onInvalid}
            onFocus={() => {
              void startProof();
              void prepareToasts();
            }}
            noValidate={section.checkRequired}
            aria-busy={sending}
            method="post"
            action={endpoint}
            data-hydrated={ready ? "" : undefined}
          >
            {seeded && (
              // Drawn by the server after a post without script: focused as the page loads, so it is read first.
              <div className={css.notice} role="alert" tabIndex={-1} autoFocus>
                <p className={css.noticeTitle}>{seeded.notice.title}</p>
                <p className={css.noticeText}>{seeded.notice.text}</p>
                {seeded.notice.more.map((reason) => (
                  <p key={reason} className={css.noticeText}>
                    {reason}
                  </p>
                ))}
              </div>
            )}
            {section.fields.map((f) => (
              <div key={f.name} className={f.wide ? `${css.field} ${css.wide}` : css.field}>
                <label htmlFor={fieldId(f.name)} className={css.label}>
                  {f.label}
                  {f.required && (
                    <span className={css.mark} aria-hidden="true">
                      *
                    </span>
                  )}
                </label>
                {input(f)}
                {errors[f.name] && (
                  <p id={`${fieldId(f.name)}-error`} className={css.error}>
                    {errors[f.name]}
                  </p>
                )}
              </div>
            ))}
            {/* The page the enquiry is sent from: posted as it is without script, and sent with the JSON (onSubmit). */}
            <input type="hidden" name="page" value={page.path} />
            <div className={css.honeypot} aria-hidden="true">
              <label htmlFor={fieldId(HONEYPOT)}>{site.ui.honeypotLabel}</label>
              <input
                id={fieldId(HONEYPOT)}
                name={HONEYPOT}
                type="text"
                tabIndex={-1}
                autoComplete="off"
                value={String(values[HONEYPOT] ?? "")}
                onChange={(e) => setValues((v) => ({ ...v, [HONEYPOT]: e.target.value }))}
              />
            </div>
            <div className={css.footer}>
              <button type="submit" className={button} disabled={sending}>
                {sending ? section.sendingLabel : section.submitLabel}
              </button>
              {section.requiredNote && <p className={css.note}>{section.requiredNote}</p>}
              {section.privacyNote && (
                <p className={css.note}>
                  {section.privacyNote.text} <SmartLink href={section.privacyNote.link.href}>{section.privacyNote.link.label}</SmartLink>
                </p>
              )}
            </div>
          </form>
        )}
        {section.aside && (
          <aside className={css.aside}>
            <h3 className={css.asideHeading}>{section.aside.heading}</h3>
            <ul className={css.asideList}>
              {section.aside.items.map((item) => (
                <li key={item.title} className={asideIcons ? `${css.asideItem} ${css.asideItemWithIcon}` : css.asideItem}>
                  {item.icon ? <Img src={item.icon} alt="" className={css.asideIcon} /> : asideIcons && <span />}
                  <div>
                    <h4 className={css.asideTitle}>{item.title}</h4>
                    <p className={css.asideText}>
                      <ContactText text={item.text} />
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </aside>
        )}
      </div>
    </Section>
  );
}
