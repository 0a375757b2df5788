// @vitest-environment node
import { describe, expect, it } from "vitest";
import { isInternational, showsWhatsApp, whatsappDigits, whatsappHref, whatsappNumber } from "../../src/ui/whatsapp.ts";

const settings = { number: "+91 98250 12345", message: "Hello, a question about {page} ({url}).", pages: ["/products/", "/aveva/"] };

describe("WhatsApp click-to-chat", () => {
  it("links to wa.me with the number as digits and a first message naming the page and its address", () => {
    const href = whatsappHref(settings, { title: "AVEVA InTouch & Edge", path: "/aveva/aveva-intouch" }, "https://www.lariox.in");
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe("https://wa.me/919825012345");
    expect(url.searchParams.get("text")).toBe("Hello, a question about AVEVA InTouch & Edge (https://www.lariox.in/aveva/aveva-intouch).");
    // The & of the title is encoded, so it cannot start a second query parameter.
    expect(href).not.toContain("& Edge");
  });

  it("chats on the main phone number unless WhatsApp's own is set on purpose, so a changed phone number changes it too", () => {
    expect(whatsappNumber({ phones: ["+91 98250 12345", "+91 261 400 1234"], whatsapp: {} })).toBe("+91 98250 12345");
    expect(whatsappNumber({ phones: ["+91 98250 99999"], whatsapp: {} })).toBe("+91 98250 99999");
    expect(whatsappNumber({ phones: ["+91 98250 12345"], whatsapp: { number: "+91 70000 11111" } })).toBe("+91 70000 11111");
    expect(isInternational("+91 98250 12345")).toBe(true);
    expect(isInternational("0261 400 1234")).toBe(false);
  });

  it("keeps only digits of a number written with spaces, dashes or brackets", () => {
    expect(whatsappDigits("+91 (261) 400-1234")).toBe("912614001234");
  });

  it("shows on pages under the listed prefixes only, and nowhere without settings", () => {
    expect(showsWhatsApp(settings, "/products/plc")).toBe(true);
    expect(showsWhatsApp(settings, "/aveva/aveva-mes")).toBe(true);
    expect(showsWhatsApp(settings, "/products")).toBe(false);
    expect(showsWhatsApp(settings, "/about")).toBe(false);
    expect(showsWhatsApp(undefined, "/products/plc")).toBe(false);
  });
});
