import {
  columnLabel,
  formatCell,
  inSystem,
  roundDerived,
  unitFor,
  type Cell,
  type UnitSystem,
} from "../../src/utils/units";

describe("roundDerived", () => {
  it.each([
    [82.6068, 82.6],
    [0.07874, 0.0787],
    [0.003937, 0.00394],
    [1.2345, 1.23],
    [145.0377, 145],
    [53111.85, 53100],
    [10152.6, 10200],
    [-40, -40],
    [0, 0],
  ])("%p -> %p", (x, expected) => {
    expect(roundDerived(x)).toBe(expected);
  });
});

describe("conversions", () => {
  it.each<[Cell, UnitSystem, string]>([
    // Given in metric, converted to imperial.
    [{ v: 700, u: "bar" }, "imperial", "10,200 psi"],
    [{ v: 1500, u: "bar" }, "metric", "1,500 bar"],
    [{ v: [112, 72010], u: "Nm" }, "imperial", "82.6–53,100 ft-lbs"],
    [{ v: [1.8, 65], u: "kg" }, "imperial", "3.97–143 lb"],
    [{ v: [100, 200], u: "m³/h" }, "imperial", "440–881 US gpm"],
    [{ v: [25, 1300], u: "L/min" }, "imperial", "6.6–343 US gpm"],
    [{ v: [-40, 71], u: "°C" }, "imperial", "−40 to 160°F"],
    [{ v: [-170, 250], u: "°C" }, "metric", "−170 to 250°C"],
    [{ v: 10, u: "mm" }, "imperial", "0.394 in"],
    [{ v: 0.1, u: "mm", pre: "under" }, "imperial", "under 0.00394 in"],
    [{ v: 5.5, u: "kW" }, "imperial", "7.38 hp"],
    [{ v: 5, u: "L" }, "imperial", "1.32 US gal"],
    [{ v: [1.8, 2.5], u: "m" }, "imperial", "5.91–8.2 ft"],
    // Given in imperial, converted to metric.
    [{ v: 20000, u: "psi" }, "metric", "1,380 bar"],
    [{ v: [2, 24], u: "in" }, "metric", "50.8–610 mm"],
    [{ v: 12, u: "ft" }, "metric", "3.66 m"],
    [{ v: [4, 10], u: "NPS" }, "metric", "DN 100–250"],
    [{ v: [4, 10], u: "NPS" }, "imperial", "4–10 in (NPS)"],
    // Both given: each system shows its own figure, not a re-derived one.
    [{ v: 700, u: "bar", alt: 10000 }, "imperial", "10,000 psi"],
    [{ v: 10000, u: "psi", alt: 700 }, "metric", "700 bar"],
    [{ v: 4800, u: "bar", alt: 70000, pre: "up to" }, "imperial", "up to 70,000 psi"],
    // Units of neither system are shown as they are.
    [{ v: 22, u: "RPM" }, "imperial", "22 RPM"],
    [{ v: 4, u: "%", pre: "±" }, "imperial", "±4%"],
    // Two alternatives rather than a range.
    [{ v: [7, 10], u: "mm", or: true }, "metric", "7 or 10 mm"],
    [{ v: [5, 8], u: "L", or: true }, "imperial", "1.32 or 2.11 US gal"],
    [{ v: [1350, 1250], u: "bar", or: true }, "imperial", "19,600 or 18,100 psi"],
    // Text and figures not given.
    ["Manual", "imperial", "Manual"],
    [null, "metric", "—"],
  ])("%j in %s is %s", (cell, system, expected) => {
    expect(formatCell(cell, system)).toBe(expected);
  });

  it("a bare figure takes its column's unit, printed in the header only", () => {
    expect(formatCell(41.5, "metric", "kg")).toBe("41.5");
    expect(formatCell(41.5, "imperial", "kg")).toBe("91.5");
    expect(formatCell([50, 168], "imperial", "mm")).toBe("1.97–6.61");
    expect(columnLabel("Weight", "kg", "imperial")).toBe("Weight (lb)");
    expect(columnLabel("Weight", "kg", "metric")).toBe("Weight (kg)");
    expect(columnLabel("Model", null, "imperial")).toBe("Model");
  });

  it("a measure in a column of the same unit prints no unit", () => {
    expect(formatCell({ v: 329, u: "kg" }, "imperial", "kg")).toBe("725");
  });

  it("converting there and back returns the figure", () => {
    const there = inSystem({ v: 1500, u: "bar" }, "imperial");
    expect(there).toEqual({ value: 21800, unit: "psi", derived: true });
    expect(unitFor("psi", "metric")).toBe("bar");
    expect(unitFor("RPM", "metric")).toBe("RPM");
  });

  it("refuses a nominal size with no standard equivalent", () => {
    expect(() => formatCell({ v: 7, u: "NPS" }, "metric")).toThrow(/No standard DN/);
  });
});
