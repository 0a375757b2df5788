/**
 * The content layers: too many links, a message repeated across posts, a throw-away mail domain,
 * the configurable blocklist, and text that is no language (keyboard mashing, random letters).
 */
import { blocklistHit, type Blocklist } from "./blocklist.ts";
import { disposableDomainOf } from "./disposable.ts";
import { doubt, type Finding } from "./findings.ts";
import { messageFingerprint, repeatFinding, type RepeatLedger, type RepeatSettings } from "./repeat.ts";

export interface LinkSettings {
  /** From this many links in a post, a doubt; from spamLinks, the stronger doubt "many-links" (a person may paste links: held, not dropped). */
  doubtLinks: number;
  spamLinks: number;
}

export const LINK_DEFAULTS: LinkSettings = { doubtLinks: 3, spamLinks: 6 };

export interface ContentRules {
  links: LinkSettings;
  repeat: RepeatSettings;
  blocklist: Blocklist;
  ledger: RepeatLedger;
}

/** What the content layers read of a post: the reply address, the one-line fields, the long texts. */
export interface PostText {
  email: string;
  /** Name, company, subject, project: one line each. */
  lines: string[];
  /** Message or requirements. */
  message: string;
}

const LINK = /\bhttps?:\/\/|\bwww\.[a-z0-9-]+\.|\[url[=\]]|<a\s[^>]*href/gi;

export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

/** A word no language writes: 7+ letters without a vowel, 6 consonants in a row (or twice 5), or case flipping inside a word (aSdkJHqw). */
function nonsense(word: string): boolean {
  if (!/^[A-Za-z]+$/.test(word) || word.length < 7) return false;
  // Acronyms are written in capitals (SCADA, PROFINET), product names in PascalCase (ControlLogix).
  if (word === word.toUpperCase() || /^(?:[A-Z][a-z]{2,})+$/.test(word)) return false;
  if (!/[aeiouy]/i.test(word)) return true;
  let flips = 0;
  for (let i = 1; i < word.length; i++) if (word[i]! < "a" !== word[i - 1]! < "a") flips++;
  const runs = word.match(/[^aeiouy]{5,}/gi) ?? [];
  return flips >= 4 || runs.length >= 2 || runs.some((run) => run.length >= 6);
}

/** True when most of a text's Latin words are nonsense (other scripts are left alone). */
export function looksLikeGibberish(text: string): boolean {
  const words = text.match(/[A-Za-z]+/g) ?? [];
  const long = words.filter((w) => w.length >= 4);
  if (long.length === 0) return false;
  const bad = long.filter(nonsense).length;
  return bad >= 1 && bad / long.length >= 0.3;
}

/** The content layers' findings, and the message's fingerprint (the store keeps it for later posts' repeat checks). */
export async function contentFindings(
  post: PostText,
  rules: ContentRules,
  now: Date = new Date(),
): Promise<{ findings: Finding[]; fingerprint: string | undefined }> {
  const findings: Finding[] = [];
  const all = [...post.lines, post.message];

  const links = all.reduce((n, t) => n + countLinks(t), 0);
  if (links >= rules.links.spamLinks) findings.push(doubt("links", "many-links", `${links} links in the post.`));
  else if (links >= rules.links.doubtLinks) findings.push(doubt("links", "links", `${links} links in the post.`));
  else if (post.lines.some((t) => countLinks(t) > 0)) findings.push(doubt("links", "link-in-name", "A link in a one-line field such as the name."));

  const hit = blocklistHit(rules.blocklist, post.email, all);
  if (hit) findings.push(doubt("blocklist", "blocklist", `Matches the blocklist entry "${hit}".`));

  const disposable = disposableDomainOf(post.email);
  if (disposable) findings.push(doubt("disposable-email", "disposable", `The reply address is at ${disposable}, a throw-away mail service.`));

  const nameLike = post.lines.filter(Boolean);
  if (looksLikeGibberish(post.message) || (nameLike[0] !== undefined && looksLikeGibberish(nameLike[0]))) {
    findings.push(doubt("gibberish", "gibberish", "The text is mostly random letters."));
  }

  const fingerprint = messageFingerprint(post.message);
  if (fingerprint) {
    const count = await rules.ledger.countRecent(fingerprint, post.email, new Date(now.getTime() - rules.repeat.windowMs));
    const finding = repeatFinding(count, rules.repeat);
    if (finding) findings.push(finding);
  }
  return { findings, fingerprint };
}
