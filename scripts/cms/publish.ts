/**
 * Publish on this machine puts the change live as it does on GitHub: the saves are commits on
 * `main` (save-commits.ts, or decap-server's merge of a draft in git mode), and here `main` is
 * pushed to the repository's remote, whose Deploy workflow (.github/workflows/deploy.yml) checks,
 * builds and switches the site on every push to main. Without a remote, or when the remote
 * refuses, the answer is a sentence the editor can pass on: what to ask for, not git's words.
 */
import { gitIn } from "./git-run.ts";

export type PublishState = "pushed" | "up-to-date" | "no-remote" | "not-main" | "behind" | "refused" | "no-repository";

export interface PublishOutcome {
  state: PublishState;
  /** The remote's name and address, when there is one. */
  remote?: string;
  /** What git said, for the person who looks after the code (the editor shows it only to them). */
  detail?: string;
}

/** The remote `main` goes to: its upstream's, else `origin`, else the only one. */
async function remoteOf(root: string, branch: string): Promise<string | undefined> {
  const upstream = (await gitIn(root, ["config", `branch.${branch}.remote`])).stdout.trim();
  if (upstream) return upstream;
  const remotes = (await gitIn(root, ["remote"])).stdout.split("\n").filter(Boolean);
  return remotes.includes("origin") ? "origin" : remotes.length === 1 ? remotes[0] : undefined;
}

export async function publishBranch(root: string, branch = "main"): Promise<PublishOutcome> {
  if (!(await gitIn(root, ["rev-parse", "--is-inside-work-tree"])).ok) return { state: "no-repository" };
  const current = (await gitIn(root, ["symbolic-ref", "--short", "HEAD"])).stdout.trim();
  // git mode: decap-server has a draft's branch checked out only during a request, and requests come one at a time.
  if (current !== branch) return { state: "not-main", detail: `the checkout is on ${current || "no branch"}, not ${branch}` };
  const remote = await remoteOf(root, branch);
  if (!remote) return { state: "no-remote" };
  const url = (await gitIn(root, ["remote", "get-url", remote])).stdout.trim();
  const push = await gitIn(root, ["push", "--porcelain", remote, `refs/heads/${branch}:refs/heads/${branch}`], 120_000);
  const said = `${push.stdout}${push.stderr}`.trim();
  if (push.ok) return { state: /\[up to date\]/.test(said) ? "up-to-date" : "pushed", remote: `${remote} (${url})`, detail: said };
  const behind = /non-fast-forward|fetch first|\[rejected\]/.test(said);
  return { state: behind ? "behind" : "refused", remote: `${remote} (${url})`, detail: said };
}
