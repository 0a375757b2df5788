import { loadContent } from "../../src/content/loaders/load.ts";

/**
 * The content the built site was drawn from, for tests that check a rule against whatever the
 * content says (every page without a form, the main button's words) rather than today's copy.
 */
export const content = loadContent(process.cwd()).content!;
