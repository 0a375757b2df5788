import { blockChecks } from "../blocks/checks.generated.ts";
import type { DataError } from "./errors.ts";
import type { BlockCheck, SectionType, SiteIndex } from "./types.ts";
import { isInternational } from "../ui/whatsapp.ts";

/** Calls `visit` for every string in `value`, with its JSON pointer and the key it sits under. */
function walkStrings(value: unknown, pointer: string, key: string, visit: (s: string, pointer: string, key: string) => void): void {
  if (typeof value === "string") visit(value, pointer, key);
  else if (Array.isArray(value)) value.forEach((v, i) => walkStrings(v, `${pointer}/${i}`, key, visit));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) walkStrings(v, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`, k, visit);
  }
}

const LINK_KEYS = new Set(["href", "to"]);
/** The site settings' file: the index holds their data, and errors in it name this file. */
export const SITE_FILE = "content/site.yaml";

/**
 * Checks that need more than one file: unique paths, links, assets, sidebars, and each block's own
 * (src/blocks/<type>/check.ts). Reads no file: everything comes in `index`.
 */
export function crossFileErrors(index: SiteIndex): DataError[] {
  const errors: DataError[] = [];
  const at = (file: string, pointer: string, message: string) => errors.push({ file, pointer, message });

  // Each address, with the name of its page. The messages are read in the visual editor too: pages
  // and addresses, never files.
  const routes = new Map<string, string>();
  for (const { file, data } of index.pages) {
    const first = routes.get(data.path);
    if (first !== undefined) at(file, "/path", `the address "${data.path}" is already the address of the page “${first}” (each page needs its own)`);
    else routes.set(data.path, data.title);
  }

  const { site } = index;
  const redirects = new Map(site.redirects.map((r) => [r.from, r.to]));
  site.redirects.forEach((r, i) => {
    if (routes.has(r.from)) at(SITE_FILE, `/redirects/${i}/from`, `the old address "${r.from}" hides the page “${routes.get(r.from)}”`);
    if (!routes.has(r.to)) at(SITE_FILE, `/redirects/${i}/to`, `the old address leads to "${r.to}", which is not a page (${suggest(r.to, routes)})`);
  });

  // WhatsApp without a number of its own chats on the main phone number: wa.me needs it with its country code.
  const { whatsapp, phones } = site.contact;
  if (whatsapp && whatsapp.number === undefined && !isInternational(phones[0] ?? "")) {
    at(SITE_FILE, "/contact/phones/0", `the WhatsApp link chats on the first phone number, "${phones[0]}", which needs its country code first (+91 …): write it so, or give WhatsApp its own number`);
  }

  const assets = new Set(index.assets);
  for (const { file, data } of [{ file: SITE_FILE, data: site }, ...index.pages]) {
    walkStrings(data, "", "", (value, pointer, key) => {
      if (value.startsWith("/assets/")) {
        if (!assets.has(decodeURI(value))) at(file, pointer, `the picture or file "${value}" is not among the site's files`);
      } else if (LINK_KEYS.has(key) && value.startsWith("/") && key !== "to") {
        const path = value.split("#")[0]!.split("?")[0]!;
        if (!routes.has(path) && !redirects.has(path)) at(file, pointer, `link "${value}" leads to no page (${suggest(path, routes)})`);
      }
    });
  }

  for (const { file, data } of index.pages) {
    if (data.sidebar !== undefined && !(data.sidebar in site.sidebars)) {
      at(file, "/sidebar", `unknown sidebar "${data.sidebar}" (the site's sidebars: ${Object.keys(site.sidebars).join(", ")})`);
    }
    data.sections.forEach((section, i) => {
      // Each block's check takes its own section type; looked up by that type, it gets one.
      const check = blockChecks[section.type] as BlockCheck<SectionType> | undefined;
      for (const e of check?.(section, index, data) ?? []) at(file, `/sections/${i}${e.pointer}`, e.message);
    });
  }
  return errors;
}

/** "did you mean" for a path that differs from a route only in case or by a typo-sized slip. */
function suggest(path: string, routes: Map<string, string>): string {
  const lower = path.toLowerCase();
  const sameCase = [...routes.keys()].find((r) => r.toLowerCase() === lower);
  if (sameCase) return `did you mean "${sameCase}"? Capital letters count in an address`;
  return "choose one of the site's pages, or add an old address in site settings that leads to one";
}
