/**
 * Throw-away mail domains, from the maintained list of the disposable-email-domains project
 * (npm: disposable-email-domains-js, updated from it). A subdomain of a listed domain counts too.
 */
import { disposableEmailBlocklistSet } from "disposable-email-domains-js";

let domains: Set<string> | undefined;

/** The domain of an address, lower-cased, or "" when there is none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0
    ? ""
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase()
        .replace(/\.$/, "");
}

/** The listed domain the address belongs to, or undefined. */
export function disposableDomainOf(email: string): string | undefined {
  domains ??= disposableEmailBlocklistSet();
  const labels = emailDomain(email).split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    const candidate = labels.slice(i).join(".");
    if (domains.has(candidate)) return candidate;
  }
  return undefined;
}
