// @vitest-environment node
/** What an upload becomes (src/admin/upload-limits.ts): a picture too large is scaled down, renamed if its name held its size, and the editor is told. */
import { describe, expect, it } from "vitest";
import { fittedMessage, fittedName, uploadProblem } from "../../src/admin/upload-limits.ts";

const from = { width: 4000, height: 3000 };
const to = { width: 2500, height: 1875 };

describe("a picture scaled down on upload", () => {
  it("drops the old size from its name, and keeps any other number", () => {
    expect(fittedName("plant-4000.jpg", from, to)).toBe("plant-2500.jpg");
    expect(fittedName("hall_4000x3000.png", from, to)).toBe("hall_2500x1875.png");
    expect(fittedName("line-2024-4000w.jpg", from, to)).toBe("line-2024-2500w.jpg");
    expect(fittedName("commissioning.jpg", from, to)).toBe("commissioning.jpg");
  });

  it("tells the editor what was done and why, and the new name when there is one", () => {
    expect(fittedMessage("plant-4000.jpg", "plant-2500.jpg", from, to)).toBe(
      "“plant-4000.jpg” was 4,000 × 3,000 px; the site keeps pictures at most 2,500 px on their longer side, which is sharp on any screen and loads faster, so it was scaled down to 2,500 × 1,875 px. It is saved as “plant-2500.jpg”.",
    );
    expect(fittedMessage("plant.jpg", "plant.jpg", from, to)).toMatch(/scaled down to 2,500 × 1,875 px\.$/);
  });

  it("refuses a file still too heavy, saying what to do", () => {
    expect(uploadProblem({ name: "big.png", size: 3_000_000, type: "image/png" })).toMatch(/^“big\.png” is 3 MB, more than the 2 MB .* and upload it again\.$/);
    expect(uploadProblem({ name: "ok.jpg", size: 300_000, type: "image/jpeg" })).toBeUndefined();
  });
});
