// @vitest-environment node
/** Where the History panel reads versions (src/admin/history-source.ts): the local backend's actions, or GitHub's REST API. */
import { describe, expect, it } from "vitest";
import { githubHistory, localHistory, type GitHubApi } from "../../src/admin/history-source.ts";

describe("the local backend's history actions", () => {
  it("asks each question as an action beside Decap's own, and reads the answer", async () => {
    const asked: unknown[] = [];
    const post = (async (_url: string, init: { body: string }) => {
      const { action } = JSON.parse(init.body) as { action: string };
      asked.push(JSON.parse(init.body));
      const answers: Record<string, unknown> = { entryVersions: [{ commit: "abc" }], entryAtVersion: { content: "title: Old\n" }, deletedEntries: [] };
      return new Response(JSON.stringify(answers[action]), { status: 200 });
    }) as unknown as typeof fetch;
    const history = localHistory("http://localhost:8081/api/v1", post);
    expect(await history.versions("content/pages/about.yaml")).toEqual([{ commit: "abc" }]);
    expect(await history.contentAt("content/pages/about.yaml", "abc")).toBe("title: Old\n");
    expect(await history.deleted("content/pages")).toEqual([]);
    expect(asked).toEqual([
      { action: "entryVersions", params: { path: "content/pages/about.yaml" } },
      { action: "entryAtVersion", params: { path: "content/pages/about.yaml", commit: "abc" } },
      { action: "deletedEntries", params: { folder: "content/pages" } },
    ]);
  });

  it("says what went wrong when the backend refuses", async () => {
    const post = (async () => new Response(JSON.stringify({ error: "not a commit: x" }), { status: 422 })) as unknown as typeof fetch;
    await expect(localHistory("http://x", post).contentAt("a.yaml", "x")).rejects.toThrow("not a commit: x");
  });
});

describe("GitHub's history", () => {
  const commit = (sha: string, parent: string, message: string, files?: { filename: string; status: string }[]) => ({
    sha,
    parents: [{ sha: parent }],
    commit: { message: `${message}\n\nmore`, author: { name: "Ana", date: "2026-11-28T10:00:00Z" } },
    files,
  });
  const api = (answers: Record<string, unknown>, asked: string[] = []): GitHubApi => ({
    repoURL: "/repos/lariox/website",
    branch: "main",
    request: async (path, options) => {
      const key = `${path}${options?.params ? `?${new URLSearchParams(options.params as Record<string, string>).toString()}` : ""}`;
      asked.push(key);
      if (!(key in answers)) throw new Error(`unexpected ${key}`);
      return answers[key];
    },
  });

  it("lists a path's commits on the branch with who, when and the message's first line, and reads a file at a commit", async () => {
    const asked: string[] = [];
    const history = githubHistory(
      api(
        {
          "/repos/lariox/website/commits?path=content%2Fpages%2Fabout.yaml&sha=main&per_page=50": [commit("c2", "c1", "Content: update pages “about”")],
          "/repos/lariox/website/contents/content/pages/about.yaml?ref=c2": "title: About\n",
        },
        asked,
      ),
    );
    expect(await history.versions("content/pages/about.yaml")).toEqual([
      { commit: "c2", date: "2026-11-28T10:00:00Z", author: "Ana", message: "Content: update pages “about”", path: "content/pages/about.yaml" },
    ]);
    expect(await history.contentAt("content/pages/about.yaml", "c2")).toBe("title: About\n");
  });

  it("finds pages deleted in the folder's latest commits, not those added back since, with the version before the deletion", async () => {
    const history = githubHistory(
      api({
        "/repos/lariox/website/commits?path=content%2Fpages&sha=main&per_page=30": [{ sha: "c3" }, { sha: "c2" }, { sha: "c1" }],
        "/repos/lariox/website/commits/c3": commit("c3", "c2", "Content: create pages “news”", [{ filename: "content/pages/news.yaml", status: "added" }]),
        "/repos/lariox/website/commits/c2": commit("c2", "c1", "Content: delete pages “old”", [
          { filename: "content/pages/old.yaml", status: "removed" },
          { filename: "content/pages/news.yaml", status: "removed" },
        ]),
        "/repos/lariox/website/commits/c1": commit("c1", "c0", "Content: update", [{ filename: "content/pages/old.yaml", status: "modified" }]),
      }),
    );
    expect(await history.deleted("content/pages")).toEqual([
      {
        path: "content/pages/old.yaml",
        lastVersion: "c1",
        deletedIn: { commit: "c2", date: "2026-11-28T10:00:00Z", author: "Ana", message: "Content: delete pages “old”" },
      },
    ]);
  });
});
