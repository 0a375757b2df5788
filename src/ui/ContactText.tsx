import site from "virtual:site";
import escape from "escape-string-regexp";
import { telHref } from "./format.ts";
import { nowrap } from "../styles/layout.css.ts";

const { phones, email } = site.contact;
/** The company's numbers and address (site.yaml), each with the link a phone calls or writes to. */
const links = new Map<string, string>([...phones.map((p) => [p, telHref(p)] as const), [email, `mailto:${email}`]]);
// One capturing group: split() keeps what it matched, so each match comes back as its own part.
const found = new RegExp(`(${[...links.keys()].map(escape).join("|")})`);

/** A text in which the company's phone numbers and e-mail address are links, each kept on one line. */
export function ContactText({ text }: { text: string }) {
  return text.split(found).map((part, i) => {
    const href = links.get(part);
    return href ? (
      <a key={i} href={href} className={nowrap}>
        {part}
      </a>
    ) : (
      part
    );
  });
}
