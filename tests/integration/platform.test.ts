// @vitest-environment node
/**
 * The Node lines the project supports (22 and 24, the LTS lines with security fixes) said the same
 * everywhere: package.json's engines, the type definitions (the oldest line's, so no newer API is
 * used by mistake), the README's fresh-machine line, the GitHub workflow's matrix and the line
 * .ci/run runs on. And a quiet install: the editor's React 17 peers settled by npm overrides (npm ci
 * printed an ERESOLVE warning for each) and every install script reviewed in allowScripts.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const pkg = JSON.parse(read("package.json")) as { engines: { node: string }; devDependencies: Record<string, string> };
/** The major versions engines allows, each as ^N.x.y: [22, 24]. */
const lines = pkg.engines.node.split("||").map((range) => Number(/^\s*\^(\d+)\.\d+\.\d+\s*$/.exec(range)?.[1]));

describe("the supported Node lines", () => {
  it("are 22 and 24 in engines, the workflow's matrix, the README and .ci/run; the types are 22's", () => {
    expect(lines).toEqual([22, 24]);
    const ci = parse(read(".github/workflows/ci.yml")) as { jobs: { test: { strategy: { matrix: { node: number[] } } } } };
    expect(ci.jobs.test.strategy.matrix.node).toEqual(lines);
    expect(read("README.md")).toMatch(/^On a fresh machine with Node 22 or 24\b/m);
    expect(read(".ci/run")).toMatch(/^ci_node_line=22$/m);
    expect(pkg.devDependencies["@types/node"]).toMatch(/^\^22\./);
    const installed = JSON.parse(read("node_modules/@types/node/package.json")) as { version: string };
    expect(installed.version.split(".")[0]).toBe("22");
  });
});

describe("a quiet install", () => {
  const npm = (...args: string[]) => spawnSync("npm", args, { cwd: ROOT, encoding: "utf8", timeout: 60_000 });

  it("has every install script reviewed in allowScripts", () => {
    expect(npm("install-scripts", "ls").stdout).toContain("No packages with unreviewed install scripts.");
  });

  it("finds every peer of the editor's packages met: React 19 and slate as installed", { timeout: 60_000 }, () => {
    // `npm ls` names a peer it finds unmet "invalid"; the other problems it lists (lighthouse's own) are not ours.
    const result = npm("ls", "--all", "--json");
    const problems = (JSON.parse(result.stdout) as { problems?: string[] }).problems ?? [];
    expect(problems.filter((p) => /^invalid: (react|react-dom|slate)@/.test(p))).toEqual([]);
  });
});
