/**
 * The preview pane: the entry drawn as the page draws it (src/app/PageView.tsx: banner, sidebar,
 * the site's own block components), with the site's stylesheet (registered as the preview style)
 * and its images' sizes and inline SVGs, so what the editor sees is what the page shows. A page
 * still being filled in may not render whole yet: then each section is drawn on its own, and one
 * that cannot be yet says so. Banners take the heights the app gives them (site settings), and a
 * picture just uploaded is drawn from Decap's copy of it until it is saved.
 */
import { Component, type ReactNode } from "react";
import type { PreviewTemplateComponentProps } from "decap-cms-core";
import { images } from "virtual:site";
import { PageView } from "../app/PageView.tsx";
import { RenderSections } from "../blocks/RenderSections.tsx";
import type { Page, Site } from "../content/types.ts";
import { contactTokens, fillTokens } from "../content/tokens.ts";
import { ImagesContext } from "../ui/Img.tsx";
import { bannerHeightStyle } from "../blocks/banner-heights.ts";
import { siteIndex } from "./site-index.ts";
import { entryFields, sectionLabel } from "./fields.ts";
import { entryData } from "./entry.ts";
import { clean } from "./validate-entry.ts";
import { INTRO_OVER_ATTRIBUTE } from "../ui/intro-over.ts";

// The editor has no intro splash (src/boot/intro.ts), and the preview's blocks run in the editor's
// window: what waits for the splash to go (the slideshow's later slides, its motion) starts at
// once, so the preview shows every slide as visitors see them.
document.documentElement.setAttribute(INTRO_OVER_ATTRIBUTE, "");

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

/** Pictures uploaded into the entry and not saved yet: their address (/assets/…) and Decap's copy of them. */
function draftUploads(entry: PreviewTemplateComponentProps["entry"]): Map<string, string> {
  const files: unknown = entry.get("mediaFiles")?.toJS() ?? [];
  const drafts = Array.isArray(files) ? (files as { path: string; url?: string; draft?: boolean }[]).filter((f) => f.draft && f.url) : [];
  return new Map(drafts.map((f) => [f.path.replace(/^\/?public\//, "/"), f.url!]));
}

/** `value` with each draft upload's address replaced by Decap's copy, which the preview can draw at once. */
function withUploads(value: unknown, uploads: Map<string, string>): unknown {
  if (typeof value === "string") return uploads.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => withUploads(v, uploads));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withUploads(v, uploads)]));
  return value;
}

/** The banner heights the app sets on its shell (src/app/App.tsx), from site settings. */
function bannerHeights(site: Site | undefined) {
  const heights = site?.behaviour?.bannerHeights;
  if (!heights) return undefined;
  return bannerHeightStyle(heights);
}

export function PagePreview({ entry }: Pick<PreviewTemplateComponentProps, "entry">) {
  const filled = withUploads(clean(entryData(entry), entryFields("page")), draftUploads(entry)) as Page;
  // A new page has no name yet: the lines that quote it ("Questions about {page}?") say where it will go.
  const data = { ...filled, title: filled.title?.trim() ? filled.title : "(page name)" };
  const site = siteIndex()?.site;
  const page = site?.contact ? fillTokens({ ...data, sections: data.sections ?? [] }, contactTokens(site)) : { ...data, sections: data.sections ?? [] };
  // A new key for each change: a boundary forgets its error once the entry is fixed.
  const key = JSON.stringify(page);
  const sectionBySection = page.sections.map((section, i) => (
    <Boundary
      key={`${i}-${JSON.stringify(section)}`}
      fallback={<p style={notice}>{`Section ${i + 1} (${sectionLabel(section.type)}): fill in its required fields to see it here.`}</p>}
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
