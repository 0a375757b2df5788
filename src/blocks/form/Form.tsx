import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import site from "virtual:site";
import type { SectionOf } from "../../content/types.ts";
import { Img } from "../../ui/Img.tsx";
import { fill } from "../../ui/format.ts";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { missingRequired, sendForm, type FieldError } from "./send.ts";
import { toast } from "./toasts.tsx";
import { button } from "../../styles/layout.css.ts";
import { Section } from "../Section.tsx";
import * as css from "./styles.css.ts";

type FormSection = SectionOf<"form">;
type Field = FormSection["fields"][number];

/** The hidden field robots fill in and people never see; the server files such posts as spam. */
const HONEYPOT = "website";

const emptyValues = (fields: Field[]) => Object.fromEntries([...fields.map((f) => [f.name, ""]), [HONEYPOT, ""]]) as Record<string, string>;

/**
 * An enquiry form: posts JSON to its endpoint and answers with a toast for each outcome: sent, refused by the server (its message), or no answer at all.
 * On success it clears; on any failure every value stays. It cannot send twice at once.
 * A field found wrong (empty in the page's own check, or refused in the server's 400 answer)
 * gets aria-invalid and its message under it, tied by aria-describedby, and the first such
 * field takes the focus; the toast (sonner's polite live region) is announced as well.
 */
export function Form({ section }: { section: FormSection }) {
  const [values, setValues] = useState(() => emptyValues(section.fields));
  const [sending, setSending] = useState(false);
  // The prerendered button stays disabled until React has hydrated the form: a click (or Enter)
  // before that would post the fields natively, not as the JSON the server takes.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  /** Field name -> the message shown under it. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** Set synchronously, so a second submit in the same frame (double click, Enter twice) is ignored. */
  const busy = useRef(false);
  const idPrefix = useId();
  const duration = section.form === "quote" ? site.behaviour.toasts.quoteMs : site.behaviour.toasts.contactMs;
  const { toasts } = section;
  const fieldId = (name: string) => `${idPrefix}-${name}`;

  /** Shows `list` under the form's own fields (others are ignored) and moves the focus to the first. */
  function markInvalid(list: FieldError[]) {
    const own = list.filter((e) => section.fields.some((f) => f.name === e.field));
    flushSync(() => setErrors(Object.fromEntries(own.map((e) => [e.field, e.message]))));
    if (own[0]) document.getElementById(fieldId(own[0].field))?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    if (section.checkRequired) {
      const required = section.fields.filter((f) => f.required);
      const missing = missingRequired(
        values,
        required.map((f) => f.name),
      );
      if (missing.length > 0) {
        const t = toasts.invalid ?? toasts.failure;
        toast.error(t.title, { description: t.text, duration });
        const message = (name: string) => {
          const label = required.find((f) => f.name === name)?.label ?? name;
          return section.requiredMessage ? fill(section.requiredMessage, { label }) : t.text;
        };
        markInvalid(missing.map((name) => ({ field: name, message: message(name) })));
        return;
      }
    }
    busy.current = true;
    setSending(true);
    const outcome = await sendForm(section.endpoint, values);
    busy.current = false;
    setSending(false);
    if (outcome.kind === "success") {
      toast.success(toasts.success.title, { description: toasts.success.text, duration });
      setValues(emptyValues(section.fields));
      setErrors({});
    } else if (outcome.kind === "failure") {
      console.error(`${section.form} form: the server refused the submission`, outcome.serverMessage ?? "");
      const text = section.serverMessage && outcome.serverMessage ? outcome.serverMessage : toasts.failure.text;
      toast.error(toasts.failure.title, { description: text, duration });
      markInvalid(outcome.fieldErrors);
    } else {
      console.error(`${section.form} form: sending failed`, outcome.error);
      toast.error(toasts.error.title, { description: toasts.error.text, duration });
    }
  }

  const input = (f: Field) => {
    const id = fieldId(f.name);
    const error = errors[f.name];
    const common = {
      id,
      name: f.name,
      value: values[f.name] ?? "",
      required: f.required,
      autoComplete: f.autocomplete,
      placeholder: f.placeholder,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id}-error` : undefined,
      onChange: (e: { target: { value: string } }) => {
        setValues((v) => ({ ...v, [f.name]: e.target.value }));
        // Once edited, a field's old message no longer applies; the next submit checks again.
        if (error) setErrors(({ [f.name]: _, ...rest }) => rest);
      },
    };
    return f.input === "textarea" ? (
      <textarea {...common} rows={f.rows ?? 6} className={css.textarea} />
    ) : (
      <input {...common} type={f.input} className={css.input} />
    );
  };

  /** Whether the side panel draws an icon column (an item without an icon keeps its place). */
  const asideIcons = section.aside?.items.some((item) => item.icon) ?? false;

  return (
    <Section heading={section.heading} intro={section.intro}>
      <div className={section.aside ? css.layout : undefined}>
        <form className={css.form} onSubmit={onSubmit} noValidate={section.checkRequired} aria-busy={sending} method="post" action={section.endpoint}>
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
          <div className={css.honeypot} aria-hidden="true">
            <label htmlFor={fieldId(HONEYPOT)}>{site.ui.honeypotLabel}</label>
            <input
              id={fieldId(HONEYPOT)}
              name={HONEYPOT}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={values[HONEYPOT]}
              onChange={(e) => setValues((v) => ({ ...v, [HONEYPOT]: e.target.value }))}
            />
          </div>
          <div className={css.footer}>
            <button type="submit" className={button} disabled={!ready || sending}>
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
        {section.aside && (
          <aside className={css.aside}>
            <h3 className={css.asideHeading}>{section.aside.heading}</h3>
            <ul className={css.asideList}>
              {section.aside.items.map((item) => (
                <li key={item.title} className={asideIcons ? `${css.asideItem} ${css.asideItemWithIcon}` : css.asideItem}>
                  {item.icon ? <Img src={item.icon} alt="" className={css.asideIcon} /> : asideIcons && <span />}
                  <div>
                    <h4 className={css.asideTitle}>{item.title}</h4>
                    <p className={css.asideText}>{item.text}</p>
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
