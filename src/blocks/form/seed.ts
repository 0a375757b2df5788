import { createContext } from "react";
import type { RefusalNotice } from "./refusal.ts";

/**
 * A refused post sent without script, drawn again by the server (src/entry-form-answer.tsx): the
 * values the visitor sent into the form that posts to `endpoint`, and why it was refused. No page
 * the build prerenders has one.
 */
export interface FormSeed {
  endpoint: string;
  values: Record<string, string>;
  notice: RefusalNotice;
}

export const FormSeedContext = createContext<FormSeed | null>(null);
