import { describe, expect, it } from "vitest";
import { inlineSvg } from "../../src/content/inline-svg.ts";

describe("inlineSvg", () => {
  it("keeps the viewBox and moves the root's paint attributes onto a group around the shapes, without the file's title and metadata", () => {
    const svg = inlineSvg(`<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48" fill="none" stroke="#7c3aed" stroke-width="2" role="img" aria-label="Gear">
  <title>Gear</title>
  <metadata>Sample picture drawn by tools/sample-pictures</metadata>
  <!-- a comment -->
  <circle cx="24" cy="24" r="5.5"/>
  <path d="M1 1 L2 2"/>
</svg>
`);
    expect(svg).toEqual({
      viewBox: "0 0 48 48",
      body: '<g fill="none" stroke="#7c3aed" stroke-width="2"><circle cx="24" cy="24" r="5.5"/><path d="M1 1 L2 2"/></g>',
    });
  });

  it("needs no group when the root paints nothing itself", () => {
    expect(inlineSvg('<svg viewBox="0 0 10 10" width="10" height="10"><rect width="10" height="10"/></svg>')).toEqual({
      viewBox: "0 0 10 10",
      body: '<rect width="10" height="10"/>',
    });
  });

  it("leaves as <img> what could clash or run when drawn twice on one page, or has no viewBox", () => {
    const shapes = '<rect width="1" height="1"/>';
    for (const inner of [
      '<linearGradient id="g"/>',
      "<style>rect{fill:red}</style>",
      "<script>alert(1)</script>",
      '<use href="#a"/>',
      '<image href="a.png"/>',
      '<rect onclick="x()"/>',
    ]) {
      expect(inlineSvg(`<svg viewBox="0 0 1 1">${inner}${shapes}</svg>`), inner).toBeUndefined();
    }
    expect(inlineSvg(`<svg width="1" height="1">${shapes}</svg>`)).toBeUndefined();
    expect(inlineSvg("not an svg")).toBeUndefined();
  });
});
