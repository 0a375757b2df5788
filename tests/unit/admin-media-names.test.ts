// @vitest-environment node
import { describe, expect, it } from "vitest";
import { withWebpTwins, withoutWebpTwins } from "../../src/admin/media-names.ts";

const file = (path: string) => ({ name: path.split("/").pop()!, path });

describe("the media library's rows", () => {
  it("lists a JPEG or PNG once, without the WebP copy beside it", () => {
    const listed = withoutWebpTwins(
      ["public/assets/banners/about.jpg", "public/assets/banners/about.webp", "public/assets/icons/plc.png", "public/assets/icons/plc.webp"].map(file),
    );
    expect(listed.map((f) => f.name)).toEqual(["about.jpg", "plc.png"]);
  });

  it("keeps a WebP that has no twin, and a twin in another folder is no twin", () => {
    const listed = withoutWebpTwins(["public/assets/cards/team.webp", "public/assets/banners/team.jpg", "public/assets/logos/a.svg"].map(file));
    expect(listed.map((f) => f.path)).toEqual(["public/assets/cards/team.webp", "public/assets/banners/team.jpg", "public/assets/logos/a.svg"]);
  });

  it("deletes a JPEG or PNG with its hidden WebP copy, and nothing the site does not have", () => {
    const assets = ["/assets/banners/about.jpg", "/assets/banners/about.webp", "/assets/cards/team.png", "/assets/datasheets/old.pdf"];
    expect(withWebpTwins(["public/assets/banners/about.jpg"], assets)).toEqual(["public/assets/banners/about.jpg", "public/assets/banners/about.webp"]);
    expect(withWebpTwins(["public/assets/cards/team.png", "public/assets/datasheets/old.pdf"], assets)).toEqual([
      "public/assets/cards/team.png",
      "public/assets/datasheets/old.pdf",
    ]);
    expect(withWebpTwins(["public/assets/banners/about.jpg", "public/assets/banners/about.webp"], assets)).toHaveLength(2);
  });
});
