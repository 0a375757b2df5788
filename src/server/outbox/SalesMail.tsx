/**
 * The sales mail's HTML part: the enquiry as sales reads it on a phone, the reference and the time
 * first, then every field (the address and phone number as links), then where the visit came from.
 * It says what the text part (mail.ts mailText) says, from the same lines (present/enquiry.ts).
 */
import type { ChoiceLabels } from "../../forms/choice-labels.ts";
import type { StoredSubmission } from "../store/index.ts";
import { formatReceived, oneLine, schemaOf, shownFields, sourceRows, SOURCE_UNKNOWN } from "../present/enquiry.ts";
import { FieldList, MailHeader, MailLayout, MailSection, PairList, paragraph } from "../present/MailLayout.tsx";
import { renderDocument } from "../present/render.ts";

interface SalesMailProps {
  submission: StoredSubmission;
  labels?: ChoiceLabels | undefined;
  timeZone?: string | undefined;
}

function SalesMail({ submission, labels, timeZone }: SalesMailProps) {
  const schema = schemaOf(submission.kind);
  const heading = schema["x-form"].heading;
  const received = formatReceived(submission.createdAt, timeZone);
  const sender = oneLine(submission.payload.name) || "the sender";
  const source = sourceRows(submission.source ?? {});
  return (
    <MailLayout
      title={`${heading} ${submission.reference}`}
      preheader={`${submission.reference} · received ${received}`}
      footer={
        <>
          Submission #{submission.id}, received {submission.createdAt.toISOString()} (UTC).
          {submission.ip ? ` Sender IP: ${submission.ip}.` : ""}
        </>
      }
    >
      <MailHeader kicker={`Reference ${submission.reference}`} title={heading} />
      <MailSection tint>
        <p style={{ ...paragraph, margin: 0 }}>
          Received {received}. The sender was given the reference <strong style={{ whiteSpace: "nowrap" }}>{submission.reference}</strong>; quote it in replies.
          Reply to this e-mail to answer {sender} directly.
        </p>
      </MailSection>
      <MailSection heading="The enquiry">
        <FieldList fields={shownFields(submission.kind, submission.payload, labels)} />
      </MailSection>
      <MailSection heading="Where the visit came from">
        {source.length ? <PairList rows={source} /> : <p style={{ ...paragraph, margin: 0 }}>{SOURCE_UNKNOWN}</p>}
      </MailSection>
    </MailLayout>
  );
}

/** The sales mail's HTML part, a whole document. */
export function salesMailHtml(submission: StoredSubmission, labels?: ChoiceLabels, timeZone?: string): string {
  return renderDocument(<SalesMail submission={submission} labels={labels} timeZone={timeZone} />);
}
