/**
 * What one layer of the spam defence found about a post. A finding is either clear evidence of
 * a robot ("spam": the post is counted and dropped) or only a doubt ("doubt": the post is kept in
 * quarantine for a person to review, and not mailed). Only what no person's browser sends is
 * spam: a filled honeypot, a time token or proof of work this server did not sign or cannot read.
 * What the text says (links, the blocklist, repeats) is a doubt, however strong.
 */
export type SpamLayer = "honeypot" | "time-trap" | "altcha" | "links" | "repeat" | "disposable-email" | "blocklist" | "gibberish";

export interface Finding {
  layer: SpamLayer;
  severity: "spam" | "doubt";
  /** A short code for counting and tests, e.g. "too-fast". */
  code: string;
  /** One sentence for the person reviewing the quarantine. */
  reason: string;
}

export const spam = (layer: SpamLayer, code: string, reason: string): Finding => ({ layer, severity: "spam", code, reason });
export const doubt = (layer: SpamLayer, code: string, reason: string): Finding => ({ layer, severity: "doubt", code, reason });
