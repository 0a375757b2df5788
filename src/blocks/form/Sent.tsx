import type { SectionOf } from "../../content/types.ts";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { buttonOutline } from "../../styles/layout.css.ts";
import { Section } from "../Section.tsx";
import * as css from "./styles.css.ts";

/**
 * What a visitor without script sees once the server took their form: the success toast's title
 * and text (focused as the page loads, so it is read first) and the way back to the form's page.
 */
export function Sent({ section, formPath, reference }: { section: SectionOf<"form">; formPath: string; reference?: string | undefined }) {
  const { title, text } = section.toasts.success;
  return (
    <Section>
      <div className={css.sent} role="status">
        <h2 className={css.sentTitle} tabIndex={-1} autoFocus>
          {title}
        </h2>
        <p className={css.sentText}>
          {text}
          {/* After the spec's words, the reference to quote, as the toast shows it with script. */}
          {reference && ` Your reference is ${reference}.`}
        </p>
        <SmartLink href={formPath} className={buttonOutline}>
          {section.backLabel}
        </SmartLink>
      </div>
    </Section>
  );
}
