// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { leadSourceFields, rememberVisit, visitSource } from "../../src/ui/lead-source.ts";

describe("where the visit came from", () => {
  it("keeps the first page, the referring site's origin only, and the UTM parameters", () => {
    const url = new URL("https://lariox.example.com/services/plc/?utm_source=google&utm_medium=cpc&utm_campaign=plc&gclid=xyz");
    expect(visitSource(url, "https://www.google.com/search?q=plc+surat")).toEqual({
      landingPage: "/services/plc/?utm_source=google&utm_medium=cpc&utm_campaign=plc&gclid=xyz",
      referrer: "https://www.google.com",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "plc",
    });
  });

  it("names no referrer for a typed address, our own pages, or what is not a web page", () => {
    const url = new URL("https://lariox.example.com/contact/");
    expect(visitSource(url, "")).toEqual({ landingPage: "/contact/" });
    expect(visitSource(url, "https://lariox.example.com/about/")).toEqual({ landingPage: "/contact/" });
    expect(visitSource(url, "android-app://com.google.android.gm/")).toEqual({ landingPage: "/contact/" });
  });
});

describe("the source an enquiry carries", () => {
  /** This page was reached from `referrer` by a navigation of `type`. */
  function reached(referrer: string, type = "navigate") {
    vi.spyOn(document, "referrer", "get").mockReturnValue(referrer);
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ type } as PerformanceNavigationTiming]);
  }
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.resetModules();
    sessionStorage.clear();
  });

  it("on the visit's first page, that page's own source, whatever an earlier visit kept", () => {
    rememberVisit({ url: `${location.origin}/old?utm_source=old`, referrer: "" });
    reached("https://www.google.com/search?q=plc");
    expect(leadSourceFields()).toEqual({ landingPage: location.pathname, referrer: "https://www.google.com" });
  });

  it("on a later page, the source its first page kept", () => {
    rememberVisit({ url: `${location.origin}/services?utm_source=newsletter`, referrer: "https://mail.example.org/" });
    for (const [referrer, type] of [
      [`${location.origin}/services`, "navigate"],
      ["https://mail.example.org/", "reload"],
    ]) {
      reached(referrer!, type);
      expect(leadSourceFields()).toEqual({
        landingPage: "/services?utm_source=newsletter",
        referrer: "https://mail.example.org",
        utmSource: "newsletter",
      });
    }
  });

  it("is kept by the first page's head script at the visitor's first press, not as the page loads", async () => {
    reached("https://www.google.com/");
    await import("../../src/boot/visit.ts");
    expect(sessionStorage.length).toBe(0);
    dispatchEvent(new Event("pointerdown"));
    dispatchEvent(new Event("keydown")); // its other listener, spent here so no later test meets it
    reached(`${location.origin}/`);
    expect(leadSourceFields()).toMatchObject({ landingPage: location.pathname, referrer: "https://www.google.com" });
  });

  it("is kept ahead of the first press once the loaded page leaves the browser idle", async () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal("requestIdleCallback", (callback: IdleRequestCallback) => idle.push(callback));
    reached("https://www.google.com/");
    await import("../../src/boot/visit.ts");
    dispatchEvent(new Event("load"));
    expect(sessionStorage.length).toBe(0);
    for (const callback of idle) callback({ didTimeout: false, timeRemaining: () => 10 });
    reached(`${location.origin}/`);
    expect(leadSourceFields()).toMatchObject({ landingPage: location.pathname, referrer: "https://www.google.com" });
    dispatchEvent(new Event("pointerdown"));
    dispatchEvent(new Event("keydown"));
  });

  it("is not scheduled on a hidden page (a prerendered one writes to storage the tab never sees)", async () => {
    const idle = vi.fn();
    vi.stubGlobal("requestIdleCallback", idle);
    vi.spyOn(document, "hidden", "get").mockReturnValue(true);
    reached("https://www.google.com/");
    await import("../../src/boot/visit.ts");
    dispatchEvent(new Event("load"));
    expect(idle).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
    dispatchEvent(new Event("pointerdown"));
    dispatchEvent(new Event("keydown"));
    expect(sessionStorage.length).toBe(1);
  });

  it("is not written by a later page's head script", async () => {
    rememberVisit({ url: `${location.origin}/first`, referrer: "" });
    reached(`${location.origin}/first`);
    await import("../../src/boot/visit.ts");
    dispatchEvent(new KeyboardEvent("keydown", { key: "Tab" }));
    expect(leadSourceFields()).toMatchObject({ landingPage: "/first" });
  });
});
