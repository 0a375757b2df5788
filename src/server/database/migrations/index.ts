/**
 * The enquiry store's schema: one Kysely migration a file (NNN-name.ts, exporting its `up`), in the
 * order applied, under the name each database records (`kysely_migration`), which is its file's.
 * Written once for both databases (statements.ts) and applied by ../migrate.ts.
 *
 * To change the schema, add a file at the end and list it here (never edit a released one), then
 * the column to `Tables` in ../tables.ts. SQLite cannot drop a constraint: such a migration
 * rebuilds the table the way SQLite's manual describes ("Making Other Kinds Of Table Schema
 * Changes"), as 003 does.
 */
import type { Step } from "./statements.ts";
import * as enquiries from "./001-enquiries.ts";
import * as leads from "./002-leads.ts";
import * as formKinds from "./003-form-kinds.ts";
import * as singleUseTokens from "./004-single-use-tokens.ts";
import * as digests from "./005-digests.ts";
import * as review from "./006-review.ts";
import * as weeklySummaries from "./007-weekly-summaries.ts";
import * as digestSent from "./008-digest-sent.ts";
import * as analytics from "./009-analytics.ts";

export interface Migration {
  up: Step;
}

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  "001-enquiries": enquiries,
  "002-leads": leads,
  "003-form-kinds": formKinds,
  "004-single-use-tokens": singleUseTokens,
  "005-digests": digests,
  "006-review": review,
  "007-weekly-summaries": weeklySummaries,
  "008-digest-sent": digestSent,
  "009-analytics": analytics,
};
