// @vitest-environment node
/**
 * The one-server deploy (deploy/release.sh, scripts/deploy/pack.sh) against a local target: a temp
 * folder stands for /srv/lariox, a small script for `systemctl restart lariox` (it stops the server
 * it started and starts the real Node server from `current`, as systemd would), and the releases
 * are packed from this repository with small builds of their own (a home page that names them).
 * What is checked: a release goes live by switching `current` and only when the server started
 * from it answers; a release that does not come up is switched back from by itself; an incomplete
 * build (what a failed content check leaves) is refused before anything changes; `rollback` goes
 * back one; old releases and unused dependencies are pruned. The check is the deploy's own
 * (deploy/health-check.mjs), never one the release brings.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, readdirSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, get } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { freePort, tempDir, waitFor } from "../server/helpers.ts";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const dir = tempDir("lariox-release-");
const root = join(dir.path, "srv");
const state = join(dir.path, "service");
const archives = join(dir.path, "archives");
let port = 0;

/** Stands in for systemd: `restart` stops the server it started last and starts one in `current`. */
const SERVICE = `#!/usr/bin/env bash
set -eu
if [ -f "$STATE/server.pid" ]; then
  pid="$(cat "$STATE/server.pid")"
  kill "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
fi
cd "$LARIOX_ROOT/current"
node --import tsx src/server/main.ts >>"$STATE/server.log" 2>&1 &
echo $! >"$STATE/server.pid"
`;

const env = () => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  LARIOX_ROOT: root,
  STATE: state,
  RESTART_COMMAND: `bash ${join(state, "restart.sh")}`,
  HEALTH_URL: `http://127.0.0.1:${port}`,
  HEALTH_TIMEOUT: "20",
  KEEP: "2",
  // the service's own environment, as /etc/lariox/env and the unit would give it
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: join(state, "data"),
  LOG_LEVEL: "error",
});

function run(command: string, args: string[], extra: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: REPO, env: { ...env(), ...extra }, encoding: "utf8", timeout: 120_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
const release = (...args: string[]) => run("bash", [join(REPO, "deploy/release.sh"), ...args]);

/** A small build whose home page names it; `builtSite` replaces the built site's server.json (a broken one stops the server). */
function build(label: string, builtSite: string | null = JSON.stringify({ redirects: [], scriptHashes: [], frameOrigins: [] })): string {
  const dist = join(dir.path, "builds", label, "dist");
  mkdirSync(join(dist, ".site"), { recursive: true });
  writeFileSync(join(dist, "index.html"), `<!doctype html><html lang="en"><title>${label}</title><h1>Release ${label}</h1></html>\n`);
  writeFileSync(join(dist, "404.html"), "<!doctype html><title>Not found</title>\n");
  if (builtSite !== null) writeFileSync(join(dist, ".site/server.json"), builtSite);
  return dist;
}

/** Packs a build with pack.sh and names the archive (release names sort by time: one a minute here). */
function pack(dist: string, name: string): string {
  const packed = run("bash", [join(REPO, "scripts/deploy/pack.sh"), archives], { DIST_DIR: dist });
  expect(packed.status, packed.output).toBe(0);
  const archive = join(archives, `${name}.tar.gz`);
  renameSync(packed.output.trim().split("\n").pop()!, archive);
  return archive;
}

/** `archive` with `file` in it replaced by `text` (what a release could bring of its own). */
function withFile(archive: string, file: string, text: string): string {
  const unpacked = join(dir.path, "unpacked", archive.split("/").pop()!);
  mkdirSync(unpacked, { recursive: true });
  spawnSync("tar", ["-xzf", archive, "-C", unpacked]);
  writeFileSync(join(unpacked, file), text);
  const changed = join(dir.path, "changed", archive.split("/").pop()!);
  mkdirSync(dirname(changed), { recursive: true });
  spawnSync("tar", ["-czf", changed, "-C", unpacked, "."]);
  return changed;
}

/** The dependencies of this lock file under `server`, as if installed by an earlier release (npm ci is not run here). */
function sharedDependencies(server: string): void {
  const lockHash = createHash("sha256")
    .update(readFileSync(join(REPO, "package-lock.json")))
    .digest("hex")
    .slice(0, 16);
  mkdirSync(join(server, "deps", lockHash), { recursive: true });
  symlinkSync(join(REPO, "node_modules"), join(server, "deps", lockHash, "node_modules"));
}

const current = () => readlinkSync(join(root, "current"));
/** The home page on a new connection each time (the server behind the port changes between calls). */
const home = () =>
  new Promise<string>((resolve, reject) => {
    get({ host: "127.0.0.1", port, path: "/", agent: false }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve(body));
    }).on("error", reject);
  });
const kept = () => readdirSync(join(root, "releases")).sort();

