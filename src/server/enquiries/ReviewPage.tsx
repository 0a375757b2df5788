/**
 * The page a digest's link opens: the held enquiry's summary (present/held-enquiry.ts, as the digest
 * shows it) and one button, or what was already done, or why the link is refused. React components
 * rendered to static markup, styled by one small stylesheet in the page (the pages' policy allows
 * inline styles): nothing is fetched, no script runs.
 */
import type { ReactNode } from "react";
import { formatReceived } from "../present/enquiry.ts";
import { heldEntry, type HeldEntry } from "../present/held-enquiry.ts";
import { Document } from "../present/Document.tsx";
import { renderDocument } from "../present/render.ts";
import type { ReviewAction, SubmissionRow } from "../store/index.ts";

const STYLE = `body{margin:0;padding:16px;font-family:system-ui,sans-serif;font-size:17px;line-height:1.45;color:#111;background:#fff}
main{max-width:36rem;margin:0 auto}dt{font-weight:600;margin-top:8px}dd{margin:0;overflow-wrap:anywhere}
button{font:inherit;padding:12px 20px;margin-top:16px;border:0;border-radius:6px;background:#0b5;color:#fff;cursor:pointer}
button.spam{background:#b30}`;

function ReviewPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Document
      title={title}
      head={
        <>
          <meta name="robots" content="noindex, nofollow" />
          <meta name="referrer" content="no-referrer" />
          <style>{STYLE}</style>
        </>
      }
    >
      <body>
        <main>
          <h1>{title}</h1>
          {children}
        </main>
      </body>
    </Document>
  );
}

function Summary({ entry: e }: { entry: HeldEntry }) {
  const items: Array<[string, string]> = [
    ["Reference", `${e.reference} (${e.form}, ${e.received})`],
    ["Name", e.name || "(not given)"],
    ["E-mail", e.email || "(not given)"],
    ["Message", e.excerpt || "(none)"],
    ["Came from", e.source.join("; ") || "not known"],
    ["Held because", e.reasons.join(" ")],
  ];
  return <dl>{items.map(([label, value]) => [<dt key={`${label}:`}>{label}</dt>, <dd key={label}>{value}</dd>])}</dl>;
}

const ASK: Record<ReviewAction, { title: string; button: string; says: string }> = {
  released: {
    title: "Release this enquiry?",
    button: "Release: send it to sales",
    says: "Sales gets it by mail, and the sender their receipt, as if it had never been held.",
  },
  spam: { title: "Mark this enquiry as spam?", button: "Mark as spam", says: "It stays held, is never mailed, and is removed within a few weeks." },
};

/** The page with the button: its form posts back to the link itself. */
export function askPage(row: SubmissionRow, action: ReviewAction, path: string): string {
  const ask = ASK[action];
  return renderDocument(
    <ReviewPage title={ask.title}>
      <Summary entry={heldEntry(row)} />
      <p>{ask.says}</p>
      <form method="post" action={path}>
        <button type="submit" className={action === "spam" ? "spam" : undefined}>
          {ask.button}
        </button>
      </form>
    </ReviewPage>,
  );
}

/** What became of the enquiry: just now (`done`), or earlier, by this link, the other one or the command line. */
export function outcomePage(row: SubmissionRow, done: boolean): string {
  const e = heldEntry(row);
  const when = row.review ? ` on ${formatReceived(row.review.at)}` : "";
  const [title, text] =
    row.review?.action === "spam"
      ? [done ? "Marked as spam" : "Already marked as spam", `${e.reference} was marked as spam${when}. Nothing was sent.`]
      : row.status !== "quarantined"
        ? [
            done ? "Released" : "Already released",
            done ? `${e.reference} is on its way to sales, and the sender gets their receipt.` : `${e.reference} was released${when}. Nothing was sent again.`,
          ]
        : ["Still held", `${e.reference} is still held.`];
  return renderDocument(
    <ReviewPage title={title}>
      <p>{text}</p>
      <Summary entry={e} />
    </ReviewPage>,
  );
}

export function refusalPage(title: string, message: string): string {
  return renderDocument(
    <ReviewPage title={title}>
      <p>{message}</p>
    </ReviewPage>,
  );
}
