import { useEffect, useRef, type ReactNode } from "react";
import type { SectionOf } from "../../content/types.ts";
import * as css from "./styles.css.ts";

/**
 * The note that the form was sent, where the form was: the success toast's title (it takes the
 * focus as it appears, so it is read first: by its autofocus attribute on the server's answer page,
 * which runs no script, and by the effect where the island draws it), the toast's text with the
 * reference to quote, what happens next, and `action`, the way to send another.
 */
export function Confirmation({
  section,
  reference,
  heading: Heading,
  action,
}: {
  section: SectionOf<"form">;
  reference?: string | undefined;
  heading: "h2" | "h3";
  action: ReactNode;
}) {
  const { title, text } = section.toasts.success;
  const heading = useRef<HTMLHeadingElement>(null);
  // React applies autoFocus itself only to form controls.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={css.sent} role="status" data-form-sent="">
      <Heading ref={heading} className={css.sentTitle} tabIndex={-1} autoFocus>
        {title}
      </Heading>
      <p className={css.sentText}>
        {text}
        {/* After the spec's words, the reference to quote, as the toast shows it. */}
        {reference && (
          <>
            {" "}
            Your reference is <strong className={css.reference}>{reference}</strong>.
          </>
        )}
      </p>
      {section.nextSteps && <p className={css.sentText}>{section.nextSteps}</p>}
      {action}
    </div>
  );
}
