import fs from "fs";
import path from "path";
import FlexSearch from "flexsearch";
import { buildSearch, englishRecords, indexedText } from "../../testkit/search-index";
import { searchProducts } from "../../src/shared/search/productSearch";

/**
 * English search finds exactly what it found before the Arabic index came:
 * fixtures/english-search-results.json holds, for every query of the search
 * bench and the search tests, the products English search found (in order)
 * before the Arabic encoder existed, recorded from the same data/. (If the
 * English product data change, record it again with the code of that time.)
 */
const recorded = JSON.parse(fs.readFileSync(path.join(__dirname, "fixtures", "english-search-results.json"), "utf8")) as Record<string, string[]>;

describe("English search is unchanged by the Arabic index", () => {
  const { index, store, exported } = buildSearch();

  it.each(Object.entries(recorded))("%j finds what it found before", (query, slugs) => {
    expect(searchProducts(index, store, query).map((r) => r.slug)).toEqual(slugs);
  });

  it("the English index is the one built with the options it always had", () => {
    const before = (FlexSearch as unknown as { create(o: object): { add(id: string, t: string): void; export(): string } }).create({
      encode: "icase",
      tokenize: "forward",
      threshold: 0,
      resolution: 9,
      depth: 0,
    });
    for (const r of englishRecords()) before.add(r.slug, indexedText(r));
    expect(exported).toBe(before.export());
  });
});
