// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COLOR_MODE_ATTRIBUTE, COLOR_MODE_KEY, getColorMode, setColorMode, storedColorMode, useColorMode, type ColorMode } from "../../src/ui/color-mode.ts";

const html = document.documentElement;
const shown = () => html.getAttribute(COLOR_MODE_ATTRIBUTE);

/** The inline script in index.html's <head> that applies a stored mode before first paint. */
const headScript = (() => {
  const scripts = [...readFileSync("index.html", "utf8").matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  const mine = scripts.filter((s) => s.includes(COLOR_MODE_KEY));
  expect(mine).toHaveLength(1);
  return () => new Function(mine[0]!)();
})();

function storageThrows() {
  const fail = () => {
    throw new DOMException("The operation is insecure.", "SecurityError");
  };
  vi.spyOn(Storage.prototype, "getItem").mockImplementation(fail);
  vi.spyOn(Storage.prototype, "setItem").mockImplementation(fail);
}

beforeEach(() => {
  localStorage.clear();
  html.removeAttribute(COLOR_MODE_ATTRIBUTE);
});
afterEach(() => vi.restoreAllMocks());

describe("colour mode", () => {
  it("is light on a first visit: nothing stored, nothing on <html>", () => {
    expect(storedColorMode()).toBe("light");
    expect(getColorMode()).toBe("light");
  });

  it("shows a chosen mode at once and keeps it in localStorage", () => {
    setColorMode("dark");
    expect(shown()).toBe("dark");
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBe("dark");
    expect(getColorMode()).toBe("dark");
    // The next visit: the head script reads the stored choice back before first paint.
    html.removeAttribute(COLOR_MODE_ATTRIBUTE);
    headScript();
    expect(shown()).toBe("dark");
    expect(getColorMode()).toBe("dark");

    setColorMode("light");
    expect(shown()).toBe("light");
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBe("light");
    expect(getColorMode()).toBe("light");
  });

  it("reads the stored choice when <html> carries none", () => {
    localStorage.setItem(COLOR_MODE_KEY, "dark");
    expect(getColorMode()).toBe("dark");
  });

  it.each(["purple", "DARK", "dark ", "", "null"])("falls back to light for a stored %j", (value) => {
    localStorage.setItem(COLOR_MODE_KEY, value);
    expect(storedColorMode()).toBe("light");
    expect(getColorMode()).toBe("light");
    headScript();
    expect(shown()).toBeNull();
  });

  it("ignores an attribute that is not a mode", () => {
    html.setAttribute(COLOR_MODE_ATTRIBUTE, "sepia");
    expect(getColorMode()).toBe("light");
  });

  it("stays light when storage throws (blocked cookies, some private modes)", () => {
    localStorage.setItem(COLOR_MODE_KEY, "dark");
    storageThrows();
    expect(storedColorMode()).toBe("light");
    expect(getColorMode()).toBe("light");
    expect(headScript).not.toThrow();
    expect(shown()).toBeNull();
    // A choice still applies to the page in front of the visitor, though it cannot be kept.
    expect(() => setColorMode("dark")).not.toThrow();
    expect(shown()).toBe("dark");
    expect(getColorMode()).toBe("dark");
  });

  it("treats anything but light or dark passed at run time as light", () => {
    setColorMode("dark");
    setColorMode("blue" as ColorMode);
    expect(shown()).toBe("light");
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBe("light");
  });
});

describe("useColorMode", () => {
  it("follows setColorMode and a choice made in another tab", () => {
    const { result } = renderHook(() => useColorMode());
    expect(result.current[0]).toBe("light");

    act(() => result.current[1]("dark"));
    expect(result.current[0]).toBe("dark");
    expect(shown()).toBe("dark");

    act(() => {
      localStorage.setItem(COLOR_MODE_KEY, "light");
      window.dispatchEvent(new StorageEvent("storage", { key: COLOR_MODE_KEY, newValue: "light" }));
    });
    expect(result.current[0]).toBe("light");
    expect(shown()).toBe("light");
  });
});
