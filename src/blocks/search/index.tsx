import { startTransition, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import site from "virtual:site";
import type { SectionOf } from "../../content/types.ts";
import { fill, normalisePath } from "../../ui/format.ts";
import { container, section as sectionFrame, visuallyHidden } from "../../styles/layout.css.ts";
import { documentByFile, fileType, pageByPath } from "./documents.ts";
import { highlight } from "./highlight.tsx";
import { pagefind, search, type ResultData } from "./pagefind.ts";
import { SiteList } from "./SiteList.tsx";
import * as css from "./styles.css.ts";

/* The island wakes once the page has loaded (schema.json's "x-island"); the index itself is fetched only when the visitor searches. */

type Section = SectionOf<"search">;

/** A page, or a document with the pages that show it. */
function Result({ result, query, onPage }: { result: ResultData; query: string; onPage: string }) {
  const doc = documentByFile.get(result.url);
  const name = doc?.name ?? pageByPath.get(normalisePath(result.url))?.title ?? result.meta.title ?? result.url;
  return (
    <li>
      <p className={css.resultTitle}>
        <a href={result.url} {...(doc ? { target: "_blank", rel: "noopener" } : {})}>
          {highlight(name, query)}
          {doc && <span className={visuallyHidden}> {site.ui.opensInNewTab}</span>}
        </a>
        {doc && <span className={css.badge}>{fileType(doc.file)}</span>}
      </p>
      {/* Pagefind escapes the indexed text and adds only <mark> around the query's words. */}
      <p className={css.excerpt} dangerouslySetInnerHTML={{ __html: result.excerpt }} />
      {doc?.pages.map((page) => (
        <p key={page.path} className={css.onPage}>
          {onPage} <a href={page.path}>{page.title}</a>
        </p>
      ))}
    </li>
  );
}

/** Runs `task` when the browser is idle (soon after, where it cannot tell); returns its cancel. */
function whenIdle(task: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const id = requestIdleCallback(task, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 50);
  return () => clearTimeout(id);
}

type Shown = { query: string; count: number; results: ResultData[] };

/**
 * The site search: a labelled box whose results follow each keystroke, announced by a live line
 * above them; while the box is empty, and without script, the list of every page and document.
 * The box is a GET form on this page: a query typed before the island woke, or brought by a link
 * (?q=), is searched as it wakes.
 */
export function Search({ section }: { section: Section }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef("");
  const [shown, setShown] = useState<Shown | null>(null);

  const run = useCallback((typed: string) => {
    const query = typed.trim();
    latest.current = query;
    if (!query) return setShown(null);
    // Only the answer to what the box holds now is shown: an earlier, slower one is dropped.
    const current = () => latest.current === query;
    search(query)
      .then(async ({ count, results, more }) => {
        if (!current()) return;
        // The first results go into the page now, not at React's next scheduled render; the rest after them.
        flushSync(() => setShown({ query, count, results }));
        const rest = await more();
        if (current() && rest.length > 0) startTransition(() => setShown({ query, count, results: [...results, ...rest] }));
      })
      .catch((error: unknown) => console.error(error));
  }, []);

  useEffect(() => {
    const box = input.current!;
    box.value ||= new URLSearchParams(location.search).get("q") ?? "";
    if (box.value.trim()) run(box.value);
  }, [run]);

  // The address follows the answer on screen, once the browser is idle: a new address makes it
  // match every link of the page against its speculation rules again, work a keystroke should not wait for.
  useEffect(() => {
    const query = shown?.query ?? "";
    if (query !== latest.current) return; // the answer to the box's text is still on its way
    const url = new URL(location.href);
    if ((url.searchParams.get("q") ?? "") === query) return;
    if (query) url.searchParams.set("q", query);
    else url.searchParams.delete("q");
    return whenIdle(() => history.replaceState(history.state, "", url));
  }, [shown]);

  // The same element each time, so a new answer does not render the list again.
  const siteList = useMemo(() => <SiteList section={section} />, [section]);
  const hasResults = shown !== null && shown.results.length > 0;
  const status =
    shown && fill(shown.count === 0 ? section.noResults : shown.count === 1 ? section.oneResult : section.results, { count: shown.count, query: shown.query });
  return (
    <section className={sectionFrame}>
      <div className={container}>
        <form
          role="search"
          className={css.form}
          onSubmit={(e) => {
            e.preventDefault();
            run(input.current!.value);
          }}
        >
          <label htmlFor={id} className={css.label}>
            {section.label}
          </label>
          <input
            ref={input}
            id={id}
            name="q"
            type="search"
            className={css.input}
            placeholder={section.placeholder}
            autoComplete="off"
            spellCheck={false}
            onFocus={() => void pagefind().catch((error: unknown) => console.error(error))}
            onChange={(e) => run(e.target.value)}
          />
        </form>
        <p role="status" aria-live="polite" className={css.status}>
          {status}
        </p>
        {hasResults && (
          <ol className={css.results}>
            {shown.results.map((r) => (
              <Result key={r.url} result={r} query={shown.query} onPage={section.onPage} />
            ))}
          </ol>
        )}
        {/* Hidden, not removed, under results: taking the long list out and back is work at each keystroke. */}
        <div hidden={hasResults}>{siteList}</div>
      </div>
    </section>
  );
}

export default Search;
