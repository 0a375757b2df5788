/** A time token is single-use too, not only an ALTCHA nonce: one table for both. */
import { run, type Step } from "./statements.ts";

export const up: Step = (database, db) =>
  run(database, db, `ALTER TABLE altcha_nonces RENAME TO used_tokens`, `ALTER TABLE used_tokens RENAME COLUMN nonce TO token`);
