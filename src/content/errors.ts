/** A problem in a content file, located to the line and column an editor can jump to. */
export interface ContentError {
  file: string;
  line: number;
  col: number;
  /** JSON pointer of the offending value, or "" for the whole file. */
  pointer: string;
  message: string;
}

/** A problem found in a file's data, before the caller holding the file's text (loaders/load.ts) locates it. */
export type DataError = Omit<ContentError, "line" | "col">;

/** `content/pages/about.yaml:12:5  /sections/2/heading: should be text` */
export function formatError(e: ContentError): string {
  const where = e.pointer ? `${e.pointer}: ` : "";
  return `${e.file}:${e.line}:${e.col}  ${where}${e.message}`;
}

/** GitHub's workflow-command form, so a pull request shows the error on the changed line. */
export function formatGithubAnnotation(e: ContentError): string {
  const text = (e.pointer ? `${e.pointer}: ` : "") + e.message;
  const escaped = text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  return `::error file=${e.file},line=${e.line},col=${e.col}::${escaped}`;
}

/**
 * Prints every error to stderr the way `npm run validate` and the build do: as
 * `file:line:col  /pointer: message`, or as annotations under GitHub Actions.
 */
export function reportContentErrors(errors: readonly ContentError[]): void {
  const format = process.env.GITHUB_ACTIONS === "true" ? formatGithubAnnotation : formatError;
  for (const e of errors) console.error(format(e));
  console.error(`\n${errors.length} content error${errors.length === 1 ? "" : "s"}; nothing was built.`);
}
