/**
 * In CI, `npm run validate` prints each content error as a GitHub workflow command, so the
 * pull request shows it on the changed line. Runs the real script as a child process.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const project = join(import.meta.dirname, "../..");
const fixtures = join(import.meta.dirname, "../fixtures/content");
const temp: string[] = [];
afterAll(() => temp.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function fixtureRoot(caseName?: string): string {
  const root = mkdtempSync(join(tmpdir(), "content-"));
  temp.push(root);
  cpSync(join(fixtures, "base"), root, { recursive: true });
  if (caseName) cpSync(join(fixtures, caseName), root, { recursive: true });
  return root;
}

/** `npm run validate -- <root>` as CI runs it: tsx, the script, the content root as argv[2]. */
function validate(root: string, githubActions: boolean) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/build/validate-content.ts", root], {
    cwd: project,
    encoding: "utf8",
    env: { ...process.env, GITHUB_ACTIONS: githubActions ? "true" : "" },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.split("\n").filter(Boolean) };
}

// Each case starts the script in a new Node process (a second or two, more on a busy machine).
describe("npm run validate under GitHub Actions", { timeout: 60_000 }, () => {
  it("prints one ::error annotation per error, with file, line and column, and exits 1", () => {
    const { status, stderr } = validate(fixtureRoot("missing-required"), true);
    expect(stderr).toEqual([
      '::error file=content/pages/about.yaml,line=2,col=1::missing required field "title"',
      '::error file=content/pages/about.yaml,line=7,col=9::/sections/0/links/0: missing required field "href"',
      "2 content errors; nothing was built.",
    ]);
    expect(status).toBe(1);
  });

  it("annotates a missing schema line on line 1", () => {
    const { status, stderr } = validate(fixtureRoot("schema-line-wrong"), true);
    expect(stderr[0]).toBe(
      '::error file=content/pages/products/plc.yaml,line=1,col=1::first line must be "# yaml-language-server: $schema=../../../schema/page.schema.json" (editors use it for completion)',
    );
    expect(status).toBe(1);
  });

  it("prints file:line:col outside GitHub Actions", () => {
    const { status, stderr } = validate(fixtureRoot("wrong-type"), false);
    expect(stderr[0]).toBe("content/pages/about.yaml:8:14  /sections/0/heading: should be text");
    expect(status).toBe(1);
  });

  it("exits 0 on valid content", () => {
    const { status, stdout } = validate(fixtureRoot(), true);
    expect(stdout).toContain("content ok: site.yaml and 2 pages");
    expect(status).toBe(0);
  });
});
