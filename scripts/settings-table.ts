/**
 * `npm run docs:settings`: writes the README's table of server settings from SETTINGS in
 * src/server/env.ts, between its two settings-table comments, so each setting is described once.
 *
 * `--check` writes nothing and exits 1 when the README's table is stale (`npm run typecheck`).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { SETTINGS, type Setting } from "../src/server/env.ts";

const README = "README.md";
const START = "<!-- settings-table: written by `npm run docs:settings` from SETTINGS in src/server/env.ts -->";
const END = "<!-- /settings-table -->";

const cell = (value: string) => value.replace(/\|/g, "\\|");

function settingsTable(): string {
  const rows = Object.entries(SETTINGS as Record<string, Setting>).map(([name, s]) => {
    const fallback = s.default === undefined ? "" : `\`${s.default}\``;
    const bounds = s.min === undefined ? "" : ` (${s.min}–${s.max})`;
    return `| \`${name}\` | ${cell(fallback)}${bounds} | ${cell(s.about)} |`;
  });
  return ["| setting | default | what it does |", "| --- | --- | --- |", ...rows].join("\n");
}

/** The README with its table replaced by `table`. */
function withTable(readme: string, table: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${README} has lost its settings-table comments; put back:\n${START}\n${END}`);
  return `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
}

const readme = readFileSync(README, "utf8");
const fresh = withTable(readme, settingsTable());
if (process.argv.includes("--check")) {
  if (fresh !== readme) {
    console.error(`${README}'s table of server settings is out of date: run \`npm run docs:settings\` and commit the result.`);
    process.exit(1);
  }
} else if (fresh !== readme) {
  writeFileSync(README, fresh);
  console.log(`wrote ${README}'s table of server settings`);
}
