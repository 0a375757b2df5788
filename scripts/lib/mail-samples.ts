/**
 * Sample data for `npm run mails` (scripts/mail-preview.ts): one week of a Surat automation firm's
 * website, typed with the store's and the compose functions' own types, so a change to what a mail
 * is composed from breaks the type check here rather than the preview silently showing less.
 */
import type { SendMailOptions } from "nodemailer";
import type { PeriodReport } from "../../src/server/analytics/report.ts";
import { reportSections, reportText } from "../../src/server/analytics/render.ts";
import type { SummarySection } from "../../src/server/analytics/weekly.ts";
import type { SalesContact } from "../../src/handover/built-site.ts";
import { reviewKey, reviewPath } from "../../src/server/enquiries/review-link.ts";
import { composeDigest, type DigestSettings } from "../../src/server/outbox/digest-mail.ts";
import { composeMail, type MailSettings } from "../../src/server/outbox/mail.ts";
import { composeReceipt, type ReceiptSettings } from "../../src/server/outbox/receipt.ts";
import { composeWeeklySummary, type SummarySettings } from "../../src/server/outbox/weekly-summary.ts";
import { doubt, type Finding } from "../../src/server/spam/findings.ts";
import type { DigestInfo, StoredSubmission, SubmissionRow, SummaryWindow, WeekFigures } from "../../src/server/store/index.ts";
import { referenceFor } from "../../src/server/store/reference.ts";
import type { Percentile } from "../../src/server/analytics/vitals.ts";

const SITE_URL = "https://www.lariox.in";
const MAIL_FROM = '"Lariox website" <website@lariox.in>';
const MAIL_TO = "sales@lariox.in";
const TIME_ZONE = "Asia/Kolkata";

export const sales: SalesContact = {
  company: "Lariox Automation",
  siteUrl: SITE_URL,
  email: "sales@lariox.in",
  phones: ["+91 261 400 1234", "+91 98250 12345"],
  hours: "Mon-Sat 9 AM-6 PM",
  address: "Plot 12, Ring Road, Surat 395002, Gujarat, India",
  whatsapp: "+91 98250 12345",
};

const enquiryAt = new Date("2026-11-20T09:15:00Z");

/** A real-looking enquiry: a dyeing house in Surat asking about a PLC migration. */
export const enquiry: StoredSubmission = {
  id: 1287,
  kind: "contact",
  payload: {
    name: "Dhruv Patel (ધ્રુવ પટેલ)",
    subject: "Siemens S7-300 to S7-1500 migration on two jet dyeing machines",
    email: "dhruv.patel@shreeambikatextiles.in",
    phone: "+91 98765 43210",
    company: "Shree Ambika Textiles & Processors, Surat",
    message: [
      "We run two Thies jet dyeing machines on Siemens S7-300 (CPU 315-2 DP) with a WinCC flexible panel. One CPU failed last month and spares are hard to get. Can you migrate both to S7-1500 and TIA Portal without changing the field wiring? The ET 200M remote I/O should stay.",
      "We can stop the machines only on Sundays. Please send a rough cost and how many Sundays you need.",
    ].join("\n\n"),
    website: "",
  },
  ip: "203.0.113.47",
  userAgent: "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
  createdAt: enquiryAt,
  reference: referenceFor(1287, enquiryAt, TIME_ZONE),
  reasons: null,
  source: {
    page: "/contact",
    landingPage: "/services",
    referrer: "https://www.google.com/",
    utmSource: "google",
    utmMedium: "cpc",
    utmCampaign: "plc-migration-gujarat",
    utmTerm: "s7-300 to s7-1500 migration surat",
  },
  review: null,
};

const digestAt = new Date("2026-11-21T03:30:00Z"); // 9:00 IST, the digest's hour

/** A held enquiry as the store lists it for a digest: quarantined, nothing delivered, its doubts kept. */
function heldRow(id: number, minutesBefore: number, fields: Pick<StoredSubmission, "kind" | "payload" | "source" | "ip">, doubts: Finding[]): SubmissionRow {
  const createdAt = new Date(digestAt.getTime() - minutesBefore * 60_000);
  return {
    ...fields,
    id,
    userAgent: null,
    createdAt,
    reference: referenceFor(id, createdAt, TIME_ZONE),
    reasons: doubts,
    review: null,
    status: "quarantined",
    deliveries: [],
  };
}

