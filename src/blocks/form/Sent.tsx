import type { SectionOf } from "../../content/types.ts";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { buttonOutline } from "../../styles/layout.css.ts";
import { Section } from "../Section.tsx";
import { Confirmation } from "./Confirmation.tsx";

/** What a visitor without script sees once the server took their form: the confirmation, and the way back to the form's page. */
export function Sent({ section, formPath, reference }: { section: SectionOf<"form">; formPath: string; reference?: string | undefined }) {
  return (
    <Section>
      <Confirmation
        section={section}
        reference={reference}
        heading="h2"
        action={
          <SmartLink href={formPath} className={buttonOutline}>
            {section.backLabel}
          </SmartLink>
        }
      />
    </Section>
  );
}
