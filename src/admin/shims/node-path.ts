/** The few `node:path` functions src/content uses, for the editor in the browser (POSIX paths). */
function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "..") out.pop();
    else if (part && part !== ".") out.push(part);
  }
  return (path.startsWith("/") ? "/" : "") + out.join("/");
}
// Like Node's, a trailing slash stays: schemas.ts appends file names to a joined folder.
export const join = (...parts: string[]) => {
  const joined = parts.filter(Boolean).join("/");
  return normalize(joined) + (joined.endsWith("/") ? "/" : "");
};
export const dirname = (path: string) => normalize(path).replace(/\/[^/]*$/, "") || "/";
export const basename = (path: string) => path.replace(/\/$/, "").split("/").pop() ?? "";
export const posix = { join, dirname, basename };
export default { join, dirname, basename, posix };