/** Three held enquiries: a real buyer with a throw-away address, a link-laden pitch posted without the page, and one sent twice. */
export const heldRows: SubmissionRow[] = [
  heldRow(
    1291,
    13 * 60,
    {
      kind: "quote",
      payload: {
        name: "Rakesh Shah",
        email: "rakesh.shah@mailinator.com",
        phone: "+91 99250 44120",
        company: "Navsari Agro Foods",
        project: "AVEVA InTouch HMI for a new spray dryer",
        requirements:
          "Need InTouch 2023 R2 licences (2 runtime, 1 dev) and the screens for a milk powder spray dryer, about 600 tags on an Allen-Bradley CompactLogix. Commissioning by March.",
        website: "",
      },
      source: { page: "/get-a-quote", landingPage: "/aveva/aveva-intouch", utmSource: "newsletter", utmMedium: "email", utmCampaign: "aveva-2026-11" },
      ip: "203.0.113.90",
    },
    [
      doubt("disposable-email", "disposable", "The reply address is at mailinator.com, a throw-away mail service."),
      doubt("time-trap", "too-fast", "Sent 2.1 s after the form was shown; a person needs at least 3 s."),
    ],
  ),
  heldRow(
    1294,
    6 * 60,
    {
      kind: "contact",
      payload: {
        name: "Priya Sharma",
        subject: "Rank #1 on Google for PLC keywords",
        email: "priya@growthseo-agency.example",
        phone: "",
        company: "Growth SEO Agency",
        message:
          "Hello sir, your website https://www.lariox.in is not ranking for PLC Surat. We can bring 300% more leads: see https://growthseo-agency.example/plans and https://growthseo-agency.example/case-studies or WhatsApp https://wa.me/910000000000 for a free audit.",
        website: "",
      },
      // Posted straight to the endpoint, without the page: nothing is known of the visit.
      source: {},
      ip: "198.51.100.23",
    },
    [doubt("links", "links", "4 links in the post."), doubt("repeat", "copied", "The same message came from 6 other addresses recently.")],
  ),
  heldRow(
    1296,
    2 * 60,
    {
      kind: "contact",
      payload: {
        name: "મહેશ દેસાઈ (Mahesh Desai)",
        subject: "VFD tripping on the stenter",
        email: "mahesh.desai@kiranprocessors.in",
        phone: "+91 97240 11873",
        company: "Kiran Processors, Pandesara GIDC",
        message:
          "Our stenter's ABB ACS580 drive trips with fault 2310 (overcurrent) every few hours since the motor was rewound. Can your engineer visit this week?",
        website: "",
      },
      source: { page: "/contact", landingPage: "/services", referrer: "https://www.google.com/" },
      ip: "203.0.113.15",
    },
    // Sent twice (the back button, then Send again): the second post reused the form's time token.
    [doubt("time-trap", "reused", "The form's time token already carried an earlier enquiry.")],
  ),
];

const vital = (value: number, samples: number, rating: Percentile["rating"]): Percentile => ({ value, above: false, samples, rating });

/** A week of the site as periodReport would read it from the store, and the week before. */
export const thisWeek: PeriodReport = {
  period: { from: "2026-11-16", to: "2026-11-23" },
  views: 4812,
  visitors: 1957,
  enquiries: 23,
  pages: [
    { path: "/", views: 1420, visitors: 1104 },
    { path: "/services", views: 611, visitors: 402 },
    { path: "/aveva/aveva-intouch", views: 388, visitors: 251 },
    { path: "/products", views: 342, visitors: 229 },
    { path: "/contact", views: 297, visitors: 240 },
    { path: "/get-a-quote", views: 173, visitors: 131 },
  ],
  sources: [
    { name: "google", visits: 894, enquiries: 9 },
    { name: "direct or not known", visits: 612, enquiries: 7 },
    { name: "www.linkedin.com", visits: 203, enquiries: 4 },
    { name: "newsletter", visits: 121, enquiries: 3 },
  ],
  campaigns: [
    { name: "google / cpc / plc-migration-gujarat", visits: 402, enquiries: 6 },
    { name: "newsletter / email / aveva-2026-11", visits: 121, enquiries: 3 },
  ],
  landings: [
    { name: "/", visits: 980, enquiries: 8 },
    { name: "/services", visits: 377, enquiries: 7 },
    { name: "/aveva/aveva-intouch", visits: 214, enquiries: 5 },
  ],
  vitals: [
    { path: "/", lcp: vital(1750, 812, "good"), inp: vital(100, 503, "good"), cls: vital(0.025, 790, "good") },
    { path: "/services", lcp: vital(2250, 233, "good"), inp: vital(150, 141, "good"), cls: vital(0.05, 228, "good") },
    { path: "/aveva/aveva-intouch", lcp: vital(3000, 97, "needs improvement"), inp: vital(250, 60, "needs improvement"), cls: vital(0.1, 95, "good") },
  ],
};

