/** What came of one form submission, as the toasts of spec section 8 tell it apart. */
export type Outcome =
  | { kind: "success" }
  | { kind: "failure"; serverMessage?: string }
  | { kind: "error"; error: unknown };

/**
 * POSTs `payload` as JSON and reads the `{ success, message }` answer. Any answer that is
 * not that shape (a proxy's HTML error page, a dropped connection) counts as an error.
 */
export async function sendForm(endpoint: string, payload: Record<string, string>, fetchImpl: typeof fetch = fetch): Promise<Outcome> {
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
    const { success, message } = body as { success: boolean; message?: unknown };
    if (success) return { kind: "success" };
    return { kind: "failure", serverMessage: typeof message === "string" && message.trim() ? message : undefined };
  } catch (error) {
    return { kind: "error", error };
  }
}

/** The names of required fields left empty (only white space counts as empty too). */
export function missingRequired(values: Record<string, string>, required: string[]): string[] {
  return required.filter((name) => !(values[name] ?? "").trim());
}
