/**
 * When a digest's mail went out: the held enquiries of a digest never sent (refused, failed) are
 * listed again by the next.
 */
import { run, type Step } from "./statements.ts";

export const up: Step = (database, db) => run(database, db, `ALTER TABLE digests ADD COLUMN sent_at {time}`);
