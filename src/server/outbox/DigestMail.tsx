/**
 * The digest's HTML part: the held enquiries in one narrow card a phone's mail app shows whole,
 * each with what sales needs to judge it (present/held-enquiry.ts) and its Release and Spam buttons.
 * It says what the text part (digest-mail.ts digestText) says, with the same intro.
 */
import type { CSSProperties } from "react";
import { REVIEW_LINK_DAYS } from "../env.ts";
import { ELLIPSIS, type HeldEntry } from "../present/held-enquiry.ts";
import { link, MAIL_COLORS, MailHeader, MailLayout, MailSection, PairList, paragraph } from "../present/MailLayout.tsx";
import { renderDocument } from "../present/render.ts";

export const held = (n: number) => `${n} held enquir${n === 1 ? "y" : "ies"}`;

/** The digest's first paragraph: what it lists, what the buttons do, and what is left for the next one. */
export const digestIntro = (n: number, more: number) =>
  `${held(n)} since the last digest. The spam checks had a doubt about ${n === 1 ? "it" : "each"}: nothing was mailed to sales or to the sender. ` +
  `Release sends one on as if it had never been held; Spam keeps it out. The links work once, for ${REVIEW_LINK_DAYS} days.` +
  (more > 0 ? ` ${held(more)} more ${more === 1 ? "is" : "are"} not listed here: the next digest, sent right after this one, lists them.` : "");

const button = (background: string): CSSProperties => ({
  display: "inline-block",
  padding: "10px 18px",
  margin: "0 8px 0 0",
  color: "#ffffff",
  backgroundColor: background,
  borderRadius: 6,
  fontWeight: 600,
  textDecoration: "none",
});

function HeldItem({ entry: e }: { entry: HeldEntry }) {
  const lines = (values: readonly string[]) => values.map((v, i) => <div key={i}>{v}</div>);
  return (
    <MailSection>
      <p style={{ ...paragraph, margin: "0 0 8px" }}>
        <strong>{e.reference}</strong> · {e.form} · <span style={{ color: MAIL_COLORS.muted }}>{e.received}</span>
      </p>
      <PairList
        rows={[
          ["Name", e.name || "(not given)"],
          [
            "E-mail",
            // A cut address is no address to write to: shown as text.
            !e.email ? (
              "(not given)"
            ) : e.email.endsWith(ELLIPSIS) ? (
              e.email
            ) : (
              <a href={`mailto:${e.email}`} style={link}>
                {e.email}
              </a>
            ),
          ],
          ["Message", e.excerpt || "(no message)"],
          ["Came from", e.source.length ? lines(e.source) : "not known"],
        ]}
      />
      <p style={{ margin: "8px 0 0", fontSize: 14, lineHeight: "20px", color: MAIL_COLORS.muted }}>Held because:</p>
      <ul style={{ margin: 0, paddingLeft: 20, fontSize: 14, lineHeight: "20px" }}>
        {e.reasons.map((r, i) => (
          <li key={i}>{r}</li>
        ))}
      </ul>
      {e.note ? (
        <p style={{ margin: "8px 0 0" }}>
          <em>{e.note}</em>
        </p>
      ) : null}
      {e.links ? (
        <p style={{ margin: "12px 0 0" }}>
          <a href={e.links.release} style={button("#0a7d3b")}>
            Release
          </a>{" "}
          <a href={e.links.spam} style={button("#b3300b")}>
            Spam
          </a>
        </p>
      ) : null}
    </MailSection>
  );
}

function DigestMail({ entries, more }: { entries: readonly HeldEntry[]; more: number }) {
  const title = held(entries.length);
  return (
    <MailLayout
      title={title}
      preheader={entries.map((e) => e.reference).join(", ")}
      footer="Sent by the website when its spam checks held enquiries: one digest a day at most, and the next page of a long list at once."
    >
      <MailHeader kicker="Held for review" title={title} />
      <MailSection tint>
        <p style={{ ...paragraph, margin: 0 }}>{digestIntro(entries.length, more)}</p>
      </MailSection>
      {entries.map((e) => (
        <HeldItem key={e.reference} entry={e} />
      ))}
    </MailLayout>
  );
}

/** The digest's HTML part, a whole document; `more`: the held enquiries left for the next digest. */
export function digestHtml(entries: readonly HeldEntry[], more = 0): string {
  return renderDocument(<DigestMail entries={entries} more={more} />);
}
