import { searchHref } from "../../src/utils/search";

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
