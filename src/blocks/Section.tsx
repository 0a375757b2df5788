import type { ReactNode } from "react";
import { container, section, sectionHeading, sectionIntro } from "../styles/layout.css.ts";

interface Props {
  heading?: string;
  intro?: string;
  eyebrow?: string;
  className?: string;
  children: ReactNode;
}

/** The frame every block shares: spacing, the content column, an optional heading and intro. */
export function Section({ heading, intro, eyebrow, className, children }: Props) {
  return (
    <section className={[section, className].filter(Boolean).join(" ")}>
      <div className={container}>
        {eyebrow && <p className={sectionIntro} style={{ marginBottom: "0.25rem", fontWeight: 600, textTransform: "uppercase", letterSpacing: "0.08em", fontSize: "0.8125rem" }}>{eyebrow}</p>}
        {heading && <h2 className={sectionHeading}>{heading}</h2>}
        {intro && <p className={sectionIntro}>{intro}</p>}
        {children}
      </div>
    </section>
  );
}
