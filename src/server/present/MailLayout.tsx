/**
 * The frame of every HTML mail: one centred column of at most 600 px on a grey ground, built of
 * tables with inline styles, which is what mail clients (Gmail, Outlook, a phone's mail app) render
 * alike; no stylesheet, no web font, no script. Sections and field lists are the parts the mails
 * (and later the digest and the weekly summary) put in it. The colours are the site's (ink, accent).
 */
import type { CSSProperties, ReactNode } from "react";
import type { ShownField } from "./enquiry.ts";
import { Document } from "./Document.tsx";

export const MAIL_COLORS = { ink: "#0b1a2e", muted: "#4b5563", line: "#e5e7eb", ground: "#f3f4f6", accent: "#6d28d9", accentSoft: "#ede9fe" } as const;

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** A table used for layout: no borders, no spacing, read by screen readers as no table. */
function LayoutTable({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} border={0} style={{ borderCollapse: "collapse", ...style }}>
      <tbody>{children}</tbody>
    </table>
  );
}

export interface MailLayoutProps {
  /** The document's title (some clients show it). */
  title: string;
  /** The line a mail app shows beside the subject in the inbox, hidden in the mail itself. */
  preheader?: string;
  /** Small print under the card. */
  footer?: ReactNode;
  /** Rows of the card: MailSection elements. */
  children: ReactNode;
}

export function MailLayout({ title, preheader, footer, children }: MailLayoutProps) {
  return (
    <Document title={title} head={<meta name="color-scheme" content="light" />}>
      <body style={{ margin: 0, padding: 0, backgroundColor: MAIL_COLORS.ground, color: MAIL_COLORS.ink, fontFamily: FONT }}>
        {preheader ? <div style={{ display: "none", maxHeight: 0, overflow: "hidden", opacity: 0, fontSize: 1, lineHeight: "1px" }}>{preheader}</div> : null}
        <LayoutTable style={{ backgroundColor: MAIL_COLORS.ground }}>
          <tr>
            <td align="center" style={{ padding: "16px 8px" }}>
              <LayoutTable style={{ maxWidth: 600, backgroundColor: "#ffffff", borderRadius: 8, border: `1px solid ${MAIL_COLORS.line}` }}>
                {children}
              </LayoutTable>
              {footer ? (
                <LayoutTable style={{ maxWidth: 600 }}>
                  <tr>
                    <td style={{ padding: "12px 16px", fontSize: 12, lineHeight: "18px", color: MAIL_COLORS.muted }}>{footer}</td>
                  </tr>
                </LayoutTable>
              ) : null}
            </td>
          </tr>
        </LayoutTable>
      </body>
    </Document>
  );
}

/** A row of the card; `heading` in small capitals above it; `tint` for the row that matters most. */
export function MailSection({ heading, tint, children }: { heading?: string; tint?: boolean; children: ReactNode }) {
  return (
    <tr>
      <td
        style={{
          padding: "16px 20px",
          borderTop: `1px solid ${MAIL_COLORS.line}`,
          fontSize: 16,
          lineHeight: "24px",
          ...(tint ? { backgroundColor: MAIL_COLORS.accentSoft } : {}),
        }}
      >
        {heading ? (
          <p style={{ margin: "0 0 8px", fontSize: 12, lineHeight: "16px", letterSpacing: "0.06em", textTransform: "uppercase", color: MAIL_COLORS.muted }}>
            {heading}
          </p>
        ) : null}
        {children}
      </td>
    </tr>
  );
}

/** The card's top: the mail's title on the accent colour. */
export function MailHeader({ kicker, title }: { kicker?: string; title: string }) {
  return (
    <tr>
      <td style={{ padding: "18px 20px", backgroundColor: MAIL_COLORS.accent, color: "#ffffff", borderRadius: "8px 8px 0 0" }}>
        {kicker ? <p style={{ margin: "0 0 4px", fontSize: 13, lineHeight: "18px", opacity: 0.9 }}>{kicker}</p> : null}
        <h1 style={{ margin: 0, fontSize: 20, lineHeight: "26px", fontWeight: 700 }}>{title}</h1>
      </td>
    </tr>
  );
}

export const paragraph: CSSProperties = { margin: "0 0 12px" };
export const link: CSSProperties = { color: MAIL_COLORS.accent, textDecoration: "underline" };

/** A field's value: an address or a phone number as a link the phone can follow, a message with its line breaks. */
function FieldValue({ field }: { field: ShownField }) {
  if (!field.value) return <span style={{ color: MAIL_COLORS.muted }}>(not given)</span>;
  if (field.type === "email")
    return (
      <a href={`mailto:${field.value}`} style={link}>
        {field.value}
      </a>
    );
  if (field.type === "tel")
    return (
      <a href={`tel:${field.value.replace(/[^\d+]/g, "")}`} style={link}>
        {field.value}
      </a>
    );
  return <span style={field.multiline ? { whiteSpace: "pre-wrap" } : undefined}>{field.value}</span>;
}

/**
 * Fields as label-over-value pairs: one column, so a phone shows them without scrolling sideways.
 * `skipEmpty` leaves out what was not given.
 */
export function FieldList({ fields, skipEmpty = false }: { fields: readonly ShownField[]; skipEmpty?: boolean }) {
  return (
    <LayoutTable>
      {fields
        .filter((f) => !skipEmpty || f.value)
        .map((f) => (
          <tr key={f.name}>
            <td style={{ padding: "0 0 12px" }}>
              <div style={{ fontSize: 13, lineHeight: "18px", color: MAIL_COLORS.muted }}>{f.label}</div>
              <div style={{ fontSize: 16, lineHeight: "24px", wordBreak: "break-word" }}>
                <FieldValue field={f} />
              </div>
            </td>
          </tr>
        ))}
    </LayoutTable>
  );
}

/** [label, value] rows in two narrow columns (where the visit came from, contact details). */
export function PairList({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <LayoutTable>
      {rows.map(([label, value]) => (
        <tr key={label}>
          <td style={{ padding: "0 12px 6px 0", fontSize: 14, lineHeight: "20px", color: MAIL_COLORS.muted, verticalAlign: "top", whiteSpace: "nowrap" }}>
            {label}
          </td>
          <td style={{ padding: "0 0 6px", fontSize: 14, lineHeight: "20px", wordBreak: "break-word" }}>{value}</td>
        </tr>
      ))}
    </LayoutTable>
  );
}
