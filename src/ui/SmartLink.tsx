import type { ReactNode } from "react";
import { Link } from "wouter";
import site from "virtual:site";
import { isInternal } from "./format.ts";
import { visuallyHidden } from "../styles/layout.css.ts";

interface Props {
  href: string;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
  "aria-current"?: "page" | undefined;
}

/** A client-side link for site pages; a plain anchor for files, mail, phone and other sites. */
export function SmartLink({ href, children, ...rest }: Props) {
  if (isInternal(href))
    return (
      <Link href={href} {...rest}>
        {children}
      </Link>
    );
  const external = href.startsWith("http");
  return (
    <a href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})} {...rest}>
      {children}
      {external && <span className={visuallyHidden}> {site.ui.opensInNewTab}</span>}
    </a>
  );
}
