// @vitest-environment node
/**
 * The code's shape, as the last review left it: files small enough to read in one go (none under
 * src/server over 300 lines, none under src/ over 400, generated ones apart), and one way to escape
 * HTML, React's: no module writes an entity of its own.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const sources = (folder: string) =>
  readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes(".generated.") && !file.includes("generated/"))
    .map((file) => join(folder, file));
const lines = (file: string) => readFileSync(file, "utf8").split("\n").length;

describe("the code's shape", () => {
  it("keeps every file short: 300 lines under src/server, 400 elsewhere under src/", () => {
    const long = sources("src")
      .filter((file) => lines(file) > (file.startsWith("src/server/") ? 300 : 400))
      .map((file) => `${file}: ${lines(file)} lines`);
    expect(long).toEqual([]);
  });

  it("writes no HTML entity by hand: React's escaping is the only one", () => {
    const entity = /&(amp|lt|gt|quot|#39|#x27|apos);/;
    const escaping = sources("src").filter((file) => entity.test(readFileSync(file, "utf8")));
    expect(escaping).toEqual([]);
  });
});
