/**
 * The HTML pages that answer a form post sent without script. They are drawn by React with the
 * site's own blocks, by the render entry the build writes to DIST_DIR/.site/form-answer/
 * (src/entry-form-answer.tsx, built by scripts/build/form-answer.ts): `entry.js`, and
 * `template.html`, the pages' own document with their stylesheet and no module script. The server
 * reads these two files and nothing else of the build for it.
 *
 * Without them (a server started before any build, as most server tests do) a post is taken all
 * the same, and answered in plain text with the server's message.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { FORM_ANSWER_DIR, FORM_ANSWER_ENTRY, FORM_ANSWER_TEMPLATE, TEMPLATE_SLOTS } from "../../handover/form-answer.ts";
import type { AnswerRequest, FormAnswerEntry } from "../../handover/form-answer.ts";

export interface AnswerPage {
  type: string;
  body: string;
}

export interface FormPages {
  /** The origins besides the request's own that the site's pages are served from. */
  siteOrigins: string[];
  render(request: AnswerRequest): Promise<AnswerPage>;
}

const plain = (request: AnswerRequest): AnswerPage => ({ type: "text/plain; charset=utf-8", body: `${request.outcome.message}\n` });

/** Loads the render entry and template from `distDir`; plain-text answers when the build wrote none. */
export async function loadFormPages(distDir: string): Promise<FormPages> {
  const dir = join(distDir, FORM_ANSWER_DIR);
  const entryFile = join(dir, FORM_ANSWER_ENTRY);
  const templateFile = join(dir, FORM_ANSWER_TEMPLATE);
  if (!existsSync(entryFile) || !existsSync(templateFile)) return { siteOrigins: [], render: async (request) => plain(request) };

  const template = readFileSync(templateFile, "utf8");
  const entry = (await import(pathToFileURL(entryFile).href)) as Partial<FormAnswerEntry>;
  if (
    !Object.values(TEMPLATE_SLOTS).every((slot) => template.includes(slot)) ||
    typeof entry.renderFormAnswer !== "function" ||
    typeof entry.siteOrigin !== "string"
  ) {
    throw new Error(
      `${dir} is not what the build writes (a render entry and a template with ${Object.values(TEMPLATE_SLOTS).join(" and ")}); build the site again.`,
    );
  }
  const { renderFormAnswer, siteOrigin } = entry as FormAnswerEntry;
  return {
    siteOrigins: [siteOrigin],
    async render(request) {
      const page = await renderFormAnswer(request);
      if (!page) return plain(request);
      // Functions as replacements: a "$&" in a visitor's text must stay text.
      const html = template.replace(TEMPLATE_SLOTS.head, () => page.head).replace(TEMPLATE_SLOTS.body, () => page.body);
      return { type: "text/html; charset=utf-8", body: html };
    },
  };
}
