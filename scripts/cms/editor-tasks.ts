/**
 * `npm run editor:tasks`: the everyday editing tasks of issue 51, done in the visual editor as the
 * company's marketing assistant would (clicks, typing, drags and file uploads; no terminal, git or
 * YAML), in headless Chromium at 1440 px (the phone tasks at 390 px). The editor is started as
 * `npm run edit` starts it, on a throwaway copy of the repository, never on this checkout's content,
 * whose `origin` is a bare repository beside it: each save is a commit there by a test identity,
 * and each Publish pushes main to that remote, as on her machine to the company's repository.
 *
 * For each task: the clicks and keystrokes it took, the time, what the editor said, and whether
 * the files changed as expected (a small diff, or nothing for a refused mistake, and the content
 * still valid). Prints the table; screenshots go to /tmp/editor-tasks/ (or SHOTS_DIR).
 *
 *   npm run editor:tasks                  all tasks
 *   npm run editor:tasks -- --only 5,6    some of them (numbers as printed)
 *   npm run editor:tasks -- --keep        keeps the copy, to read its git log
 * EDITOR_TASKS_PORT: the editor's port (4173 by default); the local backend is always on 8081.
 */
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { loadContent } from "../../src/content/loaders/load.ts";
import { chromiumLaunchOptions } from "../lib/chromium.ts";
import { Assistant } from "./editor-assistant.ts";
import { TASKS, type Change } from "./editor-task-list.ts";

const project = join(import.meta.dirname, "../..");
const port = Number(process.env.EDITOR_TASKS_PORT ?? 4173);
const editorUrl = `http://localhost:${port}`;
const shots = process.env.SHOTS_DIR ?? "/tmp/editor-tasks";
const onlyArg = process.argv.indexOf("--only");
const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1]!.split(",").map(Number)) : undefined;
/** What `npm run edit` and a build of /admin read in the copy. */
const COPIED = [
  "content",
  "schema",
  "public",
  "src",
  "scripts",
  "admin",
  "index.html",
  "vite.config.ts",
  "vite.admin.config.ts",
  "tsconfig.json",
  "package.json",
];

/** Who commits in the copy: a test identity, for the copy's first commit and the editor's saves alike. */
const TEST_PERSON = {
  GIT_AUTHOR_NAME: "Site Team",
  GIT_AUTHOR_EMAIL: "team@example.com",
  GIT_COMMITTER_NAME: "Site Team",
  GIT_COMMITTER_EMAIL: "team@example.com",
  GIT_CONFIG_NOSYSTEM: "1",
};

const git = (root: string, ...args: string[]) =>
  execFileSync("git", ["-C", root, ...args], { encoding: "utf8", env: { PATH: process.env.PATH, ...TEST_PERSON } });

/** The copy, committed, with a bare repository beside it as its `origin` (root + "-remote"). */
function copyProject(): string {
  const root = mkdtempSync(join(tmpdir(), "lariox-editor-tasks-"));
  for (const name of COPIED) cpSync(join(project, name), join(root, name), { recursive: true });
  symlinkSync(join(project, "node_modules"), join(root, "node_modules"));
  git(root, "init", "-q", "-b", "main");
  writeFileSync(join(root, ".git/info/exclude"), "node_modules\nedit.log\n");
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", "The site as copied for the editor's tasks");
  git(tmpdir(), "init", "-q", "--bare", "-b", "main", `${root}-remote`);
  git(root, "remote", "add", "origin", `${root}-remote`);
  git(root, "push", "-q", "origin", "main");
  return root;
}

async function answers(url: string, init?: RequestInit): Promise<boolean> {
  return fetch(url, init).then(
    (r) => r.ok,
    () => false,
  );
}

