import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * A copy of the project at `project` in `dir` to build in (a benchmark, a test of edited content):
 * every file git tracks (`git ls-files`), as it is in the work tree, so a file added to the project
 * is in the copy without a change here. public/ (the pictures, large) and node_modules (with the
 * image cache) are shared by symbolic links.
 */
export function copyProject(project: string, dir: string): void {
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: project, encoding: "utf8" })
    .split("\0")
    // A file deleted in the work tree and not yet committed is left out.
    .filter((file) => file !== "" && !file.startsWith("public/") && existsSync(join(project, file)));
  for (const file of tracked) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(join(project, file), join(dir, file));
  }
  symlinkSync(join(project, "public"), join(dir, "public"));
  symlinkSync(join(project, "node_modules"), join(dir, "node_modules"));
}
