/** The weekly summary to sales: one row a week, so instances send one between them. */
import { run, type Step } from "./statements.ts";

export const up: Step = (database, db) => run(database, db, `CREATE TABLE weekly_summaries (week text PRIMARY KEY, created_at {time} NOT NULL)`);
