/**
 * The one verdict on a post, from every layer it could meet, with the reasons:
 *
 *   spam        clear evidence of a robot, and only that: a filled honeypot, a forged or malformed
 *               time token, a forged proof of work. Counted, not stored.
 *   quarantine  only doubts (a post sent very fast, a token or proof of work already used, a
 *               content doubt): stored, not mailed, no receipt; listed by `submissions -- --spam`,
 *               sent on by `--release ID`, purged after 30 days
 *   ok          no finding: stored and delivered
 *
 * A post that ran the form's script (the island posts JSON) met every layer: the honeypot, the
 * time trap, the proof of work and the content rules. A post without script (a plain HTML form
 * post) could meet only the honeypot and the content rules: it is judged by those, and anything
 * but a filled honeypot is at worst a doubt, so a person without script is held, never dropped.
 */
import { altchaFinding, verifyAltcha, type AltchaSettings, type ReplayGuard } from "./altcha.ts";
import { contentFindings, type ContentRules, type PostText } from "./content-rules.ts";
import { spam, type Finding } from "./findings.ts";
import { checkTimeToken, timeTokenExpiry, timeTrapFinding, type TimeTrapSettings } from "./time-trap.ts";

export type Decision = "spam" | "quarantine" | "ok";

export interface Verdict {
  decision: Decision;
  /** Every finding, spam first; empty for "ok". */
  reasons: Finding[];
}

export interface PostEvidence {
  /** The form, "contact" or "quote" (the time token is signed for it). */
  form: string;
  text: PostText;
  /** The honeypot field's value. */
  honeypot: string;
  /** True when the post came from the form's script (JSON), false for a plain HTML form post. */
  scripted: boolean;
  /** The hidden fields the script fills: the time token and the ALTCHA payload. */
  timeToken?: string;
  altcha?: string;
  receivedAt: Date;
}

export interface SpamDefence {
  timeTrap: TimeTrapSettings;
  altcha: AltchaSettings;
  /** Where the time tokens and proofs of work already used are claimed: each carries one enquiry. */
  replayGuard: ReplayGuard;
  content: ContentRules;
}

/** Combines findings into the decision; pure. */
export function decide(findings: Finding[], scripted: boolean): Verdict {
  const reasons = findings
    .map((f) => (scripted || f.layer === "honeypot" || f.severity === "doubt" ? f : { ...f, severity: "doubt" as const }))
    .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "spam" ? -1 : 1));
  const decision: Decision = reasons.some((f) => f.severity === "spam") ? "spam" : reasons.length > 0 ? "quarantine" : "ok";
  return { decision, reasons };
}

/** Runs every layer the post could meet and decides; with the message's fingerprint (spam/repeat.ts). */
export async function judgePost(post: PostEvidence, defence: SpamDefence): Promise<Verdict & { fingerprint: string | undefined }> {
  const findings: Finding[] = [];
  if (post.honeypot.trim() !== "") findings.push(spam("honeypot", "honeypot", "The hidden field people never see was filled in."));
  if (post.scripted) {
    const checked = checkTimeToken(post.timeToken, post.form, defence.timeTrap, post.receivedAt);
    const time = timeTrapFinding(checked, defence.timeTrap);
    if (time) findings.push(time);
    // A token this server signed is good for one enquiry (a second is held, not dropped).
    const expiresAtMs = () => timeTokenExpiry(post.timeToken!, defence.timeTrap, post.receivedAt).getTime();
    if ("elapsedMs" in checked && !(await defence.replayGuard.claim(post.timeToken!, expiresAtMs())))
      findings.push(timeTrapFinding({ outcome: "reused" }, defence.timeTrap)!);
    // A post already caught needs no proof of work checked (and its challenge is not used up).
    if (!findings.some((f) => f.severity === "spam")) {
      const pow = altchaFinding(await verifyAltcha(post.altcha, defence.altcha, defence.replayGuard));
      if (pow) findings.push(pow);
    }
  }
  const content = await contentFindings(post.text, defence.content, post.receivedAt);
  return { ...decide([...findings, ...content.findings], post.scripted), fingerprint: content.fingerprint };
}
