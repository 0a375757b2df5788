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

/** One reason a post was refused: a field, or "" for the post as a whole. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** What came of a post: taken, or refused with the server's message, its reasons and the values sent. */
export type AnswerOutcome =
  { sent: true; message: string; reference?: string } | { sent: false; message: string; errors: FieldProblem[]; values: Record<string, string> };

export interface AnswerRequest {
  /** The endpoint posted to, e.g. /api/mail/send-contact: the form whose page answers. */
  endpoint: string;
  /** The path of the page the post came from (its Referer), when it is one of the site's. */
  from?: string | undefined;
  outcome: AnswerOutcome;
}

export interface RenderedAnswer {
  /** Tags for the template's <!--head-->: title, robots. */
  head: string;
  /** The HTML for the template's <!--app-html-->. */
  body: string;
}

/** What the built render entry exports. */
export interface FormAnswerEntry {
  /** Undefined when no page holds a form posting to the endpoint. */
  renderFormAnswer(request: AnswerRequest): Promise<RenderedAnswer | undefined>;
  /** The origin visitors see the site at (site.yaml's siteUrl). */
  siteOrigin: string;
}

export const FORM_ANSWER_DIR = ".site/form-answer";
export const FORM_ANSWER_ENTRY = "entry.js";
export const FORM_ANSWER_TEMPLATE = "template.html";
/** Where the template takes the entry's head tags and the page. */
export const TEMPLATE_SLOTS = { head: "<!--head-->", body: "<!--app-html-->" } as const;

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
