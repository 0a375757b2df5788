import site from "virtual:site";
import type { SectionOf } from "../../content/types.ts";
import { Img } from "../../ui/Img.tsx";
import { button, visuallyHidden } from "../../styles/layout.css.ts";
import { Section } from "../Section.tsx";
import * as css from "./styles.css.ts";

type Doc = SectionOf<"documentList">["documents"][number];

/** The Download button opens the file in a new tab (PDFs show in the browser's viewer). */
function DownloadLink({ doc }: { doc: Doc }) {
  return (
    <a className={button} href={doc.file} target="_blank" rel="noopener">
      {site.ui.download}
      <span className={visuallyHidden}>
        {" "}
        {doc.name} {site.ui.opensInNewTab}
      </span>
    </a>
  );
}

/** Brochures as cards in 1, 2 or 3 columns, or datasheets as a list; each with a Download button. */
export function DocumentList({ section }: { section: SectionOf<"documentList"> }) {
  return (
    <Section heading={section.heading} intro={section.intro}>
      {section.layout === "grid" ? (
        <ul className={`${css.docGrid} ${css.wideGrid}`}>
          {section.documents.map((doc) => (
            <li key={doc.file} className={css.card}>
              {doc.image ? (
                <Img src={doc.image.src} alt={doc.image.alt} className={css.cardImage} sizes={css.CARD_SIZES} />
              ) : (
                // A brochure without a cover keeps its card's shape: the company's logo on the cover's band, not an empty space.
                <div className={`${css.cardImage} ${css.coverFallback}`}>
                  <Img src={site.company.logo} alt="" className={css.coverLogo} />
                </div>
              )}
              <div className={css.cardBody}>
                <h3 className={css.cardTitle}>{doc.name}</h3>
                {doc.description && <p className={css.cardText}>{doc.description}</p>}
                <div style={{ marginTop: "auto" }}>
                  <DownloadLink doc={doc} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <ul className={css.docList}>
          {section.documents.map((doc) => (
            <li key={doc.file} className={css.docRow}>
              <div>
                <h3 className={css.docName}>{doc.name}</h3>
                {doc.description && <p className={css.cardText}>{doc.description}</p>}
              </div>
              <DownloadLink doc={doc} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export default DocumentList;
