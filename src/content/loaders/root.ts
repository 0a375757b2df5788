import { resolve } from "node:path";

/**
 * The folder a build reads content/ and public/ from: CONTENT_ROOT, else the project itself. The
 * tests build the site of tests/fixtures/content/site, so an editor's change to the company's
 * content never changes what they run on.
 */
export const contentRoot = (): string => resolve(process.env.CONTENT_ROOT ?? process.cwd());
