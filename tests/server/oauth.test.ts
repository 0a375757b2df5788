// @vitest-environment node
/**
 * GitHub sign-in for the editor, answered by the site's own server (src/server/sign-in/oauth.ts), against a
 * local stand-in for GitHub's token endpoint: GitHub itself cannot be reached from here. What the
 * stand-in checks is what GitHub's documented token request carries (client id and secret, the
 * code, the redirect URI, a JSON answer asked for), and it answers as GitHub does, with a token or
 * with `error` and `error_description` in a 200.
 */
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config.ts";
import { oauthAnswerPolicy } from "../../src/handover/security-policy.ts";
import { startApp, type TestApp } from "./helpers.ts";

interface TokenRequest {
  headers: Record<string, string | string[] | undefined>;
  form: Record<string, string>;
}

/** GitHub's token endpoint, as far as the sign-in uses it: one answer a test, every request kept. */
class TokenStandIn {
  requests: TokenRequest[] = [];
  answer: { status: number; body: unknown } = { status: 200, body: {} };
  private server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      this.requests.push({ headers: req.headers, form: Object.fromEntries(new URLSearchParams(body)) });
      res.writeHead(this.answer.status, { "content-type": "application/json" }).end(JSON.stringify(this.answer.body));
    });
  });
  url = "";
  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}/login/oauth/access_token`;
  }
  close = () => new Promise<void>((resolve) => this.server.close(() => resolve()));
}

const CLIENT = {
  GITHUB_OAUTH_CLIENT_ID: "Iv1.lariox-test",
  GITHUB_OAUTH_CLIENT_SECRET: "test-secret-never-sent-to-browsers",
  SITE_URL: "https://www.lariox.example",
};
/** The callback the settings name (SITE_URL here), whatever Host a request came with. */
const CALLBACK = "https://www.lariox.example/api/auth/callback";
const AUTHORIZE = "https://github.example/login/oauth/authorize";

/** The page's message to the editor's window, and its one script checked against the policy. */
function handoff(html: string, policy: string | null): string {
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
  expect(policy).toBe(oauthAnswerPolicy(`'sha256-${createHash("sha256").update(script).digest("base64")}'`));
  const encoded = /data-message="([^"]*)"/.exec(html)![1]!;
  return encoded
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

const get = (t: TestApp, path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { redirect: "manual", headers });

describe("GitHub sign-in (/api/auth)", () => {
  const github = new TokenStandIn();
  let t: TestApp;
  beforeAll(async () => {
    await github.start();
    t = await startApp({ ...CLIENT, GITHUB_OAUTH_TOKEN_URL: github.url, GITHUB_OAUTH_AUTHORIZE_URL: AUTHORIZE });
  });
  afterAll(async () => {
    await t.close();
    await github.close();
  });
  afterEach(() => {
    github.requests = [];
  });

  /** Starts a sign-in as Decap's popup does; returns the state GitHub would send back and the cookie. */
  async function start(headers: Record<string, string> = {}) {
    const res = await get(t, "/api/auth?provider=github&site_id=www.lariox.example&scope=repo", headers);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    const cookie = res.headers.get("set-cookie")!;
    return { res, location, state: location.searchParams.get("state")!, cookie: cookie.split(";")[0]! };
  }

  it("sends the editor to GitHub's authorize page with the app's id, a fresh state and the site's own callback", async () => {
    const { location, state, res } = await start();
    expect(`${location.origin}${location.pathname}`).toBe(AUTHORIZE);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: CLIENT.GITHUB_OAUTH_CLIENT_ID,
      redirect_uri: CALLBACK,
      scope: "repo",
      state,
    });
    // An expiry ten minutes ahead and a signature; the browser's cookie holds what it is signed with.
    expect(state).toMatch(/^\d+\.[\w-]{43}$/);
    expect(Number(state.split(".")[0]) - Date.now() / 1000).toBeGreaterThan(590);
    expect((await start()).state).not.toBe(state);
    expect(res.headers.get("set-cookie")).toMatch(/^lariox_oauth_state=[\w-]{43}; Path=\/api\/auth; Max-Age=600; HttpOnly; SameSite=Lax$/);
    expect(res.headers.get("set-cookie")).not.toContain(state.split(".")[1]);
    // The secret never goes to the browser.
    expect(res.headers.get("location")).not.toContain(CLIENT.GITHUB_OAUTH_CLIENT_SECRET);
  });

  it("exchanges GitHub's code for a token and hands it to the editor's window in Decap's words, under a policy for that one script", async () => {
    github.answer = { status: 200, body: { access_token: "gho_16C7e42F292c6912E7710c838347Ae178B4a", token_type: "bearer", scope: "repo" } };
    const { state, cookie } = await start();
    const res = await get(t, `/api/auth/callback?code=3584d83530557fdd1f46af8289938c8ef79f9dc5&state=${state}`, { cookie });
    expect(res.status).toBe(200);
    expect(github.requests).toHaveLength(1);
    expect(github.requests[0]!.headers.accept).toBe("application/json");
    expect(github.requests[0]!.form).toEqual({
      client_id: CLIENT.GITHUB_OAUTH_CLIENT_ID,
      client_secret: CLIENT.GITHUB_OAUTH_CLIENT_SECRET,
      code: "3584d83530557fdd1f46af8289938c8ef79f9dc5",
      redirect_uri: CALLBACK,
    });
    const html = await res.text();
    expect(handoff(html, res.headers.get("content-security-policy"))).toBe(
      'authorization:github:success:{"token":"gho_16C7e42F292c6912E7710c838347Ae178B4a","provider":"github"}',
    );
    expect(html).not.toContain(CLIENT.GITHUB_OAUTH_CLIENT_SECRET);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    // The state is spent.
    expect(res.headers.get("set-cookie")).toMatch(/^lariox_oauth_state=; Path=\/api\/auth; Max-Age=0;/);
  });

  it("refuses a callback whose state is missing, another one's, or has no cookie, without asking GitHub", async () => {
    const { state, cookie } = await start();
    const other = await start();
    for (const [path, headers] of [
      [`/api/auth/callback?code=abc`, { cookie }],
      [`/api/auth/callback?code=abc&state=${other.state}`, { cookie }],
      [`/api/auth/callback?code=abc&state=${state}`, {}],
      [`/api/auth/callback?code=abc&state=${state}x`, { cookie }],
    ] as const) {
      const res = await get(t, path, headers);
      expect(res.status, path).toBe(400);
      const message = handoff(await res.text(), res.headers.get("content-security-policy"));
      expect(message).toMatch(/^authorization:github:error:/);
      expect(JSON.parse(message.replace("authorization:github:error:", ""))).toEqual({ message: expect.stringContaining("could not be verified") });
    }
    expect(github.requests).toEqual([]);
  });

  it("refuses a state it did not sign for this browser's cookie, and a captured pair the second time, without asking GitHub", async () => {
    github.answer = { status: 200, body: { access_token: "gho_once", token_type: "bearer", scope: "repo" } };
    const refusedAs = async (path: string, cookie: string) => {
      const res = await get(t, path, { cookie });
      expect(res.status, path).toBe(400);
      expect(await res.text()).toContain("could not be verified");
    };
    // A cookie and a state both of the caller's choosing.
    await refusedAs("/api/auth/callback?code=abc&state=a%3Db", "lariox_oauth_state=a=b");
    const expires = Math.floor(Date.now() / 1000) + 600;
    await refusedAs(`/api/auth/callback?code=abc&state=${expires}.${"A".repeat(43)}`, `lariox_oauth_state=${"A".repeat(43)}`);
    expect(github.requests).toEqual([]);
    // A real pair works once; sent again (cookie included, as someone who captured both would) it is refused.
    const { state, cookie } = await start();
    expect((await get(t, `/api/auth/callback?code=first&state=${state}`, { cookie })).status).toBe(200);
    await refusedAs(`/api/auth/callback?code=second&state=${state}`, cookie);
    expect(github.requests.map((r) => r.form.code)).toEqual(["first"]);
  });

  it("never writes the callback's query (GitHub's code and the state) to the log", async () => {
    const lines: string[] = [];
    const logged = await startApp(
      { ...CLIENT, GITHUB_OAUTH_TOKEN_URL: github.url, GITHUB_OAUTH_AUTHORIZE_URL: AUTHORIZE },
      { logger: { level: "trace", stream: { write: (line: string) => lines.push(line) } } },
    );
    try {
      github.answer = { status: 200, body: { access_token: "gho_logged", token_type: "bearer", scope: "repo" } };
      const first = await get(logged, "/api/auth?provider=github&scope=repo");
      const state = new URL(first.headers.get("location")!).searchParams.get("state")!;
      const cookie = first.headers.get("set-cookie")!.split(";")[0]!;
      const code = "c0de5ecre7c0de5ecre7";
      for (const path of [`/api/auth/callback?code=${code}&state=${state}`, `/api/auth/callback/?code=${code}&state=${state}`])
        await get(logged, path, { cookie });
      const log = lines.join("");
      expect(log).toContain('"url":"/api/auth/callback"');
      expect([log.includes(code), log.includes(state), log.includes(cookie.split("=")[1]!)]).toEqual([false, false, false]);
    } finally {
      await logged.close();
    }
  });

  it("says in words when GitHub refuses the code, when the editor cancels, and when GitHub cannot be reached", async () => {
    github.answer = { status: 200, body: { error: "bad_verification_code", error_description: "The code passed is incorrect or expired." } };
    let { state, cookie } = await start();
    let res = await get(t, `/api/auth/callback?code=old&state=${state}`, { cookie });
    expect(res.status).toBe(502);
    expect(handoff(await res.text(), res.headers.get("content-security-policy"))).toBe(
      'authorization:github:error:{"message":"GitHub did not confirm the sign-in (The code passed is incorrect or expired.). Close this window and try again."}',
    );

    ({ state, cookie } = await start());
    res = await get(t, `/api/auth/callback?error=access_denied&error_description=denied&state=${state}`, { cookie });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("The sign-in was cancelled on GitHub.");

    const offline = await startApp({ ...CLIENT, GITHUB_OAUTH_TOKEN_URL: "http://127.0.0.1:9/login/oauth/access_token" });
    try {
      const first = await get(offline, "/api/auth");
      const at = new URL(first.headers.get("location")!).searchParams.get("state")!;
      res = await get(offline, `/api/auth/callback?code=abc&state=${at}`, { cookie: first.headers.get("set-cookie")!.split(";")[0]! });
      expect(res.status).toBe(502);
      expect(await res.text()).toContain("GitHub could not be reached");
    } finally {
      await offline.close();
    }
  });

  it("behind the HTTPS proxy, the state cookie is Secure, and the callback comes from the settings, never from the Host", async () => {
    const proxied = await startApp({ ...CLIENT, TRUST_PROXY: "1" });
    try {
      for (const host of ["www.lariox.example", "evil.example"]) {
        const res = await get(proxied, "/api/auth?provider=github&scope=repo", { "x-forwarded-proto": "https", "x-forwarded-host": host });
        expect(new URL(res.headers.get("location")!).searchParams.get("redirect_uri")).toBe(CALLBACK);
        expect(res.headers.get("set-cookie")).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
      }
    } finally {
      await proxied.close();
    }
    // Behind a CDN that passes /api/* on from another name, the app's callback is named outright.
    const behindCdn = await startApp({ ...CLIENT, GITHUB_OAUTH_CALLBACK_URL: "https://cms.lariox.example/api/auth/callback" });
    try {
      const res = await get(behindCdn, "/api/auth?provider=github&scope=repo");
      expect(new URL(res.headers.get("location")!).searchParams.get("redirect_uri")).toBe("https://cms.lariox.example/api/auth/callback");
    } finally {
      await behindCdn.close();
    }
    // Neither set, and no site address in the build: no sign-in, rather than one sent back to the Host.
    const unnamed = await startApp({ GITHUB_OAUTH_CLIENT_ID: CLIENT.GITHUB_OAUTH_CLIENT_ID, GITHUB_OAUTH_CLIENT_SECRET: CLIENT.GITHUB_OAUTH_CLIENT_SECRET });
    try {
      expect((await get(unnamed, "/api/auth?provider=github&scope=repo")).status).toBe(503);
    } finally {
      await unnamed.close();
    }
  });
});

describe("GitHub sign-in not set up", () => {
  it("answers the popup with what is missing, in Decap's error words", async () => {
    const t = await startApp();
    try {
      for (const path of ["/api/auth?provider=github", "/api/auth/callback?code=abc&state=abc"]) {
        const res = await get(t, path);
        expect(res.status).toBe(503);
        expect(handoff(await res.text(), res.headers.get("content-security-policy"))).toMatch(
          /^authorization:github:error:\{"message":"Signing in with GitHub is not set up on this website yet\./,
        );
      }
    } finally {
      await t.close();
    }
  });

  it("refuses half a GitHub app: an id without its secret", () => {
    expect(() => loadConfig({ GITHUB_OAUTH_CLIENT_ID: "Iv1.x" })).toThrow(ConfigError);
    expect(() => loadConfig({ GITHUB_OAUTH_CLIENT_SECRET: "s" })).toThrow(/go together/);
    expect(loadConfig({}).githubOAuth).toBeUndefined();
    expect(loadConfig(CLIENT).githubOAuth).toEqual({
      clientId: CLIENT.GITHUB_OAUTH_CLIENT_ID,
      clientSecret: CLIENT.GITHUB_OAUTH_CLIENT_SECRET,
      authorizeUrl: "https://github.com/login/oauth/authorize",
      tokenUrl: "https://github.com/login/oauth/access_token",
      callbackUrl: undefined,
    });
  });
});
