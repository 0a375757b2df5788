/**
 * The preview pane: the entry drawn as the page draws it (src/app/PageView.tsx: banner, sidebar,
 * the site's own block components), with the site's stylesheet (registered as the preview style)
 * and its images' sizes and inline SVGs, so what the editor sees is what the page shows. A page
 * still being filled in may not render whole yet: then each section is drawn on its own, and one
 * that cannot be yet says so. Banners take the heights the app gives them (site settings), and a
 * picture uploaded since the editor's build is drawn from Decap's copy of it (getAsset).
 */
import { Component, type ReactNode } from "react";
import type { PreviewTemplateComponentProps } from "decap-cms-core";
import { assignInlineVars } from "@vanilla-extract/dynamic";
import { images } from "virtual:site";
import { PageView } from "../app/PageView.tsx";
import { RenderSections } from "../blocks/RenderSections.tsx";
import type { Page } from "../content/types.ts";
import { contactTokens, fillTokens } from "../content/tokens.ts";
import { ImagesContext } from "../ui/Img.tsx";
import { bannerLarge, bannerMedium, bannerSmall } from "../blocks/shared.css.ts";
import { PUBLIC_FOLDER } from "./config.ts";
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

/** Every upload in `value` that the editor's build has no entry for, as Decap's own URL of it. */
function withUploads(value: unknown, getAsset: PreviewTemplateComponentProps["getAsset"]): unknown {
  if (typeof value === "string") return value.startsWith(`${PUBLIC_FOLDER}/`) && !images[value] ? getAsset(value).toString() || value : value;
  if (Array.isArray(value)) return value.map((v) => withUploads(v, getAsset));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withUploads(v, getAsset)]));
  return value;
}

/** The banner heights the app sets on its shell (src/app/App.tsx), from site settings. */
function bannerHeights(site: ReturnType<typeof facts>["site"]) {
  const heights = site.behaviour?.bannerHeights;
  if (!heights) return undefined;
  return assignInlineVars({ [bannerSmall]: `${heights.small}px`, [bannerMedium]: `${heights.medium}px`, [bannerLarge]: `${heights.large}px` });
}

export function PagePreview({ entry, getAsset }: Pick<PreviewTemplateComponentProps, "entry" | "getAsset">) {
  const data = withUploads(clean(entryData(entry), entryFields("page")), getAsset) as Page;
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
      <div style={bannerHeights(site)}>
        <main id="main">
          <Boundary key={key} fallback={sectionBySection}>
            <PageView page={page} />
          </Boundary>
        </main>
      </div>
    </ImagesContext>
  );
}
