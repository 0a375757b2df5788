/**
 * The held posts' own budget. A post the spam checks doubt (a no-script post, one sent too fast...)
 * is stored for a person to review, never dropped; so a robot posting without token or proof of work
 * fills the store and the digest unless held posts are bounded on their own, per client and overall
 * (as Basin's and Netlify's spam folders are). A post over budget is refused with 429 and its form
 * shown again: the visitor sees it, nothing is stored, nothing is lost from view.
 *
 * Per client: counted in this process (IPv6 by /64, as the rate limiter keys), in a fixed window of a
 * day, remembering at most `rememberedClients`. Overall: counted in the store, so every instance
 * shares it and a restart does not reset it.
 */
import { DAY_MS } from "../env.ts";

export interface HeldBudgetSettings {
  /** Held posts a client may make in a day; 0 = no limit. */
  perClientDaily: number;
  /** Held posts from everyone in a day; 0 = no limit. */
  allDaily: number;
  rememberedClients: number;
}

export type HeldRefusal = { message: string; retryAfterS: number };

export function heldBudget(settings: HeldBudgetSettings, heldSince: (since: Date) => Promise<number>) {
  const clients = new Map<string, { start: number; count: number }>();
  const wait = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  /** Takes one held post from the budget of client `key` at `now`; the refusal when none is left. */
  return async function take(key: string, now: Date): Promise<HeldRefusal | undefined> {
    const at = now.getTime();
    if (settings.allDaily > 0 && (await heldSince(new Date(at - DAY_MS))) >= settings.allDaily)
      return { message: "We are receiving unusually many enquiries just now, so yours was not sent.", retryAfterS: 3600 };
    if (settings.perClientDaily === 0) return undefined;
    let window = clients.get(key);
    if (!window || at - window.start >= DAY_MS) window = { start: at, count: 0 };
    // Most recently seen last: the first key is the one to forget.
    clients.delete(key);
    clients.set(key, window);
    if (clients.size > settings.rememberedClients) clients.delete(clients.keys().next().value!);
    if (window.count >= settings.perClientDaily)
      return { message: "Too many enquiries from your address today, so this one was not sent.", retryAfterS: wait(window.start + DAY_MS - at) };
    window.count += 1;
    return undefined;
  };
}
