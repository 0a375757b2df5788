/** The enquiry store, as the server and the scripts use it. */
export { StorageError, type OpenOptions, type StoreLocation } from "./database.ts";
export { CONFIRMED_SPAM_DAYS, QUARANTINE_DAYS, ReplayedError, SUBMISSION_STATUSES } from "./core.ts";
export type { DeliveryState, Review, ReviewAction, LeadSource, ListFilter, NewDelivery, NewSubmission } from "./core.ts";
export type { StoredSubmission, Submission, SubmissionRow, SubmissionStatus } from "./core.ts";
export type { DeliveryJob, DueFilter, KindStats, QueueStats } from "./deliveries.ts";
export { submissionOf } from "./deliveries.ts";
export { EnquiryStore, openStore } from "./enquiries.ts";
export type { DigestInfo, SummaryWindow, WeekFigures } from "./reviews.ts";
export type { FormKind } from "../../forms/kinds.generated.ts";
