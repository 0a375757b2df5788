/**
 * The server's render entry for the answers to form posts sent without script, built by
 * scripts/build/form-answer.ts into DIST_DIR/.site/form-answer/ and loaded by
 * src/server/enquiries/form-pages.ts: the server reads dist/ only.
 */
import "./styles/global.css.ts";
import site from "virtual:site";
import { formPages } from "virtual:form-pages";
import { renderFormAnswer as render } from "./answers/form-answer.tsx";
import type { AnswerRequest, FormAnswerEntry } from "./handover/form-answer.ts";

export const renderFormAnswer: FormAnswerEntry["renderFormAnswer"] = (request: AnswerRequest) => render(formPages, request);

/** Where visitors see the site (site.yaml's siteUrl): its pages' posts come from there even when the server is reached under another name. */
export const siteOrigin: FormAnswerEntry["siteOrigin"] = new URL(site.company.siteUrl).origin;
