import { assignInlineVars } from "@vanilla-extract/dynamic";
import type { SectionOf } from "../../content/types.ts";
import { Img } from "../../ui/Img.tsx";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { button } from "../../styles/layout.css.ts";
import { Section } from "../Section.tsx";
import * as css from "./styles.css.ts";

type Card = SectionOf<"cardGrid">["cards"][number];

function CardBody({ card }: { card: Card }) {
  return (
    <>
      {card.image && <Img src={card.image.src} alt={card.image.alt} className={css.cardImage} sizes={css.CARD_SIZES} />}
      <div className={css.cardBody}>
        {card.icon && <Img src={card.icon} alt="" className={css.icon} />}
        <h3 className={css.cardTitle}>{card.title}</h3>
        {card.description && <p className={css.cardText}>{card.description}</p>}
        {card.href && card.linkLabel && (
          <span className={css.cardMore} aria-hidden="true">
            {card.linkLabel} →
          </span>
        )}
      </div>
    </>
  );
}

/** Cards in 1, 2 or `columns` columns by width; a card with `href` is one big link. */
export function CardGrid({ section }: { section: SectionOf<"cardGrid"> }) {
  return (
    <Section heading={section.heading} intro={section.intro}>
      <ul className={css.grid} style={assignInlineVars({ [css.columns]: String(section.columns ?? 3) })} role="list">
        {section.cards.map((card) => (
          <li key={card.title} className={css.cardCell}>
            {card.href ? (
              <SmartLink href={card.href} className={`${css.card} ${css.cardLink}`}>
                <CardBody card={card} />
              </SmartLink>
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
