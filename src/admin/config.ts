/**
 * The visual editor's configuration, generated from the JSON Schemas (schema/*.json and the
 * block folders they are assembled from), never written by hand: a new section type or field
 * appears in /admin with its label, hint and default after `npm run types`.
 * The fields come from schema-fields.ts; here, the collections and the backend around them.
 */
import type { CmsConfig } from "decap-cms-core";
import type { Site } from "../content/generated/site.ts";
import { fieldsOf, type Schemas } from "./schema-fields.ts";
import { withSiteChoices } from "./site-choices.ts";

/** Where uploads land: under public/assets, so the build makes their variants like any other image. */
export const MEDIA_FOLDER = "public/assets/uploads";
export const PUBLIC_FOLDER = "/assets/uploads";

export interface BackendOptions {
  /** GitHub repository (owner/name) for the remote set-up. */
  repo: string;
  branch: string;
  /** An outside OAuth proxy (CMS_AUTH_URL, answering at /auth); by default the site's own server signs editors in. */
  baseUrl?: string;
}

/**
 * The whole Decap config: the pages folder and site.yaml, in the editorial workflow. With the
 * site's content (`site`), links choose among its pages and pages among its sidebars (site-choices.ts).
 * `siteOrigin`: where the editor runs; "Login with GitHub" opens its /api/auth (src/server/sign-in/oauth.ts),
 * never Netlify's sign-in (Decap's default `base_url`).
 */
export function cmsConfig(schemas: Schemas, backend: BackendOptions, site?: Site, siteOrigin: string = globalThis.location?.origin ?? ""): CmsConfig {
  const fields = (kind: "page" | "site") => {
    const plain = fieldsOf(`${kind}.schema.json`, schemas);
    return site ? withSiteChoices(kind, plain, site, schemas) : plain;
  };
  return {
    load_config_file: false,
    backend: {
      name: "github",
      repo: backend.repo,
      branch: backend.branch,
      // Decap takes the popup's messages only from this exact origin.
      ...(backend.baseUrl ? { base_url: backend.baseUrl } : { base_url: siteOrigin, auth_endpoint: "api/auth" }),
      commit_messages: { create: "Content: create {{collection}} “{{slug}}”", update: "Content: update {{collection}} “{{slug}}”" },
    },
    // Each draft is a branch and a pull request; CI validates it like any other.
    publish_mode: "editorial_workflow",
    // On localhost, Decap's local backend (decap-server, `npm run edit`) at its fixed address
    // http://localhost:8081 when it answers: saves go to the files on this machine.
    local_backend: true,
    media_folder: MEDIA_FOLDER,
    public_folder: PUBLIC_FOLDER,
    // "View Live" opens the page being edited (preview_path); the top bar links to the site by its address.
    site_url: "/",
    display_url: siteOrigin || "/",
    logo: { src: "/assets/logo.svg" },
    collections: [
      {
        name: "pages",
        label: "Pages",
        label_singular: "Page",
        description:
          "Every page of the site. To add a page inside a folder, open the folder and press “New Page”. What every page shows (menus, footer, postal address, phone numbers, email) is in Site settings; the search box finds pages only.",
        folder: "content/pages",
        extension: "yaml",
        format: "lariox-yaml",
        // Sub-folders (content/pages/products/plc.yaml) are pages too. A new page created inside a
        // folder is saved in it: Decap keeps the folder as the entry's meta path (the file is
        // named after the page's title).
        nested: { depth: 5, subfolders: false },
        meta: { path: { widget: "hidden", label: "Folder" } },
        create: true,
        identifier_field: "title",
        summary: "{{title}} — {{path}}",
        preview_path: "{{path}}",
        sortable_fields: ["title", "path"],
        fields: fields("page"),
      },
      {
        name: "site",
        label: "Site settings",
        description: "What every page shows: the company, contact details, menus, sidebars, footer and old addresses.",
        // Every page shows these; the pages' previews show them at work.
        editor: { preview: false },
        extension: "yaml",
        format: "lariox-yaml",
        files: [
          {
            name: "site",
            label: "Site settings (company, contacts, menus, sidebars, footer, old addresses)",
            file: "content/site.yaml",
            fields: fields("site"),
          },
        ],
      },
    ],
  };
}
