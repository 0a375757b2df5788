import type { ReactNode } from "react";

/**
 * The frame of every document the server writes (its mails, the review pages, the sign-in answer):
 * English, UTF-8, as wide as the phone it is read on. `head`: what a document adds (robots, styles);
 * `children`: its <body>.
 */
export function Document({ title, head, children }: { title: string; head?: ReactNode; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {head}
        <title>{title}</title>
      </head>
      {children}
    </html>
  );
}
