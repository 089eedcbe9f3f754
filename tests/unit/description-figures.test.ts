import fs from "fs";
import path from "path";
import { placeholderErrors, placeholdersIn, type FigureSource } from "../../src/shared/utils/figure-placeholders.cjs";
import { FigureError, figureText, resolveFigures, withResolvedFigures } from "../../src/utils/description-figures";
import { formatCell, type Cell } from "../../src/utils/units";

const PRODUCTS_DIR = path.resolve(__dirname, "../../data/products");
const raw = fs
  .readdirSync(PRODUCTS_DIR)
  .filter((f) => f.endsWith(".json") && !f.endsWith(".ar.json"))
  .map((f) => JSON.parse(fs.readFileSync(path.join(PRODUCTS_DIR, f), "utf8")) as FigureSource & { slug: string; shortDescription: string; meta: { description: string } });

/** A product with one table of each shape the placeholders read. */
const PUMP: FigureSource = {
  tabs: [
    { tables: null },
    {
      tables: [
        {
          id: "range",
          columns: [
            { label: "Parameter", unit: null },
            { label: "Value", unit: null },
          ],
          rows: [
            ["Working pressure", { v: 700, u: "bar", alt: 10000 }],
            ["Tank", { v: [5, 8], u: "L", or: true }],
            ["Adjustable output pressure", { v: [10000, 43500], u: "psi" }],
            ["Accuracy", { v: 4, u: "%", pre: "±" }],
            ["Power source", "220V/380V"],
            ["Flow", null],
          ],
        },
        {
          id: "models",
          columns: [
            { label: "Model", unit: null },
            { label: "Reach", unit: "m" },
            { label: "Pressure", unit: "bar" },
          ],
          rows: [["TG1", null, null], { gap: "More models" }, ["Range of the series", [1.8, 2.5], [10, 15]]],
        },
      ],
    },
  ],
};

describe("figures written once: a description's {table: row} placeholders", () => {
  it("reads the value cell of a row of a two-column table, written as the table writes it", () => {
    expect(resolveFigures("working pressure {range: Working pressure}, {range: Tank} tank", PUMP)).toBe("working pressure 700 bar (10,000 psi), 5 or 8 L tank");
  });

  it("gives a figure in the system the data gives it in, the other system only where the data states it", () => {
    expect(resolveFigures("{range: Adjustable output pressure}", PUMP)).toBe("10,000–43,500 psi");
    expect(resolveFigures("{range: Working pressure}", PUMP)).toBe(`${formatCell({ v: 700, u: "bar", alt: 10000 }, "metric")} (${formatCell({ v: 700, u: "bar", alt: 10000 }, "imperial")})`);
    expect(resolveFigures("accuracy {range: Accuracy}, power {range: Power source}", PUMP)).toBe("accuracy ±4%, power 220V/380V");
  });

  it("names a column after a slash in a table of several columns, the column's unit written with the figure", () => {
    expect(resolveFigures("reach {models: Range of the series / Reach}, {models: range of the series/pressure}", PUMP)).toBe("reach 1.8–2.5 m, 10–15 bar");
  });

  it("matches labels ignoring case and repeated spaces, and leaves text without placeholders as it is", () => {
    expect(resolveFigures("{ range :  working   PRESSURE }", PUMP)).toBe("700 bar (10,000 psi)");
    expect(resolveFigures("No figures here.", PUMP)).toBe("No figures here.");
  });

  it.each([
    ["{pressure}", "names no table"],
    ["{ranges: Working pressure}", 'no specification table with the id "ranges" (its tables: "range", "models")'],
    ["{range: Working presure}", 'table "range" has no row labelled "Working presure"'],
    ["{range: Flow}", 'the cell of row "Flow", column "Value" in table "range" gives no figure'],
    ["{models: Range of the series}", 'table "models" has 2 value columns: name one after a slash, e.g. {models: Range of the series / Reach}'],
    ["{models: Range of the series / Weight}", 'table "models" has no column "Weight" (its columns: "Reach", "Pressure")'],
    ["{models: TG1 / Reach}", 'the cell of row "TG1", column "Reach" in table "models" gives no figure'],
    ["{range: }", 'names no row of table "range"'],
  ])("%s is an error: %s", (text, message) => {
    expect(placeholderErrors(PUMP, `Before ${text} after.`)).toEqual([expect.stringContaining(message)]);
    expect(() => resolveFigures(`Before ${text} after.`, PUMP, "data/products/pump.json /meta/description")).toThrow(FigureError);
    expect(() => resolveFigures(`Before ${text} after.`, PUMP, "data/products/pump.json /meta/description")).toThrow(/^data\/products\/pump\.json \/meta\/description: /);
  });

  it("reports every wrong placeholder of a text at once", () => {
    expect(placeholderErrors(PUMP, "{range: Nope} and {nope: Tank} and {range: Tank}")).toHaveLength(2);
    expect(placeholdersIn("{a: b} {c: d / e}").map((p) => [p.table, p.row])).toEqual([
      ["a", "b"],
      ["c", "d / e"],
    ]);
  });

  it("a bare figure in a column without a unit is written as the table writes it", () => {
    expect(figureText([2, 4] as Cell, null)).toBe("2–4");
    expect(figureText("2 or 4", null)).toBe("2 or 4");
  });

  describe("the products of data/", () => {
    it("every placeholder of every product names a figure", () => {
      for (const product of raw) expect([product.slug, placeholderErrors(product, product.meta.description), placeholderErrors(product, product.shortDescription)]).toEqual([product.slug, [], []]);
    });

    it("no resolved description keeps a brace, and a description with a figure of its table takes it from the table", () => {
      const withPlaceholders = raw.filter((p) => placeholdersIn(p.meta.description).length > 0);
      expect(withPlaceholders.length).toBeGreaterThan(0);
      for (const product of raw) {
        const resolved = withResolvedFigures(product);
        expect(resolved.meta.description).not.toMatch(/[{}]/);
        expect(resolved.shortDescription).not.toMatch(/[{}]/);
      }
    });

    it("changing a figure in the table changes the description", () => {
      const pump = raw.find((p) => p.meta.description.includes("{range: Working pressure}"))!;
      const edited = structuredClone(pump);
      const table = edited.tabs.flatMap((t) => t.tables ?? []).find((t) => t.id === "range")!;
      const row = table.rows.find((r) => Array.isArray(r) && r[0] === "Working pressure") as unknown[];
      row[1] = { v: 720, u: "bar", alt: 10500 };
      expect(withResolvedFigures(edited).meta.description).toContain("720 bar (10,500 psi)");
      expect(withResolvedFigures(pump).meta.description).not.toContain("720 bar");
    });
  });
});
