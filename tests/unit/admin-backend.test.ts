/**
 * Where the editor saves and how editors sign in (src/admin/config.ts): GitHub through the site's
 * own /api/auth (src/server/sign-in/oauth.ts), never Netlify's sign-in; drafts in the editorial workflow.
 */
import { describe, expect, it } from "vitest";
import { cmsConfig } from "../../src/admin/config.ts";
import { schemas } from "../../src/admin/fields.ts";

describe("the editor's backend", () => {
  it("signs editors in at the site's own /api/auth, from the exact origin Decap takes the popup's messages from", () => {
    const config = cmsConfig(schemas, { repo: "lariox/website", branch: "main" }, undefined, "https://www.lariox.example");
    expect(config.backend).toMatchObject({
      name: "github",
      repo: "lariox/website",
      branch: "main",
      base_url: "https://www.lariox.example",
      auth_endpoint: "api/auth",
    });
    // Each draft is a branch (and on GitHub a pull request); on an editor's machine, Decap's local backend when it answers.
    expect(config).toMatchObject({ publish_mode: "editorial_workflow", local_backend: true });
  });

  it("uses an outside OAuth proxy only when one is named at build (CMS_AUTH_URL)", () => {
    const config = cmsConfig(
      schemas,
      { repo: "lariox/website", branch: "main", baseUrl: "https://auth.lariox.example" },
      undefined,
      "https://www.lariox.example",
    );
    expect(config.backend.base_url).toBe("https://auth.lariox.example");
    expect(config.backend.auth_endpoint).toBeUndefined();
  });
});