/** `npm run edit` in the copy; its whole process group is stopped with it. */
async function startEditor(root: string): Promise<() => void> {
  const backendInfo = { method: "POST", headers: { "content-type": "application/json" }, body: '{"action":"info"}' };
  if (await answers("http://localhost:8081/api/v1", backendInfo)) throw new Error("something already answers on port 8081 (npm run edit?): stop it first");
  const log = openSync(join(root, "edit.log"), "w");
  const editor = spawn(process.execPath, ["--import", "tsx", "scripts/cms/edit.ts", "--port", String(port)], {
    cwd: root,
    // The editor's commits are the test identity's, whoever runs the tasks.
    env: { ...process.env, ...TEST_PERSON },
    detached: true,
    stdio: ["ignore", log, log],
  });
  const stop = () => {
    try {
      process.kill(-editor.pid!, "SIGTERM");
    } catch {
      // Already gone.
    }
  };
  while (!(await answers(`${editorUrl}/admin/`)) || !(await answers("http://localhost:8081/api/v1", backendInfo))) {
    if (editor.exitCode !== null) throw new Error(`npm run edit exited (${editor.exitCode}); see ${join(root, "edit.log")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return stop;
}

/**
 * The files the task changed since `start` (the editor commits each save; anything it left
 * uncommitted is staged too), and the copy committed, so the next task's change is its own.
 */
function takeChange(root: string, task: string, start: string): Change {
  git(root, "add", "-A", "content", "public");
  const numstat = git(root, "diff", "--cached", "--numstat", start).trim();
  const files = numstat
    ? numstat.split("\n").map((line) => {
        const [added, removed, path] = line.split("\t");
        return { path: path!, added: Number(added) || 0, removed: Number(removed) || 0 };
      })
    : [];
  const diff = git(root, "diff", "--cached", "--unified=0", start, "--", "content");
  const versions = git(root, "log", "--format=%s", `${start}..HEAD`).trim().split("\n").filter(Boolean);
  if (git(root, "diff", "--cached", "--name-only").trim()) git(root, "commit", "-q", "-m", `Editor task: ${task}`);
  const errors = loadContent(root).errors.map((e) => `${e.file}: ${e.message}`);
  return { files, diff, errors, root, remote: `${root}-remote`, versions };
}

interface Row {
  n: number;
  task: string;
  clicks: string;
  seconds: string;
  said: string;
  result: string;
  ok: boolean;
}

async function main(): Promise<void> {
  const root = copyProject();
  console.log(`copy of the site: ${root}\nstarting the editor (npm run edit) on port ${port}...`);
  const stop = await startEditor(root);
  let browser: Browser | undefined;
  const rows: Row[] = [];
  try {
    browser = await chromium.launch(chromiumLaunchOptions);
    for (const [i, task] of TASKS.entries()) {
      const n = i + 1;
      if (only && !only.has(n)) continue;
      const width = task.width ?? 1440;
      const context = await browser.newContext({ baseURL: editorUrl, viewport: { width, height: width < 800 ? 844 : 900 }, hasTouch: width < 800 });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const assistant = await Assistant.on(page, join(shots, String(n).padStart(2, "0")));
      // Opening the editor and signing in to the local backend is where every task starts.
      await page.goto("/admin/");
      await page.getByRole("button", { name: "Login" }).click();
      await page.getByText("Pages", { exact: true }).first().waitFor();
      await assistant.reset();
      const start = git(root, "rev-parse", "HEAD").trim();
      const started = performance.now();
      let failure: string | undefined;
      try {
        await task.run(assistant);
      } catch (error) {
        failure = `stopped: ${(error as Error).message.split("\n")[0]}`;
        await assistant.screenshot("stopped");
      }
      const seconds = (performance.now() - started) / 1000;
      const said = await assistant.heard().catch(() => []);
      const change = takeChange(root, task.title, start);
      const verdict = failure ?? task.expect(change) ?? (change.errors.length ? `invalid content: ${change.errors.join("; ")}` : undefined);
      const actions = [`${assistant.clicks} clicks`, `${assistant.keys} keys`];
      if (assistant.drags) actions.push(`${assistant.drags} drag`);
      if (assistant.swipes) actions.push(`${assistant.swipes} swipe${assistant.swipes > 1 ? "s" : ""}`);
      if (assistant.uploads) actions.push(`${assistant.uploads} upload${assistant.uploads > 1 ? "s" : ""}`);
      rows.push({
        n,
        task: `${task.title}${width !== 1440 ? ` (${width} px)` : ""}`,
        clicks: actions.join(", "),
        seconds: seconds.toFixed(1),
        said: said.join(" | ") || "(nothing)",
        result: verdict ? `FAILED: ${verdict}` : `ok: ${task.summary(change)}`,
        ok: !verdict,
      });
      console.log(`${n}. ${rows.at(-1)!.task}: ${rows.at(-1)!.result}`);
      if (assistant.missed.length) console.log(`   screenshots not taken: ${assistant.missed.join(", ")}`);
      await context.close();
    }
  } finally {
    await browser?.close();
    stop();
    if (process.argv.includes("--keep")) console.log(`the copy stays: ${root}`);
    else for (const folder of [root, `${root}-remote`]) rmSync(folder, { recursive: true, force: true });
  }
  printTable(rows);
  console.log(`\nscreenshots: ${shots}/`);
  if (rows.some((r) => !r.ok)) process.exitCode = 1;
}

function printTable(rows: Row[]): void {
  console.log("\n| # | task | clicks and keys | seconds | what the editor showed | result |\n|---|---|---|---|---|---|");
  const cell = (text: string) => text.replace(/\|/g, "\\|");
  for (const r of rows) console.log(`| ${r.n} | ${cell(r.task)} | ${r.clicks} | ${r.seconds} | ${cell(r.said)} | ${cell(r.result)} |`);
}

await main();
