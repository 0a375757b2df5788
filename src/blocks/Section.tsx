import type { ReactNode } from "react";
import { container, section, sectionHeading, sectionIntro } from "../styles/layout.css.ts";

interface Props {
  heading?: string;
  intro?: string;
  className?: string;
  children: ReactNode;
}

/** The frame every block shares: spacing, the content column, an optional heading and intro. */
export function Section({ heading, intro, className, children }: Props) {
  return (
    <section className={[section, className].filter(Boolean).join(" ")}>
      <div className={container}>
        {heading && <h2 className={sectionHeading}>{heading}</h2>}
        {intro && <p className={sectionIntro}>{intro}</p>}
        {children}
      </div>
    </section>
  );
}
