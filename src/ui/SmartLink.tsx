import type { ReactNode } from "react";
import site from "virtual:site";
import { isInternal } from "./format.ts";
import { visuallyHidden } from "../styles/layout.css.ts";

interface Props {
  href: string;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
  "aria-current"?: "page" | undefined;
  "aria-labelledby"?: string;
  "aria-describedby"?: string;
}

/**
 * A link: to a site page, an ordinary document navigation (Speculation Rules load it ahead, see
 * scripts/build/speculation.ts); to another site, in a new tab, saying so to screen readers.
 */
export function SmartLink({ href, children, ...rest }: Props) {
  if (isInternal(href))
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  const external = href.startsWith("http");
  return (
    <a href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})} {...rest}>
      {children}
      {external && <span className={visuallyHidden}> {site.ui.opensInNewTab}</span>}
    </a>
  );
}