export const weekBefore: PeriodReport = {
  period: { from: "2026-11-09", to: "2026-11-16" },
  views: 4127,
  visitors: 1702,
  enquiries: 17,
  pages: [
    { path: "/", views: 1298, visitors: 1011 },
    { path: "/services", views: 540, visitors: 377 },
    { path: "/aveva/aveva-intouch", views: 201, visitors: 150 },
    { path: "/products", views: 366, visitors: 240 },
    { path: "/contact", views: 254, visitors: 209 },
  ],
  sources: [
    { name: "google", visits: 731, enquiries: 7 },
    { name: "direct or not known", visits: 590, enquiries: 6 },
    { name: "www.linkedin.com", visits: 181, enquiries: 4 },
  ],
  campaigns: [{ name: "google / cpc / plc-migration-gujarat", visits: 311, enquiries: 4 }],
  landings: [
    { name: "/", visits: 911, enquiries: 7 },
    { name: "/services", visits: 330, enquiries: 6 },
    { name: "/aveva/aveva-intouch", visits: 120, enquiries: 2 },
  ],
  vitals: [
    { path: "/", lcp: vital(2000, 744, "good"), inp: vital(100, 470, "good"), cls: vital(0.025, 731, "good") },
    { path: "/services", lcp: vital(2250, 205, "good"), inp: vital(125, 122, "good"), cls: vital(0.05, 201, "good") },
  ],
};

/** The enquiries' figures of the two weeks, as the store counts them. */
export const weekFigures: WeekFigures = {
  enquiries: 23,
  byForm: { contact: 15, quote: 8 },
  bySource: { google: 9, "direct or not known": 7, "www.linkedin.com": 4, newsletter: 3 },
  held: 5,
  released: 2,
  confirmedSpam: 3,
  failed: 0,
  waiting: 1,
};
export const weekBeforeFigures: WeekFigures = {
  enquiries: 17,
  byForm: { contact: 12, quote: 5 },
  bySource: { google: 7, "direct or not known": 6, "www.linkedin.com": 4 },
  held: 3,
  released: 1,
  confirmedSpam: 2,
  failed: 1,
  waiting: 0,
};

/** The summary's week: Monday 00:00 to the next Monday 00:00 in India. */
export const summaryWindow: SummaryWindow = { from: new Date("2026-11-15T18:30:00Z"), to: new Date("2026-11-22T18:30:00Z") };

export interface SampleMail {
  /** The HTML file's name, without .html. */
  name: string;
  /** What it is, for the printout. */
  title: string;
  message: SendMailOptions;
}

/** The four mails the server sends, composed from the samples above. */
export function sampleMails(): SampleMail[] {
  const mailSettings: MailSettings = { mailTo: MAIL_TO, mailFrom: MAIL_FROM, timeZone: TIME_ZONE };
  const receiptSettings: ReceiptSettings = { mailFrom: MAIL_FROM, sales, timeZone: TIME_ZONE };
  const linkKey = reviewKey("the preview's own secret, not the server's");
  const digestSettings: DigestSettings = {
    mailTo: MAIL_TO,
    mailFrom: MAIL_FROM,
    linkFor: (id, action, madeAt) => new URL(reviewPath(linkKey, id, action, madeAt), SITE_URL).href,
    maxListed: 50,
  };
  const digest: DigestInfo = { id: 58, day: "2026-11-21", createdAt: digestAt };
  const summarySettings: SummarySettings = { mailTo: MAIL_TO, mailFrom: MAIL_FROM };
  const site: SummarySection = { text: reportText(thisWeek, weekBefore), sections: reportSections(thisWeek, weekBefore) };
  return [
    { name: "sales", title: "the sales mail (outbox/mail.ts composeMail)", message: composeMail(enquiry, mailSettings) },
    {
      name: "receipt",
      title: "the visitor's receipt (outbox/receipt.ts composeReceipt)",
      message: composeReceipt(enquiry, enquiry.reference, receiptSettings),
    },
    { name: "digest", title: "the digest of held enquiries (outbox/digest-mail.ts composeDigest)", message: composeDigest(digest, heldRows, digestSettings) },
    {
      name: "weekly-summary",
      title: "the weekly summary (outbox/weekly-summary.ts composeWeeklySummary)",
      message: composeWeeklySummary(summaryWindow, weekFigures, weekBeforeFigures, summarySettings, site),
    },
  ];
}
