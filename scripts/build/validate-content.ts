/**
 * `npm run validate`: checks every content file against its schema and across files.
 * Prints every error as `file:line:col  /pointer: message` (GitHub annotations under
 * GitHub Actions) and exits 1 when there is any.
 */
import { loadContent } from "../../src/content/loaders/load.ts";
import { reportContentErrors } from "../../src/content/errors.ts";
import { canonicalFormErrors } from "../cms/content-files.ts";

const root = process.argv[2] ?? process.cwd();
const loaded = loadContent(root);
const { content } = loaded;
// Also the canonical form the visual editor writes (scripts/cms/content-files.ts).
const errors = [...loaded.errors, ...canonicalFormErrors(root)];
if (errors.length > 0) {
  reportContentErrors(errors);
  process.exit(1);
}
console.log(`content ok: site.yaml and ${content!.pages.length} pages`);
