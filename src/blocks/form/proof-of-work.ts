/**
 * The form's proof of work, loaded when the visitor first focuses the form and solved in the
 * background while they type (no puzzle is shown). The ALTCHA widget's `external` build with the
 * PBKDF2 worker from our own origin: the page's Content-Security-Policy needs no 'unsafe-eval'
 * and no blob: workers (src/server/spam/altcha.ts, tests/server/spam-altcha-browser.test.ts).
 * The widget is never shown: it is created off-screen, asked to verify, and its payload becomes
 * the post's `altcha` field.
 */
import "altcha/external";
import "altcha/altcha.css";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";

/** Where our server hands out challenges (src/server/spam/routes.ts). */
export const CHALLENGE_URL = "/api/altcha/challenge";

globalThis.$altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());

/** Solves a fresh challenge; resolves to the payload to send, or undefined when it could not. */
export async function solveProofOfWork(): Promise<string | undefined> {
  const widget = document.createElement("altcha-widget");
  widget.setAttribute("challenge", CHALLENGE_URL);
  widget.setAttribute("display", "invisible");
  widget.hidden = true;
  document.body.append(widget);
  try {
    // The element sets itself up a moment after it is connected; asked before that, it does nothing.
    await customElements.whenDefined("altcha-widget");
    for (const waitMs of [50, 200, 800]) {
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      const payload = await widget.verify().then(
        (result) => result?.payload,
        () => undefined,
      );
      if (payload) return payload;
    }
    return undefined;
  } finally {
    widget.remove();
  }
}
