/**
 * Every prerendered page (dist/**\/index.html and 404.html) passes the Nu Html Checker (vnu-jar)
 * without errors. One JVM checks all files at once; each error is reported as file:line:column.
 * Runs on the browser tests' build (tests/site-fixture.ts), in the desktop project only.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { createRequire } from "node:module";
import { expect, test } from "@playwright/test";
import { E2E_DIST } from "../site-fixture.ts";

const DIST = resolve(E2E_DIST);

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

/** Every page the prerender wrote (the build's dot-folders hold no pages). */
function pages(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(
      (d) =>
        d.isFile() &&
        d.name === "index.html" &&
        !relative(DIST, d.parentPath)
          .split(/[\\/]/)
          .some((p) => p.startsWith(".")),
    )
    .map((d) => join(d.parentPath, d.name))
    .sort();
}

/**
 * The checker's speculation-rules grammar predates the "immediate" eagerness, which the rules'
 * spec defines (the default of a list rule) and the phone's head start asks for
 * (scripts/build/speculation.ts): only that message, about that value, is set aside.
 */
function checkerLagsTheSpec(m: VnuMessage): boolean {
  if (!m.url || !m.message.startsWith("The “eagerness” property in a speculation rule must be one of")) return false;
  const html = readFileSync(decodeURIComponent(new URL(m.url).pathname), "utf8");
  const rules = html.match(/<script type="speculationrules">([^<]+)<\/script>/)?.[1] ?? "{}";
  const eagerness = [...rules.matchAll(/"eagerness":"(\w+)"/g)].map((e) => e[1]);
  return eagerness.includes("immediate") && eagerness.every((e) => ["immediate", "eager", "moderate", "conservative"].includes(e!));
}

test("every prerendered page passes the Nu Html Checker", async ({}, info) => {
  test.skip(info.project.name !== "desktop", "the files are the same for every viewport: checked once");
  test.setTimeout(240_000);
  const files = [...pages(DIST), join(DIST, "404.html")];
  expect(files.length, `pages under ${DIST}: run npm run build:test-site first`).toBeGreaterThan(10);
  expect(existsSync(join(DIST, "404.html"))).toBe(true);

  const jar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
  const run = spawnSync("java", ["-Xss4m", "-jar", jar, "--errors-only", "--format", "json", ...files], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  expect(run.error, "java must be installed (scripts/test.sh installs default-jre-headless)").toBeUndefined();
  // vnu writes its report to stderr; exit status 1 means "errors found"
  const report = JSON.parse(run.stderr || run.stdout) as { messages: VnuMessage[] };
  const errors = report.messages.filter((m) => m.type === "error" || m.type === "non-document-error");
  const problems = errors
    .filter((m) => !checkerLagsTheSpec(m))
    .map((m) => {
      const file = m.url ? relative(process.cwd(), decodeURIComponent(new URL(m.url).pathname)) : "?";
      const where = m.lastLine === undefined ? file : `${file}:${m.lastLine}:${m.firstColumn ?? m.lastColumn ?? 1}`;
      return `${where}  ${m.message}${m.extract ? `\n    …${m.extract.replace(/\s+/g, " ").trim()}…` : ""}`;
    });
  expect(problems, `${problems.length} HTML errors in ${files.length} files:\n${problems.join("\n")}`).toEqual([]);
  // vnu answers 1 when it reported any error, the ones it has wrong included.
  expect(run.status).toBe(errors.length > 0 ? 1 : 0);
});