// After every group: the Deploy workflow's builds and archives are made in `dir` too.
afterAll(() => dir.remove());

// Each switch starts a real server (tsx compiles it: seconds on a busy machine); the broken one is waited for, with a shorter timeout.
describe("releases on one server", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    port = await freePort();
    mkdirSync(state, { recursive: true });
    writeFileSync(join(state, "restart.sh"), SERVICE);
    sharedDependencies(root);
  });
  afterAll(() => {
    const pidFile = join(state, "server.pid");
    if (existsSync(pidFile)) spawnSync("kill", [readFileSync(pidFile, "utf8").trim()]);
  });

  it("unpacks a build as a release beside the others, switches current to it and checks it answers", async () => {
    const first = release("activate", pack(build("one"), "20261101T090000Z-aaaaaaaaaaaa"));
    expect(first.status, first.output).toBe(0);
    expect(first.output).toContain("20261101T090000Z-aaaaaaaaaaaa is live");
    expect(current()).toBe("releases/20261101T090000Z-aaaaaaaaaaaa");
    expect(await home()).toContain("Release one");

    const second = release("activate", pack(build("two"), "20261102T090000Z-bbbbbbbbbbbb"));
    expect(second.status, second.output).toBe(0);
    expect(current()).toBe("releases/20261102T090000Z-bbbbbbbbbbbb");
    expect(await home()).toContain("Release two");
    expect(kept()).toEqual(["20261101T090000Z-aaaaaaaaaaaa", "20261102T090000Z-bbbbbbbbbbbb"]);
    // The release holds the repository's files and the build, and shares the dependencies of its lock file.
    const dirOf = join(root, "releases/20261102T090000Z-bbbbbbbbbbbb");
    expect(existsSync(join(dirOf, "src/server/main.ts"))).toBe(true);
    expect(readlinkSync(join(dirOf, "node_modules"))).toMatch(/^\.\.\/\.\.\/deps\/[0-9a-f]{16}\/node_modules$/);
    expect(release("list").output).toBe("20261101T090000Z-aaaaaaaaaaaa\n20261102T090000Z-bbbbbbbbbbbb  (current)\n");
  });

  it("switches back by itself when the new release does not come up, and sets it aside", async () => {
    // Its server exits at once (a broken server.json): every second of HEALTH_TIMEOUT is waited out,
    // so a shorter one, still more than a good release takes to answer here. release.sh checks the
    // release it switches back to with the same timeout: on a slow machine that check may give up
    // before the old release answers, so its home page is waited for here.
    const archive = pack(build("three", '{"redirects": "not a list"}'), "20261103T090000Z-cccccccccccc");
    const broken = run("bash", [join(REPO, "deploy/release.sh"), "activate", archive], { HEALTH_TIMEOUT: "8" });
    expect(broken.status).toBe(1);
    expect(broken.output).toContain("not healthy after 8 s");
    expect(broken.output).toContain("switched back: current -> 20261102T090000Z-bbbbbbbbbbbb");
    expect(current()).toBe("releases/20261102T090000Z-bbbbbbbbbbbb");
    await waitFor(async () => (await home().catch(() => "")).includes("Release two"), "release two to answer again", 30_000);
    expect(kept()).toContain("20261103T090000Z-cccccccccccc.failed");
    expect(release("list").output).not.toContain("cccc");
  });

  it("refuses a build without the server.json of the build's last step (a failed content check), changing nothing", async () => {
    // pack.sh itself refuses such a build ...
    const noFacts = build("five", null);
    const refusedPack = run("bash", [join(REPO, "scripts/deploy/pack.sh"), archives], { DIST_DIR: noFacts });
    expect(refusedPack.status).toBe(1);
    expect(refusedPack.output).toContain(".site/server.json is missing");
    // ... and release.sh refuses an archive made without it.
    const handMade = join(archives, "20261105T090000Z-eeeeeeeeeeee.tar.gz");
    spawnSync("tar", ["-czf", handMade, "-C", dirname(noFacts), "dist"]);
    const before = current();
    const refused = release("activate", handMade);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain("not a complete build (missing: dist/.site/server.json src/server/main.ts package-lock.json");
    expect(current()).toBe(before);
    expect(kept().some((name) => name.includes("eeee"))).toBe(false);
  });

  it("rolls back to the release before the current one with one command, and keeps only the newest few", async () => {
    const fourth = release("activate", pack(build("four"), "20261104T090000Z-dddddddddddd"));
    expect(fourth.status, fourth.output).toBe(0);
    // KEEP=2: the first release went when the fourth went live.
    expect(kept().filter((name) => !name.endsWith(".failed"))).toEqual(["20261102T090000Z-bbbbbbbbbbbb", "20261104T090000Z-dddddddddddd"]);
    const back = release("rollback");
    expect(back.status, back.output).toBe(0);
    expect(current()).toBe("releases/20261102T090000Z-bbbbbbbbbbbb");
    expect(await home()).toContain("Release two");
    const none = release("rollback");
    expect(none.status).toBe(1);
    expect(none.output).toContain("no release older than 20261102T090000Z-bbbbbbbbbbbb is kept");
    const forward = release("switch", "20261104T090000Z-dddddddddddd");
    expect(forward.status, forward.output).toBe(0);
    expect(await home()).toContain("Release four");
  });

  it("checks a release with the deploy's own health check, not the release's: one whose check always passes does not go live, and prunes nothing", async () => {
    // Its server exits at once, and the check it brings says all is well.
    const archive = withFile(
      pack(build("seven", '{"redirects": "not a list"}'), "20261107T090000Z-gggggggggggg"),
      "scripts/deploy/health-check.ts",
      "process.exit(0);\n",
    );
    const refused = run("bash", [join(REPO, "deploy/release.sh"), "activate", archive], { HEALTH_TIMEOUT: "8" });
    expect(refused.status, refused.output).toBe(1);
    expect(refused.output).toContain("switched back: current -> 20261104T090000Z-dddddddddddd");
    expect(current()).toBe("releases/20261104T090000Z-dddddddddddd");
    await waitFor(async () => (await home().catch(() => "")).includes("Release four"), "release four to answer again", 30_000);
    // KEEP=2: the two good releases stay.
    expect(kept().filter((name) => !name.endsWith(".failed"))).toEqual(["20261102T090000Z-bbbbbbbbbbbb", "20261104T090000Z-dddddddddddd"]);
  });

  it("switches only to a kept release by its name: not a path outside releases/, nor a failed one", () => {
    mkdirSync(join(dir.path, "outside"), { recursive: true });
    for (const name of ["../../outside", "20261103T090000Z-cccccccccccc.failed", "."]) {
      const refused = release("switch", name);
      expect([name, refused.status]).toEqual([name, 1]);
      expect(refused.output).toContain(`"${name}" is not a release's name`);
      expect(current()).toBe("releases/20261104T090000Z-dddddddddddd");
    }
  });
});

