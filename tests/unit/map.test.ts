import { describe, expect, it } from "vitest";
import siteSchema from "../../schema/site.schema.json";
import { addressLine, mapEmbedUrl, mapOrigin, mapTitle } from "../../src/ui/map.ts";

const address = { street: "12 Ring Road", city: "Surat", region: "Gujarat", postalCode: "395002", country: "India" };

describe("the contact page's map follows the address", () => {
  it("without a map address of its own, embeds Google Maps at the postal address", () => {
    const url = new URL(mapEmbedUrl({ address }));
    expect(url.origin + url.pathname).toBe("https://www.google.com/maps");
    expect(url.searchParams.get("q")).toBe("12 Ring Road, Surat, Gujarat 395002, India");
    expect(url.searchParams.get("output")).toBe("embed");
  });

  it("a changed address moves the map", () => {
    const moved = { ...address, street: "4 Station Road", city: "Vadodara", postalCode: "390001" };
    expect(mapEmbedUrl({ address: moved })).not.toBe(mapEmbedUrl({ address }));
    expect(new URL(mapEmbedUrl({ address: moved })).searchParams.get("q")).toBe(addressLine(moved));
  });

  it("a map address set on purpose is kept, whatever the address", () => {
    const mapEmbed = "https://maps.example.com/embed?pb=warehouse";
    expect(mapEmbedUrl({ address, mapEmbedUrl: mapEmbed })).toBe(mapEmbed);
    expect(mapOrigin({ address, mapEmbedUrl: mapEmbed })).toBe("https://maps.example.com");
  });

  it("the frame origin the build allows is the map's own", () => {
    expect(mapOrigin({ address })).toBe("https://www.google.com");
  });

  it("names the city for screen readers unless a title is set", () => {
    expect(mapTitle({ address })).toBe("Map showing our office in Surat, Gujarat");
    expect(mapTitle({ address, mapTitle: "Our warehouse" })).toBe("Our warehouse");
  });

  it("an address with & or # stays one search, not extra parameters", () => {
    const url = new URL(mapEmbedUrl({ address: { ...address, street: "Plot 5 & 6, Block #2" } }));
    expect(url.searchParams.get("q")).toBe("Plot 5 & 6, Block #2, Surat, Gujarat 395002, India");
    expect([...url.searchParams.keys()]).toEqual(["q", "output"]);
  });

  it("the editor's form leaves the map address optional and says the map follows the address", () => {
    const contact = siteSchema.properties.contact;
    expect(contact.required).not.toContain("mapEmbedUrl");
    expect(contact.required).not.toContain("mapTitle");
    expect(contact.properties.mapEmbedUrl.description).toMatch(/^Leave empty and the contact page's map shows the address above, and follows it/);
    expect(contact.properties.address.description).toMatch(/map follows it/);
  });
});
