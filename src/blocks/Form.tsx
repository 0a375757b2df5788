import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import site from "virtual:site";
import type { SectionOf } from "../content/types.ts";
import { Img } from "../app/Img.tsx";
import { missingRequired, sendForm } from "../forms/send.ts";
import { button } from "../styles/layout.css.ts";
import { Section } from "./Section.tsx";
import * as css from "./Form.css.ts";

type FormSection = SectionOf<"form">;
type Field = FormSection["fields"][number];

/** The hidden field robots fill in and people never see; the server files such posts as spam. */
const HONEYPOT = "website";

const emptyValues = (fields: Field[]) => Object.fromEntries([...fields.map((f) => [f.name, ""]), [HONEYPOT, ""]]) as Record<string, string>;

/**
 * An enquiry form: posts JSON to its endpoint and answers with the toasts of spec section 8.
 * On success it clears; on any failure every value stays. It cannot send twice at once.
 */
export function Form({ section }: { section: FormSection }) {
  const [values, setValues] = useState(() => emptyValues(section.fields));
  const [sending, setSending] = useState(false);
  const [invalid, setInvalid] = useState<string[]>([]);
  const idPrefix = useId();
  const duration = section.form === "quote" ? site.behaviour.toasts.quoteMs : site.behaviour.toasts.contactMs;
  const { toasts } = section;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (section.checkRequired) {
      const missing = missingRequired(values, section.fields.filter((f) => f.required).map((f) => f.name));
      setInvalid(missing);
      if (missing.length > 0) {
        const t = toasts.invalid ?? toasts.failure;
        toast.error(t.title, { description: t.text, duration });
        document.getElementById(`${idPrefix}-${missing[0]}`)?.focus();
        return;
      }
    }
    setSending(true);
    const outcome = await sendForm(section.endpoint, values);
    setSending(false);
    if (outcome.kind === "success") {
      toast.success(toasts.success.title, { description: toasts.success.text, duration });
      setValues(emptyValues(section.fields));
      setInvalid([]);
    } else if (outcome.kind === "failure") {
      console.error(`${section.form} form: the server refused the submission`, outcome.serverMessage ?? "");
      const text = section.serverMessage && outcome.serverMessage ? outcome.serverMessage : toasts.failure.text;
      toast.error(toasts.failure.title, { description: text, duration });
    } else {
      console.error(`${section.form} form: sending failed`, outcome.error);
      toast.error(toasts.error.title, { description: toasts.error.text, duration });
    }
  }

  const input = (f: Field) => {
    const id = `${idPrefix}-${f.name}`;
    const common = {
      id,
      name: f.name,
      value: values[f.name] ?? "",
      required: f.required,
      autoComplete: f.autocomplete,
      placeholder: f.placeholder,
      "aria-invalid": invalid.includes(f.name) || undefined,
      onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f.name]: e.target.value })),
    };
    return f.input === "textarea" ? <textarea {...common} rows={f.rows ?? 6} className={css.textarea} /> : <input {...common} type={f.input} className={css.input} />;
  };

  return (
    <Section heading={section.heading} intro={section.intro}>
      <div className={section.aside ? css.layout : undefined}>
        <form className={css.form} onSubmit={onSubmit} noValidate={section.checkRequired} aria-busy={sending} method="post" action={section.endpoint}>
          {section.fields.map((f) => (
            <div key={f.name} className={f.wide ? `${css.field} ${css.wide}` : css.field}>
              <label htmlFor={`${idPrefix}-${f.name}`} className={css.label}>
                {f.label}
                {f.required && <span className={css.mark} aria-hidden="true">*</span>}
              </label>
              {input(f)}
            </div>
          ))}
          <div className={css.honeypot} aria-hidden="true">
            <label htmlFor={`${idPrefix}-${HONEYPOT}`}>{site.ui.honeypotLabel}</label>
            <input
              id={`${idPrefix}-${HONEYPOT}`}
              name={HONEYPOT}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={values[HONEYPOT]}
              onChange={(e) => setValues((v) => ({ ...v, [HONEYPOT]: e.target.value }))}
            />
          </div>
          <div className={css.footer}>
            <button type="submit" className={button} disabled={sending}>
              {sending ? section.sendingLabel : section.submitLabel}
            </button>
            {section.requiredNote && <p className={css.note}>{section.requiredNote}</p>}
          </div>
        </form>
        {section.aside && (
          <aside className={css.aside}>
            <h3 className={css.asideHeading}>{section.aside.heading}</h3>
            <ul className={css.asideList}>
              {section.aside.items.map((item) => (
                <li key={item.title} className={css.asideItem}>
                  {item.icon ? <Img src={item.icon} alt="" className={css.asideIcon} /> : <span />}
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
