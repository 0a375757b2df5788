/**
 * What the configuration is read from, and how it is refused: shared by config.ts and the modules
 * whose settings it reads (lead-webhook.ts, spam/settings.ts), which it imports, so none of them
 * imports config.ts back.
 */
export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** A database URL fit for logs and messages: the password replaced by ***. */
export function redactUrl(url: string): string {
  return url.replace(/:[^@/?#]*@/, ":***@").replace(/([?&]password=)[^&#]*/gi, "$1***");
}
