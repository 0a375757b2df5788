/**
 * The pages the server answers a form post sent without script with (src/server/enquiries/form-pages.ts):
 * the site's own shell around either the success toast's words (the form was taken) or the form's
 * page drawn again with the visitor's values and the reasons it was refused. React and the site's
 * blocks draw them, as they draw every page; there is no script on them.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import site, { images as siteImages } from "virtual:site";
import { Shell, type LoadedPage } from "../app/App.tsx";
import type { Page, SectionOf } from "../content/types.ts";
import { PageView } from "../app/PageView.tsx";
import { RenderSections } from "../blocks/RenderSections.tsx";
import { refusalNotice } from "../blocks/form/refusal.ts";
import { FormSeedContext, type FormSeed } from "../blocks/form/seed.ts";
import { Sent } from "../blocks/form/Sent.tsx";
import { normalisePath, pageTitle } from "../ui/format.ts";
import { FORMS } from "../forms/kinds.generated.ts";
import type { AnswerRequest, RenderedAnswer } from "../handover/form-answer.ts";

type FormSection = SectionOf<"form">;

/** The form section of `page` that posts to `endpoint`, if it has one. */
function formPosting(page: Page, endpoint: string): FormSection | undefined {
  return page.sections.find((s): s is FormSection => s.type === "form" && FORMS[s.form].endpoint === endpoint);
}

/**
 * The answer to `request` from the page of `pages` holding the form that posts to its endpoint (the
 * page it was sent from when that is one of them), or undefined when no page holds such a form.
 */
export async function renderFormAnswer(pages: readonly LoadedPage[], request: AnswerRequest): Promise<RenderedAnswer | undefined> {
  const endpoint = normalisePath(request.endpoint);
  const holding = pages.filter((p) => formPosting(p.page, endpoint));
  const from = request.from === undefined ? undefined : normalisePath(request.from);
  const loaded = holding.find((p) => p.page.path === from) ?? holding[0];
  if (!loaded) return undefined;
  const { page } = loaded;
  const section = formPosting(page, endpoint)!;
  const images = { ...siteImages, ...loaded.images };
  const { outcome } = request;

  let title: string;
  let main: ReactNode;
  if (outcome.sent) {
    title = section.toasts.success.title;
    // The page's banner, so the visitor sees where they are, then what came of their message.
    const lead = page.sections[0]?.type === "banner" ? [page.sections[0]] : [];
    main = (
      <>
        <RenderSections sections={lead} />
        <Sent section={section} formPath={page.path} reference={outcome.reference} />
      </>
    );
  } else {
    const notice = refusalNotice(section, outcome.values, { serverMessage: outcome.message, fieldErrors: outcome.errors });
    const seed: FormSeed = { endpoint: FORMS[section.form].endpoint, values: outcome.values, notice };
    title = notice.title;
    main = (
      <FormSeedContext value={seed}>
        <PageView page={page} />
      </FormSeedContext>
    );
  }
  const body = renderToString(
    <Shell path={page.path} images={images}>
      {main}
    </Shell>,
  );
  const head = renderToStaticMarkup(
    <>
      <title>{pageTitle(title, site.company.name)}</title>
      <meta name="robots" content="noindex" />
    </>,
  );
  return { head, body };
}
