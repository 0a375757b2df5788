/** The "weekly-summary" delivery: the week's figures (weekly-summary.ts), read when it is sent, to DIGEST_TO or MAIL_TO. */
import type { MailTransport } from "../mail.ts";
import type { Sender } from "../sender.ts";
import type { EnquiryStore } from "../../store/index.ts";
import { composeWeeklySummary, type SummarySettings } from "../weekly-summary.ts";
import { isPermanentRefusal } from "./sales-mail.ts";
import { weeklyAnalytics } from "../../analytics/weekly.ts";
import { defineKind } from "./kind.ts";
import { dayIn, summaryWeek } from "../../site-time.ts";

export function weeklySummarySender(transport: MailTransport, store: EnquiryStore, settings: SummarySettings & { timeZone: string }): Sender {
  return {
    async send(job, signal) {
      // The week is the 7 whole days before the send day (summaryWeek), read from the day the job was
      // queued for: a job queued with an older window (up to the send hour) still gives whole days,
      // the same ones the site's daily figures cover.
      const sendDay = dayIn(new Date((job.payload as { to: string }).to), settings.timeZone);
      const window = summaryWeek(sendDay, settings.timeZone);
      const before = summaryWeek(dayIn(window.from, settings.timeZone), settings.timeZone);
      const site = await weeklyAnalytics(store, window, settings.timeZone);
      const message = composeWeeklySummary(
        window,
        await store.weekFigures(window),
        await store.weekFigures(before),
        { mailFrom: settings.mailFrom, mailTo: job.target ?? settings.mailTo, timeZone: settings.timeZone },
        site,
      );
      return (await transport.send(message, { id: 0, kind: "summary", createdAt: window.from }, signal)).outcome;
    },
    isPermanent: isPermanentRefusal,
  };
}

/** The week's figures (queued by the digest schedule), where a store is at hand. */
export const weeklySummary = defineKind({
  kind: "weekly-summary",
  isSetUp: ({ store }) => store !== undefined,
  sender: ({ config, transport, store }) =>
    weeklySummarySender(transport, store!, { mailTo: config.digest.to, mailFrom: config.mailFrom, timeZone: config.timeZone }),
});
