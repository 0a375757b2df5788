import { join } from "node:path";

/**
 * The site the tests build and run on: content/ and public/ of their own, so an editor's change to
 * the company's content never turns a test red. `npm run build:test-site` builds it into
 * .tmp/test-site, which the browser tests and the proxy test serve.
 */
export const SITE_FIXTURE = join(import.meta.dirname, "fixtures/content/site");
/** The build the browser tests serve: E2E_DIST_DIR (`npm run check:spec`: the project's dist), else the tests' site. */
export const E2E_DIST = process.env.E2E_DIST_DIR ?? ".tmp/test-site/dist";
