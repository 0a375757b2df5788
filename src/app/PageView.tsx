import site from "virtual:site";
import type { Page, Sidebar as SidebarData } from "../content/types.ts";
import { RenderSections } from "../blocks/RenderSections.tsx";
import { Img } from "../ui/Img.tsx";
import { SmartLink } from "../ui/SmartLink.tsx";
import { CurrentPageContext } from "../ui/current-page.ts";
import { showsWhatsApp } from "../ui/whatsapp.ts";
import { WhatsAppCallout } from "../ui/WhatsApp.tsx";
import { Cta } from "../blocks/cta/index.tsx";
import * as css from "./PageView.css.ts";

function Sidebar({ sidebar, current }: { sidebar: SidebarData; current: string }) {
  return (
    <aside className={css.sidebar} aria-labelledby="sidebar-heading">
      <h2 id="sidebar-heading" className={css.sidebarHeading}>
        {sidebar.heading}
      </h2>
      <ul className={css.sidebarList}>
        {sidebar.links.map((l) => (
          <li key={l.href}>
            <SmartLink href={l.href} className={css.sidebarLink} aria-current={l.href === current ? "page" : undefined}>
              <Img src={l.icon} alt="" className={css.sidebarIcon} />
              {l.label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/**
 * The closing enquiry band (site.yaml's enquiryBand) at the foot of a page with no form of its
 * own: whoever read to the end finds the way to an enquiry. Drawn as the cta block draws its band;
 * a page that already ends with a band of its own (a cta section) keeps that one alone, not two.
 */
function EnquiryBand({ page }: { page: Page }) {
  const band = site.enquiryBand;
  if (!band || page.path === band.action.href || page.sections.some((s) => s.type === "form") || page.sections.at(-1)?.type === "cta") return null;
  return (
    <div data-enquiry-band="">
      <Cta section={{ type: "cta", heading: band.heading, text: band.text, buttons: [band.action] }} />
    </div>
  );
}

/** One page: its banner (or hero) full width, then its sections, beside a sidebar if it has one (below them on small screens). */
export function PageView({ page }: { page: Page }) {
  return (
    <CurrentPageContext value={{ title: page.title, path: page.path }}>
      <PageBody page={page} />
      <EnquiryBand page={page} />
    </CurrentPageContext>
  );
}

function PageBody({ page }: { page: Page }) {
  const sidebar = page.sidebar ? site.sidebars[page.sidebar] : undefined;
  // Product pages end with the WhatsApp link, its first message naming the product.
  const whatsapp = showsWhatsApp(site.contact.whatsapp, page.path) ? <WhatsAppCallout /> : null;
  if (!sidebar) {
    return (
      <>
        <RenderSections sections={page.sections} />
        {whatsapp && <div className={css.afterSections}>{whatsapp}</div>}
      </>
    );
  }
  const [first, ...rest] = page.sections;
  const lead = first && (first.type === "banner" || first.type === "hero") ? [first] : [];
  const body = lead.length ? rest : page.sections;
  return (
    <>
      <RenderSections sections={lead} />
      {/* The content comes first; wide screens draw the sidebar to its left, phones after it. */}
      <div className={css.withSidebar}>
        <div className={css.sidebarMain}>
          <RenderSections sections={body} />
          {whatsapp}
        </div>
        <Sidebar sidebar={sidebar} current={page.path} />
      </div>
    </>
  );
}
