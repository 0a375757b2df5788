/**
 * A version's commit message as History shows it: the editor's own saves already read as words
 * ("Changed the About page: heading"); Decap's default messages and merges are said in words; a
 * developer's message is cut to its first words, without the "Area:" it starts with, so a row
 * stays one short line she can read (the whole message is the row's tooltip).
 */
const DECAP = /^Content: (create|update|delete) (\S+) “(.+)”$/;
const VERBS = { create: "Added", update: "Changed", delete: "Deleted" } as const;
/** The editor's own messages (history-words.ts, scripts/cms/saved-changes.ts) are words already. */
const OWN = /^(Changed|Added|Deleted|Removed|Saved) /;
const MERGED = /^(Merge branch '?cms\/|Automatically generated\. Merged on Decap CMS)/;
/** Characters shown of a developer's message. */
const SHORT = 60;

export function messageInWords(message: string): string {
  const line = message.split("\n")[0]!.trim();
  const decap = DECAP.exec(line);
  if (decap) return `${VERBS[decap[1] as keyof typeof VERBS]} ${decap[2] === "site" ? "the site settings" : `the page “${decap[3]}”`}`;
  if (MERGED.test(line)) return "Published a draft";
  if (OWN.test(line)) return shortened(line, 2 * SHORT);
  // "Forms: a honeypot hit is…" → "A honeypot hit is…".
  const text = line.replace(/^[\w ./-]{1,30}: /, "");
  return shortened(text.charAt(0).toUpperCase() + text.slice(1));
}

function shortened(sentence: string, most = SHORT): string {
  if (sentence.length <= most) return sentence;
  const cut = sentence.slice(0, most);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 20)).replace(/[,;:.]$/, "")}…`;
}
