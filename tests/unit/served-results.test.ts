import { readServedResults, servedResultsScript, SERVED_RESULTS_ID } from "../../src/shared/search/served";
import type { SearchRecord } from "../../src/shared/search/config";

const record: SearchRecord = { slug: "torque-pump", name: "Torque Pump </script>", category: "Bolting", imageIds: [3], models: [], image: null };

/** A document holding one element, as the browser's getElementById gives it. */
const docWith = (id: string, textContent: string | null) => ({
  getElementById: (wanted: string) => (wanted === id ? { textContent } : null),
});

/** The text of the data block as the browser parses it. */
const blockText = (html: string) => html.slice(html.indexOf(">") + 1, html.lastIndexOf("</script>"));

describe("the results served with the search page", () => {
  it("round-trip through the data block, which no text can close early", () => {
    const html = servedResultsScript({ query: "torque", results: [record] });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(readServedResults(docWith(SERVED_RESULTS_ID, blockText(html)), "torque")).toEqual([record]);
  });

  it("count only for the query they were rendered for", () => {
    const text = blockText(servedResultsScript({ query: "torque", results: [record] }));
    expect(readServedResults(docWith(SERVED_RESULTS_ID, text), "pump")).toBeNull();
    expect(readServedResults(docWith(SERVED_RESULTS_ID, blockText(servedResultsScript({ query: "zz", results: [] }))), "zz")).toEqual([]);
  });

  it("are absent without a block, or with one the page cannot read", () => {
    expect(readServedResults(undefined, "torque")).toBeNull();
    expect(readServedResults(docWith("other", "{}"), "torque")).toBeNull();
    expect(readServedResults(docWith(SERVED_RESULTS_ID, "{not json"), "torque")).toBeNull();
    expect(readServedResults(docWith(SERVED_RESULTS_ID, '{"query":"torque","results":"x"}'), "torque")).toBeNull();
  });
});
