/** One field the server refused, as its 400 answer lists them: `errors: [{ field, message }]`. */
export interface FieldError {
  field: string;
  message: string;
}

/** What came of one form submission: each outcome has its own toast. */
export type Outcome =
  { kind: "success"; reference?: string } | { kind: "failure"; serverMessage?: string; fieldErrors: FieldError[] } | { kind: "error"; error: unknown };

/** The well-formed `{field, message}` entries of an answer's `errors`, first per field; anything else is dropped. */
function fieldErrorsOf(errors: unknown): FieldError[] {
  if (!Array.isArray(errors)) return [];
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of errors as unknown[]) {
    if (!e || typeof e !== "object") continue;
    const { field, message } = e as { field?: unknown; message?: unknown };
    if (typeof field !== "string" || !field || typeof message !== "string" || !message.trim() || seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message });
  }
  return out;
}

/**
 * POSTs `payload` as JSON and reads the `{ success, message, errors? }` answer. Any answer that
 * is not that shape (a proxy's HTML error page, a dropped connection) counts as an error.
 */
export async function sendForm(endpoint: string, payload: Record<string, unknown>, fetchImpl: typeof fetch = fetch): Promise<Outcome> {
  try {
    const response = await fetchImpl(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
    });
    const body: unknown = await response.json();
    if (!body || typeof body !== "object" || typeof (body as { success?: unknown }).success !== "boolean") {
      return { kind: "error", error: new Error(`unexpected answer (HTTP ${response.status})`) };
    }
    const { success, message, errors, reference } = body as { success: boolean; message?: unknown; errors?: unknown; reference?: unknown };
    if (success) return typeof reference === "string" && reference ? { kind: "success", reference } : { kind: "success" };
    return {
      kind: "failure",
      serverMessage: typeof message === "string" && message.trim() ? message : undefined,
      fieldErrors: fieldErrorsOf(errors),
    };
  } catch (error) {
    return { kind: "error", error };
  }
}

/** The names of required fields left empty (only white space counts as empty too; a required box must be ticked). */
export function missingRequired(values: Record<string, string | boolean>, required: string[]): string[] {
  return required.filter((name) => {
    const value = values[name] ?? "";
    return typeof value === "boolean" ? !value : !value.trim();
  });
}
