import site from "virtual:site";
import type { MenuItem, SectionOf } from "../../content/types.ts";
import type { DirectoryDocument } from "../../content/directory.ts";
import { directory, fileType, pageByPath } from "./documents.ts";
import * as css from "./styles.css.ts";

function DocumentLinks({ documents }: { documents: DirectoryDocument[] }) {
  if (documents.length === 0) return null;
  return (
    <ul className={css.tree}>
      {documents.map((d) => (
        <li key={d.file} className={css.file}>
          <a href={d.file}>{d.name}</a> <span className={css.badge}>{fileType(d.file)}</span>
        </li>
      ))}
    </ul>
  );
}

/** A menu entry, the documents its page offers, and its sub-entries. */
function Entry({ item }: { item: MenuItem }) {
  return (
    <li>
      <a href={item.href}>{item.label}</a>
      <DocumentLinks documents={pageByPath.get(item.href)?.documents ?? []} />
      {item.children?.length ? (
        <ul className={css.tree}>
          {item.children.map((child) => (
            <Entry key={child.href} item={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

const entriesOf = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => [i, ...entriesOf(i.children ?? [])]);

/**
 * Every page and document, grouped as the top bar groups them: its plain links and buttons, then
 * each dropdown menu; the pages no menu leads to, and the PDFs no page names, last. What the
 * search page is without script, and while its box is empty.
 */
export function SiteList({ section }: { section: SectionOf<"search"> }) {
  const { main, menus, buttons } = site.navigation;
  const groups = [{ label: section.mainGroup, items: [...main, ...buttons] }, ...menus.map((m) => ({ label: m.label, items: [m.overview, ...m.items] }))];
  const inMenus = new Set(entriesOf(groups.flatMap((g) => g.items)).map((i) => i.href));
  const others = directory.pages.filter((p) => !inMenus.has(p.path)).map((p) => ({ label: p.title, href: p.path }));
  const other = { label: section.otherGroup, items: others, documents: directory.unnamed };
  return (
    <>
      <h2 className={css.listHeading}>{section.listHeading}</h2>
      <div className={css.groups}>
        {[...groups.map((g) => ({ ...g, documents: [] })), other]
          .filter((group) => group.items.length > 0 || group.documents.length > 0)
          .map((group) => (
            <div key={group.label}>
              <h3 className={css.groupHeading}>{group.label}</h3>
              <ul className={css.tree}>
                {group.items.map((item) => (
                  <Entry key={item.href} item={item} />
                ))}
              </ul>
              <DocumentLinks documents={group.documents} />
            </div>
          ))}
      </div>
    </>
  );
}
