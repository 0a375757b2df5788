/** The enquiry store, as the server and the scripts use it. */
export { StorageError, type OpenOptions, type StoreLocation } from "../database/index.ts";
export { CONFIRMED_SPAM_DAYS, QUARANTINE_DAYS, ReplayedError, SUBMISSION_STATUSES } from "./core.ts";
export type { DeliveryState, ReviewAction, NewDelivery, NewSubmission } from "./core.ts";
export type { StoredSubmission, Submission, SubmissionRow, SubmissionStatus } from "./core.ts";
export type { DeliveryJob, DueFilter, KindStats, QueueStats } from "./deliveries.ts";
export { EnquiryStore, type ListFilter } from "./enquiries.ts";
export type { DigestInfo, SummaryWindow, WeekFigures } from "./reviews.ts";
