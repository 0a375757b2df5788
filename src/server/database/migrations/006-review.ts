/** What a person decided about a held enquiry (the digest's Release and Spam links), and when. */
import { run, type Step } from "./statements.ts";

export const up: Step = (database, db) =>
  run(database, db, `ALTER TABLE submissions ADD COLUMN review text`, `ALTER TABLE submissions ADD COLUMN reviewed_at {time}`);
