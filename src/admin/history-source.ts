/**
 * Where an entry's earlier versions come from: on this machine, the local backend's front server
 * reads the checkout's git history (scripts/cms/history.ts); on GitHub, the REST API's commits for
 * a path and contents at a commit, through the token Decap signed in with. Both answer the same
 * three questions, so the History panel does not know which it asks.
 */
import type { Implementation } from "./backend-hooks.ts";

/** One commit that changed the entry. */
export interface Version {
  commit: string;
  /** ISO 8601, the author's date. */
  date: string;
  author: string;
  /** The commit message's first line ("Content: update pages “about”"). */
  message: string;
  /** The entry's path in that commit (it may have been renamed since). */
  path: string;
}

/** A file under a folder that the history had and the work tree has not. */
export interface DeletedEntry {
  path: string;
  /** The last commit that held it: its content, for entryAtVersion. */
  lastVersion: string;
  /** The commit that deleted it; none when it was deleted on this machine without a commit (`npm run edit` writes files only). */
  deletedIn?: Omit<Version, "path">;
}

export interface HistorySource {
  versions(path: string): Promise<Version[]>;
  contentAt(path: string, commit: string): Promise<string>;
  deleted(folder: string): Promise<DeletedEntry[]>;
}

/** The local backend: three actions beside Decap's own, at the same address. */
export function localHistory(proxyUrl: string, post: typeof fetch = fetch): HistorySource {
  const ask = async <T>(action: string, params: Record<string, string>): Promise<T> => {
    const response = await post(proxyUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ action, params }) });
    const body = (await response.json()) as T & { error?: string };
    if (!response.ok) throw new Error(body.error ?? `the local backend answered ${response.status}`);
    return body;
  };
  return {
    versions: (path) => ask("entryVersions", { path }),
    contentAt: (path, commit) => ask<{ content: string }>("entryAtVersion", { path, commit }).then((r) => r.content),
    deleted: (folder) => ask("deletedEntries", { folder }),
  };
}

/** What Decap's GitHub API object offers: authenticated requests under the repository's address. */
export interface GitHubApi {
  repoURL: string;
  branch: string;
  request(path: string, options?: { params?: Record<string, string | number>; headers?: Record<string, string> }): Promise<unknown>;
}

interface Commit {
  sha: string;
  parents: { sha: string }[];
  commit: { message: string; author: { name: string; date: string } };
  files?: { filename: string; status: string; previous_filename?: string }[];
}

const version = (c: Commit, path: string): Version => ({
  commit: c.sha,
  date: c.commit.author.date,
  author: c.commit.author.name,
  message: c.commit.message.split("\n")[0]!,
  path,
});

/** How many of a folder's latest commits are searched for deleted files (one request each). */
const DELETIONS_SEARCHED = 30;

export function githubHistory(api: GitHubApi): HistorySource {
  const commits = (path: string, perPage: number) =>
    api.request(`${api.repoURL}/commits`, { params: { path, sha: api.branch, per_page: perPage } }) as Promise<Commit[]>;
  return {
    versions: async (path) => (await commits(path, 50)).map((c) => version(c, path)),
    contentAt: async (path, commit) =>
      String(
        await api.request(`${api.repoURL}/contents/${path.split("/").map(encodeURIComponent).join("/")}`, {
          params: { ref: commit },
          headers: { Accept: "application/vnd.github.raw" },
        }),
      ),
    deleted: async (folder) => {
      // Newest first: a file added back after its deletion is not deleted.
      const details = await Promise.all(
        (await commits(folder, DELETIONS_SEARCHED)).map((c) => api.request(`${api.repoURL}/commits/${c.sha}`) as Promise<Commit>),
      );
      const seen = new Set<string>();
      const deleted: DeletedEntry[] = [];
      for (const c of details) {
        for (const file of c.files ?? []) {
          if (seen.has(file.filename) || !file.filename.startsWith(`${folder}/`)) continue;
          seen.add(file.filename);
          if (file.status === "removed" && c.parents[0]) {
            const { path: _path, ...deletedIn } = version(c, file.filename);
            deleted.push({ path: file.filename, lastVersion: c.parents[0].sha, deletedIn });
          }
        }
      }
      return deleted;
    },
  };
}

let source: HistorySource | undefined;
const backendSteps: ((implementation: Implementation) => void)[] = [];
/**
 * A further step for each backend Decap starts, from a module that needs Decap's store (history-panel.ts
 * names saves in words with history-saves.ts): this module stays loadable without Decap.
 */
export const alsoForEachBackend = (step: (implementation: Implementation) => void) => void backendSteps.push(step);
let proxyUrl: string | undefined;
/** The local backend's address, when the editor runs on this machine (live-notice.ts asks it to publish). */
export const localBackendUrl = (): string | undefined => proxyUrl;

/** Called for the backend Decap starts (backend-hooks.ts): "proxy" is this machine's, "github" the company's repository. */
export function rememberHistorySource(implementation: Implementation, name: string): void {
  const backend = implementation as Implementation & { proxyUrl?: string; api?: GitHubApi };
  for (const step of backendSteps) step(implementation);
  if (name === "proxy") proxyUrl = backend.proxyUrl;
  // GitHub's API object exists once the editor has signed in: looked up at each question.
  source =
    name === "proxy" && backend.proxyUrl
      ? localHistory(backend.proxyUrl)
      : {
          versions: (path) => githubHistory(signedIn(backend)).versions(path),
          contentAt: (path, commit) => githubHistory(signedIn(backend)).contentAt(path, commit),
          deleted: (folder) => githubHistory(signedIn(backend)).deleted(folder),
        };
}

function signedIn(backend: { api?: GitHubApi }): GitHubApi {
  if (!backend.api) throw new Error("sign in first: the history is read from GitHub with your account");
  return backend.api;
}

export const historySource = (): HistorySource | undefined => source;

/**
 * What a failed read of the history (`what`) means, in words, and what to do: press `button`
 * again once this computer's helper or GitHub answers. The error itself is for whoever looks after
 * the code: it goes to the console. `inWindow`: said inside the history's window, closed first.
 */
export function unreadable(what: string, button: string, error: unknown, inWindow = true): string {
  console.error(error);
  const check = localBackendUrl()
    ? "Check that the window running “npm run edit” is still open"
    : "Check the internet connection, and sign in again if the editor asks";
  return `${what}. ${check}, then ${inWindow ? "close this window and " : ""}press “${button}” again.`;
}