describe("the very first release failing", { timeout: 120_000 }, () => {
  it("leaves no current pointing at a failed release", async () => {
    const server = join(dir.path, "first-srv");
    const service = join(dir.path, "first-service");
    mkdirSync(service, { recursive: true });
    writeFileSync(join(service, "restart.sh"), SERVICE);
    sharedDependencies(server);
    const servicePort = await freePort();
    const archive = pack(build("first", '{"redirects": "not a list"}'), "20261108T090000Z-hhhhhhhhhhhh");
    const failed = run("bash", [join(REPO, "deploy/release.sh"), "activate", archive], {
      LARIOX_ROOT: server,
      STATE: service,
      RESTART_COMMAND: `bash ${join(service, "restart.sh")}`,
      PORT: String(servicePort),
      HEALTH_URL: `http://127.0.0.1:${servicePort}`,
      HEALTH_TIMEOUT: "5",
    });
    const pidFile = join(service, "server.pid");
    if (existsSync(pidFile)) spawnSync("kill", [readFileSync(pidFile, "utf8").trim()]);
    expect(failed.status, failed.output).toBe(1);
    expect(failed.output).toContain("current removed");
    expect(() => lstatSync(join(server, "current"))).toThrow();
    expect(readdirSync(join(server, "releases"))).toEqual(["20261108T090000Z-hhhhhhhhhhhh.failed"]);
  });
});

