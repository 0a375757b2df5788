import { useId } from "react";
import { assignInlineVars } from "@vanilla-extract/dynamic";
import type { SectionOf } from "../../content/types.ts";
import { Img } from "../../ui/Img.tsx";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { isInternal } from "../../ui/format.ts";
import { button } from "../../styles/layout.css.ts";
import { Section } from "../Section.tsx";
import * as css from "./styles.css.ts";

type Card = SectionOf<"cardGrid">["cards"][number];

function CardBody({ card, id }: { card: Card; id?: string }) {
  return (
    <>
      {card.image && <Img src={card.image.src} alt={card.image.alt} className={css.cardImage} sizes={css.CARD_SIZES} />}
      <div className={css.cardBody}>
        {card.icon && <Img src={card.icon} alt="" className={css.icon} />}
        <h3 className={css.cardTitle} id={id && `${id}-title`}>
          {card.title}
        </h3>
        {card.description && (
          <p className={css.cardText} id={id && `${id}-text`}>
            {card.description}
          </p>
        )}
        {card.href && card.linkLabel && (
          <span className={css.cardMore} aria-hidden="true">
            {card.linkLabel} →
          </span>
        )}
      </div>
    </>
  );
}

/**
 * A card with `href` is one big link, named by its title alone (not its picture's alt, its text
 * and its "more" words run together), with its text as the link's description.
 */
function LinkCard({ card, href }: { card: Card; href: string }) {
  const id = useId();
  return (
    <SmartLink
      href={href}
      className={`${css.card} ${css.cardLink}`}
      // Another site's link keeps its whole text, which says it opens a new tab.
      aria-labelledby={isInternal(href) ? `${id}-title` : undefined}
      aria-describedby={card.description ? `${id}-text` : undefined}
    >
      <CardBody card={card} id={id} />
    </SmartLink>
  );
}

/** Cards in 1, 2 or `columns` columns by width. */
export function CardGrid({ section }: { section: SectionOf<"cardGrid"> }) {
  return (
    <Section heading={section.heading} intro={section.intro}>
      <ul className={css.grid} style={assignInlineVars({ [css.columns]: String(section.columns ?? 3) })} role="list">
        {section.cards.map((card) => (
          <li key={card.title} className={css.cardCell}>
            {card.href ? (
              <LinkCard card={card} href={card.href} />
            ) : (
              <div className={css.card}>
                <CardBody card={card} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {section.cta && (
        <div className={css.ctaRow}>
          <SmartLink href={section.cta.href} className={button}>
            {section.cta.label}
          </SmartLink>
        </div>
      )}
    </Section>
  );
}

export default CardGrid;
