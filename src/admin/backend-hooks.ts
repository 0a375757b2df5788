/**
 * Decap's backends (the local one on this machine, `proxy`, and GitHub's) with the site's own steps
 * around three of their methods. Decap offers no event before a media delete, a media listing or the write of a file, so
 * the registered backends' constructors are wrapped, once, before Decap starts one.
 */
export interface MediaFile {
  name: string;
  path: string;
}
export interface DataFile {
  path: string;
  /** Where an entry moves to (a page whose folder changed). */
  newPath?: string;
  raw: string;
}
export interface Implementation {
  deleteFiles(paths: string[], commitMessage: string): Promise<unknown>;
  getMedia(mediaFolder?: string): Promise<MediaFile[]>;
  persistEntry(entry: { dataFiles: DataFile[]; assets: unknown[] }, options: unknown): Promise<unknown>;
  /** An upload (the Media library). */
  persistMedia?(file: { path: string }, options: { commitMessage: string }): Promise<unknown>;
  /** Reads, and the editorial workflow's moves: their failures Decap says in its own words (wording.ts). */
  entriesByFolder?(...args: unknown[]): Promise<unknown>;
  entriesByFiles?(...args: unknown[]): Promise<unknown>;
  getEntry?(...args: unknown[]): Promise<unknown>;
  unpublishedEntries?(...args: unknown[]): Promise<unknown>;
  publishUnpublishedEntry?(...args: unknown[]): Promise<unknown>;
  updateUnpublishedEntryStatus?(...args: unknown[]): Promise<unknown>;
  deleteUnpublishedEntry?(...args: unknown[]): Promise<unknown>;
}
interface Registry {
  getBackend(name: string): { init: (...args: never[]) => unknown } | undefined;
}

export function hookBackends(cms: Registry, hook: (implementation: Implementation, name: string) => void): void {
  for (const name of ["proxy", "github"]) {
    const backend = cms.getBackend(name);
    if (!backend) continue;
    const init = backend.init;
    backend.init = (...args) => {
      const implementation = init(...args) as Implementation;
      hook(implementation, name);
      return implementation;
    };
  }
}
