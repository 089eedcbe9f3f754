import { buildSearch } from "../../testkit/search-index";
import { categoriesData, productsData } from "../../testkit/site-data";
import { editDistance, matchesModel, modelFamilies, searchProducts } from "../../src/shared/search/productSearch";

const { index, store } = buildSearch();
const slugs = (query: string) => searchProducts(index, store, query).map((r) => r.slug);

/** The products whose name or category name holds `text` (any case): what a query for it must find, read from data/. */
const categoryNames = new Map(categoriesData().map((c) => [c.slug, c.name]));
const holding = (text: string): string[] =>
  productsData()
    .filter((p) => `${p.name} ${categoryNames.get(p.category) ?? ""}`.toLowerCase().includes(text.toLowerCase()))
    .map((p) => p.slug);
/** The products with a word of their name starting with `prefix`. */
const wordStarting = (prefix: string): string[] =>
  productsData()
    .filter((p) => p.name.toLowerCase().split(/[^a-z0-9]+/).some((word) => word.startsWith(prefix)))
    .map((p) => p.slug);

describe("product search: what the data holds", () => {
  it.each<[string, () => string[]]>([
    // A case-insensitive substring of the name or the category.
    ["Top Loading", () => holding("top loading")],
    ["loading arms", () => holding("loading arms")],
    ["FLUID TRANSFER", () => holding("fluid transfer")],
    ["machining", () => holding("machining")],
    // Word prefixes.
    ["torq", () => wordStarting("torq")],
    ["tension", () => wordStarting("tension")],
    // One typo.
    ["tensoner", () => wordStarting("tensioner")],
    ["hydrotestng", () => wordStarting("hydrotesting")],
    ["flange spreder", () => holding("flange spreader")],
  ])("%j finds every product the data names so", (query, expected) => {
    const wanted = expected();
    expect(wanted.length).toBeGreaterThan(0);
    const found = slugs(query);
    for (const slug of wanted) expect(found).toContain(slug);
  });
});

describe("product search", () => {
  it.each<[string, string[]]>([
    // Model codes named by the specification, with or without the dash.
    ["TGA-80", ["positive-displacement-flow-meter"]],
    ["tga80", ["positive-displacement-flow-meter"]],
    ["AFF40", ["id-mounted-flange-facing-machine"]],
    ["TGMFF-350", ["manuel-flange-facing-machine"]],
    ["ATEP-20E", ["tensioning-pump"]],
    ["HP100L", ["hydraulic-pullers"]],
    ["AMST36", ["multi-stage-bolt-tensioner"]],
    // Models inside a range whose ends the specification names.
    ["ASRT5", ["spring-return-bolt-tensioner"]],
    ["ACCM-24", ["split-frame-cold-cutting-machine"]],
    ["ASST4", ["subsea-bolt-tensioner"]],
    ["ANS50", ["nut-splitter"]],
  ])("%j finds %j", (query, expected) => {
    const found = slugs(query);
    for (const slug of expected) expect(found).toContain(slug);
  });

  it("model codes come first", () => {
    expect(slugs("ASRT5")[0]).toBe("spring-return-bolt-tensioner");
    expect(slugs("AST15").slice(0, 2).sort()).toEqual(["impact-sockets", "square-drive-torque-wrench"]);
  });

  it.each(["", "   ", "xylophone", "ASRT12", "ACCM-99"])("%j finds nothing", (query) => {
    expect(slugs(query)).toEqual([]);
  });

  it("results carry what a card needs", () => {
    const [first] = searchProducts(index, store, "TGA-80");
    expect(first).toMatchObject({ slug: "positive-displacement-flow-meter", name: expect.any(String), category: "Fluid Transfer" });
    expect(first.imageIds.length).toBeGreaterThan(0);
  });
});

describe("search helpers", () => {
  it("groups model codes into ranges", () => {
    expect(modelFamilies(["ACCM-6", "ACCM-8", "ACCM-72"])).toEqual([{ prefix: "ACCM", min: 6, max: 72 }]);
    expect(matchesModel("accm-24", ["ACCM-6", "ACCM-72"])).toBe(true);
    expect(matchesModel("ACCM-73", ["ACCM-6", "ACCM-72"])).toBe(false);
    expect(matchesModel("torque", ["ACCM-6"])).toBe(false);
  });
  it("measures edit distance with an early stop", () => {
    expect(editDistance("tensoner", "tensioner")).toBe(1);
    expect(editDistance("pump", "pump")).toBe(0);
    expect(editDistance("wrench", "bench", 1)).toBe(2);
  });
});
