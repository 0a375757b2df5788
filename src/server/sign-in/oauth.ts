/**
 * GitHub sign-in for the visual editor, answered by this server, so no third-party OAuth proxy is
 * needed. Decap CMS (backend `github`, `base_url` = this site, `auth_endpoint` = `api/auth`) opens
 * a popup at GET /api/auth; we send it to GitHub's authorize page with a fresh `state`: a random
 * value kept in a short-lived HttpOnly cookie (the browser's), signed with the server's secret and
 * an expiry (stateFor). GitHub sends the editor back to GET /api/auth/callback with a code; once the
 * state is found to be this browser's, unexpired and not used before, we exchange the code for a token (with the app's secret, which never
 * leaves the server) and answer a page that hands the token to the editor's window by Decap's
 * popup protocol: the popup posts "authorizing:github", the editor answers with the same words,
 * the popup posts "authorization:github:success:{"token":…,"provider":"github"}" (or `:error:`
 * with `{"message":…}`, which Decap shows on its login page). Both messages go only to this site's
 * own origin, which is Decap's `base_url`.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { GitHubOAuthConfig } from "../config.ts";
import { oauthAnswerPolicy } from "../../handover/security-policy.ts";
import { signInAnswerHtml } from "./SignInAnswer.tsx";

export const OAUTH_ROUTES = { start: "/api/auth", callback: "/api/auth/callback" } as const;

const STATE_COOKIE = "lariox_oauth_state";
/** How long an editor has to approve the sign-in on GitHub. */
const STATE_MAX_AGE_S = 600;
const TOKEN_TIMEOUT_MS = 10_000;
/** The scopes Decap asks for: `repo` (the editorial workflow), `public_repo` (open authoring). */
const SCOPES = new Set(["repo", "public_repo"]);

/**
 * The answer page's one script, the same bytes in every answer (its hash is the policy's only
 * script source); the message it passes on is in the body's data-message attribute.
 */
const HANDOFF_SCRIPT = `(() => {
  const message = document.body.dataset.message;
  const editor = window.opener;
  if (!editor) return;
  const origin = location.origin;
  window.addEventListener("message", (event) => {
    if (event.origin === origin && event.source === editor && event.data === "authorizing:github") editor.postMessage(message, origin);
  });
  editor.postMessage("authorizing:github", origin);
})();`;
const HANDOFF_HASH = `'sha256-${createHash("sha256").update(HANDOFF_SCRIPT).digest("base64")}'`;

type Outcome = { token: string } | { error: string };

/** The page the popup ends on: a line for the editor to read, and the hand-off to the editor's window. */
function answer(reply: FastifyReply, status: number, outcome: Outcome): FastifyReply {
  const ok = "token" in outcome;
  const message = ok
    ? `authorization:github:success:${JSON.stringify({ token: outcome.token, provider: "github" })}`
    : `authorization:github:error:${JSON.stringify({ message: outcome.error })}`;
  const text = ok ? "Signed in. Returning to the editor…" : outcome.error;
  const html = signInAnswerHtml({ message, text, script: HANDOFF_SCRIPT });
  return reply
    .code(status)
    .header("content-security-policy", oauthAnswerPolicy(HANDOFF_HASH))
    .header("referrer-policy", "no-referrer")
    .type("text/html; charset=utf-8")
    .send(html);
}

const NOT_SET_UP = "Signing in with GitHub is not set up on this website yet. Ask whoever runs the website's server to connect the company's GitHub app.";
const STATE_REFUSED =
  "This sign-in could not be verified: it was started in another window, was used already, or took longer than 10 minutes. Close this window and press “Login with GitHub” again.";

function cookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

