/**
 * "Login with GitHub" in the build's /admin, through the site's own /api/auth (src/server/sign-in/oauth.ts),
 * with Decap's own popup code in Chromium. GitHub cannot be reached from here, so a local stand-in
 * plays its two OAuth pages (the authorize page, as if the editor approved, and the token
 * endpoint), and the editor's calls to GitHub's API are answered in the test: what is checked is
 * that the token GitHub gave reaches Decap, which then calls the API with it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, startServer, type ServerProcess } from "../server/helpers.ts";
import { E2E_DIST } from "../site-fixture.ts";

const TOKEN = "gho_standInToken0000000000000000000000";
const CLIENT_ID = "Iv1.lariox-e2e";
const CLIENT_SECRET = "e2e-secret";

let github: Server;
let githubUrl = "";
let site: ServerProcess;
let dataDir = "";
const exchanges: URLSearchParams[] = [];

test.describe("GitHub sign-in through the site's own server @once", () => {
  test.beforeAll(async () => {
    github = createServer((req, res) => {
      const url = new URL(req.url!, githubUrl);
      if (url.pathname === "/login/oauth/authorize") {
        // The editor approves: GitHub sends them back with a code and the same state.
        const back = new URL(url.searchParams.get("redirect_uri")!);
        back.search = new URLSearchParams({ code: "code-from-github", state: url.searchParams.get("state")! }).toString();
        res.writeHead(302, { location: back.href }).end();
        return;
      }
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        const form = new URLSearchParams(body);
        exchanges.push(form);
        const ok = form.get("client_secret") === CLIENT_SECRET && form.get("code") === "code-from-github";
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify(ok ? { access_token: TOKEN, token_type: "bearer", scope: "repo" } : { error: "bad_verification_code" }));
      });
    });
    await new Promise<void>((resolve) => github.listen(0, "127.0.0.1", resolve));
    githubUrl = `http://127.0.0.1:${(github.address() as { port: number }).port}`;
    dataDir = mkdtempSync(join(tmpdir(), "lariox-sign-in-"));
    // The callback comes from the settings, never from the request's Host: this server's own address.
    const port = await freePort();
    site = await startServer({
      PORT: String(port),
      GITHUB_OAUTH_CALLBACK_URL: `http://127.0.0.1:${port}/api/auth/callback`,
      DATA_DIR: dataDir,
      DIST_DIR: E2E_DIST,
      GITHUB_OAUTH_CLIENT_ID: CLIENT_ID,
      GITHUB_OAUTH_CLIENT_SECRET: CLIENT_SECRET,
      GITHUB_OAUTH_AUTHORIZE_URL: `${githubUrl}/login/oauth/authorize`,
      GITHUB_OAUTH_TOKEN_URL: `${githubUrl}/login/oauth/access_token`,
    });
  });
  test.afterAll(async () => {
    site?.child.kill();
    await site?.exited;
    github?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("the popup goes to GitHub and back, and hands Decap the token; Netlify is never asked", async ({ page, context }) => {
    const elsewhere: string[] = [];
    const apiCalls: Array<{ path: string; authorization: string | undefined }> = [];
    // Not the local backend (another test may run one on this machine): the GitHub set-up.
    await page.route("http://localhost:8081/**", (route) => route.abort());
    await context.route("https://api.github.com/**", (route) => {
      const url = new URL(route.request().url());
      apiCalls.push({ path: url.pathname, authorization: route.request().headers().authorization });
      if (url.pathname === "/user") return route.fulfill({ json: { login: "site-editor", name: "Site Editor", avatar_url: "" } });
      if (url.pathname === "/repos/lariox/website") return route.fulfill({ json: { full_name: "lariox/website", permissions: { push: true, admin: false } } });
      return route.fulfill({ status: 404, json: { message: "Not Found" } });
    });
    await context.route(/netlify/, (route) => {
      elsewhere.push(route.request().url());
      return route.abort();
    });

    const navigations: string[] = [];
    context.on("request", (request) => {
      if (request.isNavigationRequest()) navigations.push(request.url());
    });
    await page.goto(`${site.url}/admin/`);
    // Waiting for the popup to close is set up as it opens: its whole round trip can end before the click resolves.
    const popupClosed = page.waitForEvent("popup").then((popup) => (popup.isClosed() ? undefined : popup.waitForEvent("close")));
    await page.getByRole("button", { name: "Login with GitHub" }).click();
    await popupClosed;

    expect(exchanges.map((form) => Object.fromEntries(form))).toEqual([
      { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, code: "code-from-github", redirect_uri: `${site.url}/api/auth/callback` },
    ]);
    await expect.poll(() => apiCalls.find((call) => call.path === "/user")?.authorization).toBe(`token ${TOKEN}`);
    expect(elsewhere).toEqual([]);
    // The popup went: the site's own /api/auth, GitHub's authorize page, the site's callback.
    const popupSteps = navigations.filter((url) => !url.endsWith("/admin/")).map((url) => new URL(url));
    expect(popupSteps.map((url) => `${url.origin}${url.pathname}`)).toEqual([
      `${site.url}/api/auth`,
      `${githubUrl}/login/oauth/authorize`,
      `${site.url}/api/auth/callback`,
    ]);
    expect(popupSteps[0]!.searchParams.get("provider")).toBe("github");
    expect(popupSteps[1]!.searchParams.get("scope")).toBe("repo");
  });
});
