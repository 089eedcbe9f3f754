import { mapEmbedUrl } from "../../src/shared/utils/map";
import company from "../../data/company.json";

describe("mapEmbedUrl", () => {
  it("builds the Google Maps embed URL for the company address", () => {
    expect(mapEmbedUrl(company.address.mapQuery)).toBe(
      `https://www.google.com/maps?q=${encodeURIComponent(company.address.mapQuery)}&output=embed`,
    );
    expect(mapEmbedUrl("Abu Dhabi, United Arab Emirates")).toBe(
      "https://www.google.com/maps?q=Abu%20Dhabi%2C%20United%20Arab%20Emirates&output=embed",
    );
  });

  it("encodes characters that would break the query string", () => {
    const url = new URL(mapEmbedUrl("Tower A & B, Street #5 / Zone=2?"));
    expect(url.origin + url.pathname).toBe("https://www.google.com/maps");
    expect(url.searchParams.get("q")).toBe("Tower A & B, Street #5 / Zone=2?");
    expect(url.searchParams.get("output")).toBe("embed");
    expect([...url.searchParams.keys()]).toEqual(["q", "output"]);
    expect(url.hash).toBe("");
  });

  it("encodes non-ASCII place names", () => {
    const url = new URL(mapEmbedUrl("أبوظبي"));
    expect(url.searchParams.get("q")).toBe("أبوظبي");
    expect(mapEmbedUrl("أبوظبي")).not.toMatch(/[^\x20-\x7e]/);
  });

  it("trims the place and refuses an empty one", () => {
    expect(mapEmbedUrl("  Abu Dhabi  ")).toBe("https://www.google.com/maps?q=Abu%20Dhabi&output=embed");
    expect(() => mapEmbedUrl("   ")).toThrow();
  });
});