describe("the deploy's health check (deploy/health-check.mjs)", () => {
  const page = "<h1>Release</h1>";
  const homeFile = join(dir.path, "check-home.html");
  /** Runs the check against a server answering /healthz with `health` and / with `home`. */
  async function check(health: { status: number; body: string }, home: { status: number; body: string }) {
    writeFileSync(homeFile, page);
    const server = createServer((req, res) => {
      const answer = req.url === "/healthz" ? health : home;
      res.writeHead(answer.status).end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const child = spawn(process.execPath, [join(REPO, "deploy/health-check.mjs"), url, "1", homeFile], { stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (c: Buffer) => (output += c.toString()));
      child.stderr.on("data", (c: Buffer) => (output += c.toString()));
      const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
      return { status, output };
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }
  const health = (status: number, problems: Record<string, string> = {}) => ({ status, body: JSON.stringify({ ok: status === 200, problems }) });

  it("takes late mail as the queue's problem, not the release's, but not a store it cannot use or another build's page", async () => {
    expect(await check(health(200), { status: 200, body: page })).toMatchObject({ status: 0 });
    expect(await check(health(503, { stale: "an enquiry has waited 70 min" }), { status: 200, body: page })).toMatchObject({ status: 0 });
    expect(await check(health(503, { storage: "the enquiry store cannot be read" }), { status: 200, body: page })).toEqual({
      status: 1,
      output: "not healthy after 1 s: /healthz: the enquiry store cannot be read\n",
    });
    expect((await check(health(200), { status: 200, body: "<h1>Old</h1>" })).output).toMatch(/not this release's/);
    expect((await check({ status: 502, body: "Bad Gateway" }, { status: 502, body: "" })).output).toMatch(/\/healthz answered 502/);
  });
});

/** A step's shell script from a workflow file. */
function workflowStep(file: string, name: string): { run: string; env: Record<string, string> } {
  const workflow = parse(readFileSync(join(REPO, ".github/workflows", file), "utf8")) as {
    jobs: Record<string, { steps: Array<{ name?: string; run?: string; env?: Record<string, string> }> }>;
  };
  const step = Object.values(workflow.jobs)
    .flatMap((job) => job.steps)
    .find((s) => s.name?.startsWith(name));
  if (!step?.run) throw new Error(`no step "${name}" in ${file}`);
  return { run: step.run, env: step.env ?? {} };
}

describe("the Deploy workflow", { timeout: 120_000 }, () => {
  const local = tempDir("lariox-workflow-");
  afterAll(() => {
    const pidFile = join(local.path, "service/server.pid");
    if (existsSync(pidFile)) spawnSync("kill", [readFileSync(pidFile, "utf8").trim()]);
    local.remove();
  });

  it("checks the content before it builds, and builds before it uploads", () => {
    const workflow = parse(readFileSync(join(REPO, ".github/workflows/deploy.yml"), "utf8")) as {
      on: { push: { branches: string[] } };
      concurrency: { "cancel-in-progress": boolean };
      jobs: { deploy: { steps: Array<{ name?: string; run?: string }> } };
    };
    expect(workflow.on.push.branches).toEqual(["main"]);
    expect(workflow.concurrency["cancel-in-progress"]).toBe(false);
    const order = ["npm run validate", "npm run build", "scripts/deploy/pack.sh", "release.sh' activate"].map((command) =>
      workflow.jobs.deploy.steps.findIndex((step) => step.run?.includes(command)),
    );
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const check = parse(readFileSync(join(REPO, ".github/workflows/content-check.yml"), "utf8")) as {
      on: { push: { branches: string[] } };
      jobs: Record<string, { steps: Array<{ run?: string }> }>;
    };
    expect(check.on.push.branches).toEqual(["cms/**"]);
    expect(Object.values(check.jobs)[0]!.steps.some((step) => step.run === "npm run validate")).toBe(true);
  });

  it("its upload step, with ssh and scp to this machine, takes a packed build live on a fresh server", async () => {
    const bin = join(local.path, "bin");
    const server = join(local.path, "srv");
    const service = join(local.path, "service");
    mkdirSync(bin, { recursive: true });
    mkdirSync(service, { recursive: true });
    writeFileSync(join(service, "restart.sh"), SERVICE);
    // ssh [options] user@host command...: runs the command here; scp [options] files... user@host:dir: copies here.
    writeFileSync(join(bin, "ssh"), `#!/usr/bin/env bash\nwhile [[ "$1" == -* ]]; do shift 2; done\nshift\nexec bash -c "$*"\n`, { mode: 0o755 });
    writeFileSync(join(bin, "scp"), `#!/usr/bin/env bash\nwhile [[ "$1" == -* ]]; do shift 2; done\ntarget="\${@: -1}"\ncp "\${@:1:$#-1}" "\${target#*:}"\n`, {
      mode: 0o755,
    });
    sharedDependencies(server);

    const archive = pack(build("six"), "20261110T090000Z-ffffffffffff");
    const step = workflowStep("deploy.yml", "Upload and go live");
    const servicePort = await freePort();
    const result = spawnSync("bash", ["-e", "-c", step.run], {
      cwd: REPO,
      encoding: "utf8",
      timeout: 120_000,
      env: {
        ...env(),
        PATH: `${bin}:${process.env.PATH}`,
        HOME: local.path,
        ARCHIVE: archive,
        TARGET: "deploy@lariox.example",
        DEPLOY_ROOT: server,
        STATE: service,
        LARIOX_ROOT: "",
        RESTART_COMMAND: `bash ${join(service, "restart.sh")}`,
        PORT: String(servicePort),
        HEALTH_URL: `http://127.0.0.1:${servicePort}`,
      },
    });
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
    expect(readlinkSync(join(server, "current"))).toBe("releases/20261110T090000Z-ffffffffffff");
    // The uploaded archive is removed; this commit's release.sh stays for the next deploy to replace.
    expect(readdirSync(join(server, "incoming")).sort()).toEqual(["health-check.mjs", "release.sh"]);
    const res = await fetch(`http://127.0.0.1:${servicePort}/`);
    expect(await res.text()).toContain("Release six");
  });
});
