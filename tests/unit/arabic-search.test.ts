import path from "path";
import React from "react";
import { renderToString } from "react-dom/server";
import { arabicRecords, buildArabicSearch, hasArabicProducts } from "../../testkit/search-index";
import { arabicWords } from "../../src/shared/search/arabic";
import { searchProducts } from "../../src/shared/search/productSearch";
import { SearchOutcome, outcomeOf, type LinkProps, type OutcomeLabels } from "../../src/shared/search/SearchOutcome";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readCatalogue, arabicQueries, arabicVariants, indicDigits, rankFigures } = require("../../testkit/search-queries.cjs") as typeof import("../../testkit/search-queries.cjs");

/**
 * The Arabic search over the real catalogue: data/products/*.json with their
 * Arabic overlays (*.ar.json), indexed as the build indexes them, exported
 * and imported as the browser loads the index. The queries are made from the
 * Arabic names at run time (testkit/search-queries.cjs, the same as
 * npm run bench:search): every one finds its product in the top 3.
 */
const describeArabic = hasArabicProducts() ? describe : describe.skip;

describeArabic("Arabic search over the catalogue's Arabic names", () => {
  const { index, store } = buildArabicSearch();
  const slugs = (query: string) => searchProducts(index, store, query, 24, "ar").map((r) => r.slug);
  const catalogue = readCatalogue(path.resolve(__dirname, "../.."));
  const queries = arabicQueries(catalogue.arabic.products);

  it("every product has an Arabic name in the index and the store", () => {
    const records = arabicRecords();
    const english = catalogue.english.products;
    expect(records.map((r) => r.slug).sort()).toEqual(english.map((p) => p.slug).sort());
    for (const r of records) {
      expect(r.name).toMatch(/[\u0621-\u064A]/);
      expect(store[r.slug].englishName).toBe(english.find((p) => p.slug === r.slug)!.name);
    }
  });

  it("every query made from the names (each variant, each model in Arabic-Indic digits, the hand-written ones) finds its product in the top 3", () => {
    const figures = rankFigures(slugs, queries);
    expect(figures.total).toBeGreaterThan(catalogue.arabic.products.length * 8);
    expect(figures.misses.filter((m) => !m.top3)).toEqual([]);
  });

  it.each(catalogue.arabic.products.map((p) => [p.name, p.slug]))("the full name %s finds its product first", (name, slug) => {
    expect(slugs(name)[0]).toBe(slug);
  });

  it("a name and its variants find the same products in the same order", () => {
    for (const p of catalogue.arabic.products) {
      const expected = slugs(p.name);
      for (const v of arabicVariants(p.name).filter((x) => x.kind !== "with article")) expect([v.kind, slugs(v.query)]).toEqual([v.kind, expected]);
    }
  });

  it("finds a model typed in Latin, Arabic-Indic or Extended Arabic-Indic digits", () => {
    for (const code of ["TGA-80", indicDigits("TGA-80"), indicDigits("TGA-80", true), "tga٨٠"]) {
      expect(slugs(code)[0]).toBe("positive-displacement-flow-meter");
    }
    expect(slugs(indicDigits("ASRT5"))[0]).toBe("spring-return-bolt-tensioner");
  });

  it("finds the English name typed on the Arabic page", () => {
    expect(slugs("torque pump")[0]).toBe("torque-pump");
    expect(slugs("Subsea Bolt Tensioner")[0]).toBe("subsea-bolt-tensioner");
  });

  it.each(["", "   ", "xylophone", "زرافة"])("%j finds nothing", (query) => {
    expect(slugs(query)).toEqual([]);
  });

  it("finds a name one typo away when nothing else matches", () => {
    // The longest word of the name with its last letter but one left out ("صواميل" typed "صوامل").
    const [word] = arabicWords(store["nut-splitter"].name).sort((a, b) => b.length - a.length);
    const typo = word.slice(0, -2) + word.slice(-1);
    expect(slugs(typo)).toContain("nut-splitter");
  });

  it("result cards link to the Arabic product pages and show the English name", () => {
    const labels = { resultsHeading: "{query}", resultCount: "{count}", resultCountOne: "1" } as OutcomeLabels;
    const Link = ({ to, className, children }: LinkProps) => React.createElement("a", { href: to, className }, children);
    const results = searchProducts(index, store, "مضخة عزم الدوران", 24, "ar");
    const html = renderToString(React.createElement(SearchOutcome, { labels, query: "q", outcome: outcomeOf(results), Link, lang: "ar" }));
    expect(html).toContain('href="/ar/torque-pump"');
    expect(html).toContain(`>${store["torque-pump"].name}</a>`);
    expect(html).toContain('lang="en"><bdi dir="ltr">Torque Pump</bdi>');
  });
});
