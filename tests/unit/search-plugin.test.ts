import config from "../../gatsby-config";
import FlexSearch from "flexsearch";
import { buildSearch, hasArabicProducts, searchQueryResult } from "../../testkit/search-index";
import { ARABIC_SEARCH_QUERY, SEARCH_QUERY } from "../../src/shared/search/index-source";
import { createIndex } from "../../src/shared/search/engine";
import { searchProducts, type Store } from "../../src/shared/search/productSearch";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the plugin's own build step, as Gatsby runs it
const plugin = require("gatsby-plugin-local-search/gatsby-node") as { createPages(args: object, options: object): Promise<void> };
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the browser build of flexsearch has no typings of its own
const FlexSearchBrowser: unknown = require("flexsearch/dist/flexsearch.min.js");

interface SearchNode {
  name: string;
  index: string;
  store: Store;
  internal: { type: string };
}

/**
 * The two search instances of gatsby-config.ts run through the plugin's own
 * createPages (as `gatsby build` runs it), with its GraphQL query answered
 * from data/ as the build's node layer answers it (English nodes; Arabic
 * twins of data/ with their overlays). Their indexes are then read as the
 * browser reads them (flexsearch's browser build, the same options).
 */
async function runPlugin(name: string): Promise<{ node: SearchNode; query: string }> {
  const entry = (config.plugins ?? []).find(
    (p): p is { resolve: string; options: Record<string, unknown> } => typeof p === "object" && p.resolve === "gatsby-plugin-local-search" && p.options?.name === name,
  );
  if (!entry) throw new Error(`gatsby-config.ts has no search instance named ${name}`);
  let node: SearchNode | undefined;
  const query = entry.options.query as string;
  await plugin.createPages(
    {
      graphql: async (q: string) => searchQueryResult(q === ARABIC_SEARCH_QUERY ? "ar" : "en"),
      reporter: { warn: jest.fn(), error: (...args: unknown[]) => { throw new Error(String(args[0])); } },
      createNodeId: (id: string) => id,
      createContentDigest: () => "digest",
      actions: { createNode: (n: SearchNode) => (node = n) },
    },
    entry.options,
  );
  if (!node) throw new Error(`the plugin made no node for ${name}`);
  return { node, query };
}

describe("the search instances of gatsby-config.ts, run through gatsby-plugin-local-search", () => {
  it("English (products, localSearchProducts): the English nodes, the index the site always had", async () => {
    const { node, query } = await runPlugin("products");
    expect(query).toBe(SEARCH_QUERY);
    expect(query).toContain('allProductsJson(filter: { fields: { lang: { eq: "en" } } }');
    expect(node.internal.type).toBe("LocalSearchProducts");
    expect(node.index).toBe(buildSearch().exported);
    const index = createIndex(FlexSearchBrowser);
    index.import(node.index);
    expect(searchProducts(index, node.store, "torq").map((r) => r.slug)).toContain("torque-pump");
    expect(Object.values(node.store)[0]).not.toHaveProperty("englishName");
  });

  (hasArabicProducts() ? it : it.skip)("Arabic (productsAr, localSearchProductsAr): the Arabic nodes, read with the Arabic encoder in the browser", async () => {
    const { node, query } = await runPlugin("productsAr");
    expect(query).toBe(ARABIC_SEARCH_QUERY);
    expect(query).toContain('allProductsJson(filter: { fields: { lang: { eq: "ar" } } }');
    expect(node.internal.type).toBe("LocalSearchProductsAr");
    const pump = node.store["torque-pump"];
    expect(pump.name).toMatch(/[\u0621-\u064A]/);
    expect(pump.englishName).toBe("Torque Pump");
    expect(pump.category).toMatch(/[\u0621-\u064A]/);
    for (const flexsearch of [FlexSearchBrowser, FlexSearch]) {
      const index = createIndex(flexsearch, "ar");
      index.import(node.index);
      const slugs = (q: string) => searchProducts(index, node.store, q, 24, "ar").map((r) => r.slug);
      for (const r of Object.values(node.store)) expect(slugs(r.name)[0]).toBe(r.slug);
      expect(slugs(`و${pump.name}`)[0]).toBe("torque-pump");
      expect(slugs("ATPP٤")[0]).toBe("torque-pump");
      expect(slugs("torque pump")[0]).toBe("torque-pump");
    }
    // Read with the English options, the same index finds no Arabic word: the options must travel with it.
    const wrong = createIndex(FlexSearch);
    wrong.import(node.index);
    expect(wrong.search(pump.name, 24)).toEqual([]);
  });
});
