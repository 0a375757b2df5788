/**
 * `node:fs` for the editor in the browser, so src/content/schemas.ts and check.ts (the validator
 * the build uses) run unchanged: schema files come bundled, and "does this asset exist" is
 * answered from the facts the editor fetched (facts.ts).
 */
import { assetExists } from "../facts.ts";

const bundled = import.meta.glob<string>("../../../schema/**/*.json", { query: "?raw", import: "default", eager: true });
const byName = new Map(Object.entries(bundled).map(([path, text]) => [path.replace(/^.*\/schema\//, "schema/"), text]));
const schemaFile = (path: string) => byName.get(path.replace(/^.*\/schema\//, "schema/"));

export function readFileSync(path: string): string {
  const text = schemaFile(String(path));
  if (text === undefined) throw new Error(`ENOENT: ${path} is not available in the editor`);
  return text;
}

export function existsSync(path: string): boolean {
  const p = String(path);
  if (p.includes("/schema/")) return schemaFile(p) !== undefined;
  const asset = p.replace(/^.*?\/public\//, "/");
  return assetExists(asset);
}

export default { readFileSync, existsSync };
