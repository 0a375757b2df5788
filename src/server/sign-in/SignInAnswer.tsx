/**
 * The page the sign-in popup ends on (oauth.ts): a line for the editor to read, the message for the
 * editor's window in the body's data-message, and the one hand-off script whose hash the page's
 * policy allows (so it is written as is, and nothing else runs). No style: the policy allows none.
 */
import { renderDocument } from "../present/render.ts";
import { Document } from "../present/Document.tsx";

interface SignInAnswerProps {
  /** What the hand-off script posts to the editor's window. */
  message: string;
  /** The line shown in the popup. */
  text: string;
  script: string;
}

function SignInAnswer({ message, text, script }: SignInAnswerProps) {
  return (
    <Document title="Sign in with GitHub" head={<meta name="robots" content="noindex" />}>
      <body data-message={message}>
        <p>{text}</p>
        <script dangerouslySetInnerHTML={{ __html: script }} />
      </body>
    </Document>
  );
}

export const signInAnswerHtml = (props: SignInAnswerProps): string => renderDocument(<SignInAnswer {...props} />);
