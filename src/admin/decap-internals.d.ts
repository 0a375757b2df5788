/** The parts of Decap's own store the editor reads (decap-draft.ts, media-folder.ts); Decap ships no types for them. */
declare module "decap-cms-core/dist/esm/redux/index.js" {
  import type { Map } from "immutable";
  export const store: {
    getState(): { entryDraft: Map<string, unknown>; mediaLibrary: Map<string, unknown> };
    dispatch(action: { type: string; payload?: unknown }): void;
  };
}
declare module "decap-cms-core/dist/esm/actions/entries.js" {
  export function localBackupRetrieved(entry: unknown): { type: string; payload: unknown };
  export function loadLocalBackup(): { type: string };
}
declare module "decap-cms-core/dist/esm/backend.js" {
  export class Backend {
    getDeploy(collection: unknown, slug: string, entry: unknown): unknown;
  }
}
declare module "decap-cms-core/dist/esm/actions/mediaLibrary.js" {
  /** Decap's delete of a listed file (a thunk for its store): the backend's deleteFiles, then the library's own state. */
  export function deleteMedia(file: { path: string }): { type: string };
}
