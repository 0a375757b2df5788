import { describe, expect, it } from "vitest";
import { cursorScales, cursorWanted, trail } from "../../src/shell/cursor-motion.ts";

const settings = { innerScale: 0.7, outerScale: 2, pressScale: 1.3 };

describe("custom cursor", () => {
  it("the ring closes 1/speed of the gap each frame", () => {
    expect(trail({ x: 0, y: 0 }, { x: 60, y: -12 }, 6)).toEqual({ x: 10, y: -2 });
  });

  it("grows over targets and more while pressed", () => {
    expect(cursorScales({ hover: false, pressed: false }, settings)).toEqual({ inner: 1, outer: 1 });
    expect(cursorScales({ hover: true, pressed: false }, settings)).toEqual({ inner: 0.7, outer: 2 });
    const pressed = cursorScales({ hover: true, pressed: true }, settings);
    expect(pressed.inner).toBeCloseTo(0.91);
    expect(pressed.outer).toBeCloseTo(2.6);
  });

  it("is off on phones, coarse pointers and reduced motion", () => {
    const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";
    const phone = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36";
    const asked: string[] = [];
    const media = (fine: boolean, reduced: boolean) => (query: string) => (asked.push(query), query.includes("pointer") ? fine : reduced);
    expect(cursorWanted(desktop, media(true, false))).toBe(true);
    expect(cursorWanted(desktop, media(false, false))).toBe(false);
    expect(cursorWanted(desktop, media(true, true))).toBe(false);
    asked.length = 0;
    expect(cursorWanted(phone, media(true, false))).toBe(false);
    expect(asked).toEqual([]); // a phone's page asks no media query
  });
});
