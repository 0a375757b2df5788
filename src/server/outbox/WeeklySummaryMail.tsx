/**
 * The weekly summary's HTML part: the week's enquiries beside the week before's, then the site's
 * sections (analytics/render.ts), one narrow table each that a phone shows whole. It says what the
 * text part (weekly-summary.ts) says, from the same lines.
 */
import { Fragment, type CSSProperties } from "react";
import type { ReportSection } from "../analytics/render.ts";
import { MAIL_COLORS, MailHeader, MailLayout, MailSection, paragraph } from "../present/MailLayout.tsx";
import { renderDocument } from "../present/render.ts";

/** One figure of the week beside the week before's. */
export type SummaryLine = { label: string; now: number; before: number; indent: boolean };

const cell: CSSProperties = { padding: "6px 4px", borderBottom: `1px solid ${MAIL_COLORS.line}`, textAlign: "right", verticalAlign: "top" };
const nameCell: CSSProperties = { ...cell, textAlign: "left", paddingLeft: 0 };
const headCell: CSSProperties = { ...cell, fontSize: 12, lineHeight: "16px", fontWeight: 600, color: MAIL_COLORS.muted };
const table: CSSProperties = { width: "100%", borderCollapse: "collapse", fontSize: 14, lineHeight: "20px" };

function EnquiryTable({ lines }: { lines: readonly SummaryLine[] }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={table}>
      <tbody>
        <tr>
          <th style={{ ...headCell, textAlign: "left", paddingLeft: 0 }}></th>
          <th style={headCell}>This week</th>
          <th style={headCell}>Week before</th>
        </tr>
        {lines.map((l) => (
          <tr key={l.label}>
            <td style={{ ...nameCell, ...(l.indent ? { paddingLeft: 16, color: MAIL_COLORS.muted } : { fontWeight: 600 }) }}>{l.label}</td>
            <td style={cell}>{l.now}</td>
            <td style={{ ...cell, color: MAIL_COLORS.muted }}>{l.before}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A section of the site's figures: each figure with the week before's in grey under it. With three
 * columns of figures or more, a phone's narrow card left the name beside them a few letters wide
 * ("/servi ces"): there each name takes a line of its own, its figures under it across the width.
 */
function ReportTable({ section }: { section: ReportSection }) {
  const stacked = section.columns.length >= 3;
  const figures = (cells: ReadonlyArray<readonly [string, string]>) =>
    cells.map(([now, before], i) => (
      <td key={i} style={cell}>
        {now}
        <br />
        <span style={{ color: MAIL_COLORS.muted, fontSize: 12 }}>{before}</span>
      </td>
    ));
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={table}>
      <tbody>
        <tr>
          {stacked ? null : <th style={{ ...headCell, textAlign: "left", paddingLeft: 0 }}></th>}
          {section.columns.map((c) => (
            // Stacked, the columns share the width alike: else the last one wraps "≤ 0.025 good".
            <th key={c} style={stacked ? { ...headCell, width: `${Math.floor(100 / section.columns.length)}%` } : headCell}>
              {c}
            </th>
          ))}
        </tr>
        {section.rows.length === 0 ? (
          <tr>
            <td style={nameCell} colSpan={section.columns.length + (stacked ? 0 : 1)}>
              None counted
            </td>
          </tr>
        ) : (
          section.rows.map((r) =>
            stacked ? (
              <Fragment key={r.name}>
                <tr>
                  <td colSpan={section.columns.length} style={{ ...nameCell, borderBottom: "none", paddingBottom: 0, overflowWrap: "anywhere" }}>
                    {r.name}
                  </td>
                </tr>
                <tr>{figures(r.cells)}</tr>
              </Fragment>
            ) : (
              <tr key={r.name}>
                <td style={{ ...nameCell, wordBreak: "break-all" }}>{r.name}</td>
                {figures(r.cells)}
              </tr>
            ),
          )
        )}
      </tbody>
    </table>
  );
}

interface WeeklySummaryProps {
  period: string;
  lines: readonly SummaryLine[];
  /** What the text part says about the deliveries. */
  deliveries: string;
  site?: readonly ReportSection[] | undefined;
}

function WeeklySummaryMail({ period, lines, deliveries, site }: WeeklySummaryProps) {
  return (
    <MailLayout title="The website's week" preheader={period} footer="Sent by the website once a week. In grey: the week before.">
      <MailHeader kicker="Weekly summary" title="The website's week" />
      <MailSection>
        <p style={paragraph}>The website's week, {period}.</p>
        <EnquiryTable lines={lines} />
        <p style={{ ...paragraph, margin: "12px 0 0" }}>{deliveries}</p>
      </MailSection>
      {site?.map((section) => (
        <MailSection key={section.title} heading={section.title}>
          <ReportTable section={section} />
        </MailSection>
      ))}
    </MailLayout>
  );
}

/** The weekly summary's HTML part, a whole document. */
export const weeklySummaryHtml = (props: WeeklySummaryProps): string => renderDocument(<WeeklySummaryMail {...props} />);
