/**
 * The preview pane: the entry drawn as the page draws it (src/app/PageView.tsx: banner, sidebar,
 * the site's own block components), with the site's stylesheet (registered as the preview style)
 * and its images' sizes and inline SVGs, so what the editor sees is what the page shows. A page
 * still being filled in may not render whole yet: then each section is drawn on its own, and one
 * that cannot be yet says so.
 */
import { Component, type ReactNode } from "react";
import type { PreviewTemplateComponentProps } from "decap-cms-core";
import { images } from "virtual:site";
import { PageView } from "../app/PageView.tsx";
import { RenderSections } from "../blocks/RenderSections.tsx";
import type { Page } from "../content/types.ts";
import { contactTokens, fillTokens } from "../content/tokens.ts";
import { ImagesContext } from "../ui/Img.tsx";
import { facts } from "./facts.ts";
import { entryFields } from "./fields.ts";
import { entryData } from "./entry.ts";
import { clean } from "./validate-entry.ts";

class Boundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn("preview:", error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

const notice = { padding: "1rem 2rem", color: "#6b21a8", fontFamily: "system-ui" };

export function PagePreview({ entry }: Pick<PreviewTemplateComponentProps, "entry">) {
  const data = clean(entryData(entry), entryFields("page")) as Page;
  const site = facts().site;
  const page = site.contact ? fillTokens({ ...data, sections: data.sections ?? [] }, contactTokens(site)) : { ...data, sections: data.sections ?? [] };
  // A new key for each change: a boundary forgets its error once the entry is fixed.
  const key = JSON.stringify(page);
  const sectionBySection = page.sections.map((section, i) => (
    <Boundary
      key={`${i}-${JSON.stringify(section)}`}
      fallback={<p style={notice}>{`Section ${i + 1} (${section.type}): fill in its required fields to see it here.`}</p>}
    >
      <RenderSections sections={[section]} />
    </Boundary>
  ));
  return (
    <ImagesContext value={images}>
      <main id="main">
        <Boundary key={key} fallback={sectionBySection}>
          <PageView page={page} />
        </Boundary>
      </main>
    </ImagesContext>
  );
}
