/**
 * What the build's render entry for answers to form posts sent without script
 * (src/entry-form-answer.tsx, built by scripts/build/form-answer.ts) and the server that loads it
 * (src/server/enquiries/form-pages.ts) agree on: where it is written, what it exports, what it is asked.
 */
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
