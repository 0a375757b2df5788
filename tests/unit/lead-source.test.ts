import { describe, expect, it } from "vitest";
import { visitSource } from "../../src/ui/lead-source.ts";

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
