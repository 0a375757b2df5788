/**
 * The page a digest's link opens: the held enquiry's summary and one button, or what was already
 * done, or why the link is refused. Plain HTML written here, styled by one small stylesheet in the
 * page: nothing is fetched, no script runs.
 */
import { digestEntry, type DigestEntry } from "../outbox/digest-mail.ts";
import { formatReceived } from "../outbox/mail.ts";
import type { ReviewAction, SubmissionRow } from "../store/index.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{margin:0;padding:16px;font-family:system-ui,sans-serif;font-size:17px;line-height:1.45;color:#111;background:#fff}
main{max-width:36rem;margin:0 auto}dt{font-weight:600;margin-top:8px}dd{margin:0;overflow-wrap:anywhere}
button{font:inherit;padding:12px 20px;margin-top:16px;border:0;border-radius:6px;background:#0b5;color:#fff;cursor:pointer}
button.spam{background:#b30}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>
`;
}

function summary(e: DigestEntry): string {
  const item = (label: string, value: string) => `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>`;
  return `<dl>${[
    item("Reference", `${e.reference} (${e.form}, ${e.received})`),
    item("Name", e.name || "(not given)"),
    item("E-mail", e.email || "(not given)"),
    item("Message", e.excerpt || "(none)"),
    item("Came from", e.source.join("; ") || "not known"),
    item("Held because", e.reasons.join(" ")),
  ].join("")}</dl>`;
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
  const form = `<form method="post" action="${escapeHtml(path)}"><button type="submit"${action === "spam" ? ' class="spam"' : ""}>${ask.button}</button></form>`;
  return page(ask.title, `${summary(digestEntry(row))}\n<p>${ask.says}</p>\n${form}`);
}

/** What became of the enquiry: just now (`done`), or earlier, by this link, the other one or the command line. */
export function outcomePage(row: SubmissionRow, done: boolean): string {
  const e = digestEntry(row);
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
  return page(title, `<p>${escapeHtml(text)}</p>\n${summary(e)}`);
}

export function refusalPage(title: string, message: string): string {
  return page(title, `<p>${escapeHtml(message)}</p>`);
}