function stateCookie(request: FastifyRequest, value: string, maxAge: number): string {
  const secure = request.protocol === "https" ? "; Secure" : "";
  return `${STATE_COOKIE}=${value}; Path=${OAUTH_ROUTES.start}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * The state for the browser whose cookie holds `nonce`, good until `expiresS` (Unix seconds): the
 * expiry and a signature of both, so a state cannot be made without the server's secret, nor used
 * from another browser.
 */
function stateFor(secret: string, nonce: string, expiresS: number): string {
  const signature = createHmac("sha256", secret).update(`github-oauth-state\n${nonce}\n${expiresS}`).digest("base64url");
  return `${expiresS}.${signature}`;
}

/** Whether `received` is the state stateFor gave the browser holding `nonce`, and not expired. */
function isStateOf(secret: string, nonce: string | undefined, received: unknown, nowS: number): received is string {
  const expiresS = typeof received === "string" ? /^(\d{1,12})\./.exec(received)?.[1] : undefined;
  if (!nonce || expiresS === undefined || Number(expiresS) < nowS) return false;
  const expected = Buffer.from(stateFor(secret, nonce, Number(expiresS)));
  const given = Buffer.from(received as string);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The states already taken to GitHub, until they expire: each is good for one sign-in (on this server). */
class SpentStates {
  private readonly spent = new Map<string, number>();
  /** True the first time `state` is spent, false after. */
  spend(state: string, nowS: number): boolean {
    // Spent in about the order they expire: the expired ones are at the front, and a late one left
    // behind is refused for its expiry anyway.
    for (const [s, expiresS] of this.spent) {
      if (expiresS >= nowS) break;
      this.spent.delete(s);
    }
    if (this.spent.has(state)) return false;
    this.spent.set(state, Number(state.split(".", 1)[0]));
    return true;
  }
}

/**
 * Where GitHub sends the editor back: from the settings only (GITHUB_OAUTH_CALLBACK_URL, else the
 * site's address, app.ts), never from the request's Host, which the client writes.
 */
const callbackUrl = (config: GitHubOAuthConfig) => config.callbackUrl;

/** GitHub's answer to the code exchange: a token, or an error in words. */
async function exchangeCode(config: GitHubOAuthConfig, code: string, redirectUri: string): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(config.tokenUrl, {
      method: "POST",
      headers: { accept: "application/json" },
      body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, code, redirect_uri: redirectUri }),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
  } catch {
    return { error: "GitHub could not be reached to finish the sign-in. Try again in a minute." };
  }
  const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; error?: unknown; error_description?: unknown };
  if (response.ok && typeof body.access_token === "string" && body.access_token) return { token: body.access_token };
  // GitHub answers 200 with `error` for a used or expired code and for a wrong secret.
  const reason =
    typeof body.error_description === "string" ? body.error_description : typeof body.error === "string" ? body.error : `status ${response.status}`;
  return { error: `GitHub did not confirm the sign-in (${reason}). Close this window and try again.` };
}

/** `secret` signs the states (FORM_SECRET: instances behind one name share it). */
export function registerGitHubOAuth(app: FastifyInstance, config: GitHubOAuthConfig | undefined, secret: string): void {
  const spent = new SpentStates();
  const nowS = () => Math.floor(Date.now() / 1000);
  app.get(OAUTH_ROUTES.start, async (request, reply) => {
    if (!config?.callbackUrl) return answer(reply, 503, { error: NOT_SET_UP });
    const query = request.query as { provider?: unknown; scope?: unknown };
    if (query.provider !== undefined && query.provider !== "github") return answer(reply, 400, { error: "Only GitHub sign-in is offered here." });
    const scope = typeof query.scope === "string" && SCOPES.has(query.scope) ? query.scope : "repo";
    const nonce = randomBytes(32).toString("base64url");
    const state = stateFor(secret, nonce, nowS() + STATE_MAX_AGE_S);
    const authorize = new URL(config.authorizeUrl);
    authorize.search = new URLSearchParams({ client_id: config.clientId, redirect_uri: config.callbackUrl, scope, state }).toString();
    return reply.header("set-cookie", stateCookie(request, nonce, STATE_MAX_AGE_S)).redirect(authorize.toString(), 302);
  });

  app.get(OAUTH_ROUTES.callback, async (request, reply) => {
    if (!config?.callbackUrl) return answer(reply, 503, { error: NOT_SET_UP });
    const query = request.query as { code?: unknown; state?: unknown; error?: unknown; error_description?: unknown };
    // The state is used once, whatever happens next.
    reply.header("set-cookie", stateCookie(request, "", 0));
    if (!isStateOf(secret, cookie(request, STATE_COOKIE), query.state, nowS()) || !spent.spend(query.state, nowS()))
      return answer(reply, 400, { error: STATE_REFUSED });
    if (query.error === "access_denied") return answer(reply, 403, { error: "The sign-in was cancelled on GitHub." });
    if (typeof query.code !== "string" || !query.code) {
      const reason = typeof query.error_description === "string" ? query.error_description : "no code came back";
      return answer(reply, 400, { error: `GitHub did not complete the sign-in (${reason}). Close this window and try again.` });
    }
    const outcome = await exchangeCode(config, query.code, callbackUrl(config)!);
    return answer(reply, "token" in outcome ? 200 : 502, outcome);
  });
}
