import { readSearchParams, searchHref } from "../../src/shared/utils/search";

describe("searchHref", () => {
  it("leads to /search with the query", () => {
    expect(searchHref("torque", false)).toBe("/search?query=torque");
  });
  it("trims the text and encodes it", () => {
    expect(searchHref("  bolt tensioner & pump ", false)).toBe("/search?query=bolt+tensioner+%26+pump");
  });
  it.each(["", " ", "\t\n  "])("does nothing for blank text %j", (text) => {
    expect(searchHref(text, false)).toBeNull();
  });
  it("does nothing while a search is in progress", () => {
    expect(searchHref("torque", true)).toBeNull();
  });
});

describe("readSearchParams", () => {
  it("reads back what searchHref wrote", () => {
    const href = searchHref("  bolt tensioner & pump ", false)!;
    expect(readSearchParams(href.slice(href.indexOf("?")))).toEqual({ query: "bolt tensioner & pump", forcedError: false });
  });
  it("trims, takes the first query, and forces the error state only for error=true", () => {
    expect(readSearchParams("?query=+a%20b+&query=c&error=true")).toEqual({ query: "a b", forcedError: true });
    expect(readSearchParams(new URLSearchParams("error=1"))).toEqual({ query: "", forcedError: false });
  });
});
