/**
 * /admin: the visual editor (Decap CMS). Its configuration comes from the JSON Schemas
 * (config.ts), its preview from the site's blocks (preview.tsx), its saves go through the
 * build's checks (pre-save.ts) and are written in the canonical YAML form (cms-format.ts).
 * A separate Vite build (vite.admin.config.ts): public pages load none of this.
 */
import type { ComponentClass, ComponentType } from "react";
import type { CmsWidgetControlProps, CmsWidgetParam, CmsWidgetPreviewProps } from "decap-cms-core";
import CMS from "decap-cms-app";
import { cmsConfig } from "./config.ts";
import { schemas } from "./fields.ts";
import { yamlFormat } from "./cms-format.ts";
import { loadSiteIndex } from "./site-index.ts";
import { pagePathControl } from "./page-path.tsx";
import { refuseInvalid, rememberEntry } from "./pre-save.ts";
import { guardDeletes } from "./refuse-delete.ts";
import { sayBackendFailures } from "./backend-failures.ts";
import { hookBackends, type Implementation } from "./backend-hooks.ts";
import { listEveryFolder, listFoldersByName } from "./pictures.ts";
import { listPicturesOnce } from "./media-names.ts";
import { placeSchemaLines } from "./schema-line.ts";
import { limitUploads } from "./upload-limits.ts";
import { rememberBackend, showLiveNotice } from "./live-notice.ts";
import type { Entry } from "./entry.ts";
import { reopenOnEntryChange } from "./reopen-entry.ts";
import { useEditorWording } from "./wording.ts";
import { keepFocusSelection } from "./string-control.ts";
import { nameListButtons } from "./button-names.ts";
import { PagePreview } from "./preview.tsx";
import { switchFormAndPreview } from "./phone-layout.ts";
import { openGroupsFromTheirBars } from "./group-bars.ts";
import { offerHistory } from "./history-panel.ts";
import { nameMediaFolder } from "./media-folder.ts";
import { markUnusedMedia } from "./media-unused.ts";
import { rememberHistorySource } from "./history-source.ts";
import { listWithMoves, offerMoveButtons } from "./list-moves.ts";
import { showFoldedErrors } from "./folded-errors.ts";
import { linkOnlyWhereItLeads, offerNoDraftPreview } from "./deploy-links.ts";

// Set at build (vite.admin.config.ts) from CMS_REPO, CMS_BRANCH, CMS_AUTH_URL and CMS_LIVE_MINUTES.
declare const __CMS_BACKEND__: { repo: string; branch: string; baseUrl: string; liveMinutes: number };

const cms = CMS;
useEditorWording(cms);
linkOnlyWhereItLeads();
cms.registerCustomFormat("lariox-yaml", "yaml", yamlFormat);
// The site's stylesheet, emitted by this build as a file of its own and kept out of the editor's page.
cms.registerPreviewStyle("/admin/preview.css");
cms.registerPreviewTemplate("pages", PagePreview);
cms.registerEventListener({ name: "preSave", handler: refuseInvalid });
const editor = reopenOnEntryChange(window);
cms.registerEventListener({ name: "postSave", handler: editor.afterSave });
cms.registerEventListener({ name: "postSave", handler: rememberEntry });
cms.registerEventListener({ name: "postPublish", handler: ({ entry }: { entry: Entry }) => showLiveNotice(entry, __CMS_BACKEND__.liveMinutes) });
limitUploads(document);
nameListButtons(document);
offerMoveButtons(document);
switchFormAndPreview(document);
openGroupsFromTheirBars(document);
showFoldedErrors(document);
offerHistory(document);
nameMediaFolder(document);
markUnusedMedia(document);
hookBackends(cms, (backend, name) => {
  rememberBackend(name);
  guardDeletes(backend);
  sayBackendFailures(backend, name);
  if (name === "proxy") listFoldersByName(backend);
  if (name === "proxy") offerNoDraftPreview(backend as Implementation & { getDeployPreview?: unknown });
  listEveryFolder(backend);
  listPicturesOnce(backend);
  rememberHistorySource(backend, name);
  placeSchemaLines(backend);
});

// Decap's types describe a widget's parts as props; they are the components.
const text = cms.getWidget("string") as unknown as { control: ComponentClass<CmsWidgetControlProps<string>>; preview: ComponentType<CmsWidgetPreviewProps> };
const textBox = keepFocusSelection(text.control);
cms.registerWidget("string", textBox, text.preview);
cms.registerWidget("page-path", pagePathControl(textBox), text.preview);
// Decap's list, with Move up and Move down on each item (list-moves.ts); its options' schema kept.
const list = cms.getWidget("list") as unknown as {
  control: ComponentClass<CmsWidgetControlProps>;
  preview: ComponentType<CmsWidgetPreviewProps>;
  schema?: object;
};
cms.registerWidget({
  name: "list",
  controlComponent: listWithMoves(list.control),
  previewComponent: list.preview,
  schema: list.schema,
} as unknown as CmsWidgetParam);

const { site } = await loadSiteIndex();
cms.init({
  config: cmsConfig(
    schemas,
    {
      repo: __CMS_BACKEND__.repo,
      branch: __CMS_BACKEND__.branch,
      baseUrl: __CMS_BACKEND__.baseUrl || undefined,
    },
    site,
  ),
});
