/**
 * Specification figures with their units, shown in metric or imperial.
 *
 * A figure is stored once, in the system the specification gives it in; the
 * other system is derived by the conversions below. Where the specification
 * gives both (e.g. "10,000 psi (700 bar)"), the cell carries both and each is
 * shown as given: nominal ratings are never re-derived.
 */

export type UnitSystem = "metric" | "imperial";
export const UNIT_SYSTEMS: readonly UnitSystem[] = ["metric", "imperial"];
export const DEFAULT_UNIT_SYSTEM: UnitSystem = "metric";

/** A single value or an inclusive range [min, max]. */
export type Quantity = number | [number, number];

/** A figure with its unit; `alt` is the same figure as given in the other system. */
export interface Measure {
  v: Quantity;
  u: string;
  alt?: Quantity;
  /** Words before the figure: "max", "up to", "±". */
  pre?: string;
  /** The two figures of `v` are alternatives ("7 or 10 mm"), not a range. */
  or?: boolean;
}

/** A table cell: a bare number or range (the column's unit applies), a measure, plain text, or null (not given). */
export type Cell = number | [number, number] | Measure | string | null;

interface Conversion {
  system: UnitSystem;
  /** The unit of the other system. */
  to: string;
  convert: (x: number) => number;
}

const linear = (system: UnitSystem, to: string, factor: number): Conversion => ({
  system,
  to,
  convert: (x) => x * factor,
});

/** Nominal pipe size (inch) to nominal diameter (DN), per ASME B36.10 / ISO 6708. */
const NPS_TO_DN: Record<number, number> = {
  0.5: 15, 0.75: 20, 1: 25, 1.25: 32, 1.5: 40, 2: 50, 2.5: 65, 3: 80, 4: 100, 5: 125, 6: 150, 8: 200,
  10: 250, 12: 300, 14: 350, 16: 400, 18: 450, 20: 500, 24: 600, 28: 700, 30: 750, 32: 800, 36: 900,
};
const DN_TO_NPS: Record<number, number> = Object.fromEntries(Object.entries(NPS_TO_DN).map(([n, d]) => [d, Number(n)]));

function lookup(table: Record<number, number>, x: number, unit: string): number {
  const y = table[x];
  if (y === undefined) throw new Error(`No standard ${unit} equivalent for ${x}`);
  return y;
}

export const CONVERSIONS: Record<string, Conversion> = {
  bar: linear("metric", "psi", 14.5037738),
  psi: linear("imperial", "bar", 1 / 14.5037738),
  Nm: linear("metric", "ft-lbs", 0.737562149),
  "ft-lbs": linear("imperial", "Nm", 1 / 0.737562149),
  kg: linear("metric", "lb", 2.20462262),
  lb: linear("imperial", "kg", 1 / 2.20462262),
  mm: linear("metric", "in", 1 / 25.4),
  in: linear("imperial", "mm", 25.4),
  m: linear("metric", "ft", 1 / 0.3048),
  ft: linear("imperial", "m", 0.3048),
  "m³/h": linear("metric", "US gpm", 4.40286745),
  "L/min": linear("metric", "US gpm", 0.264172052),
  "US gpm": linear("imperial", "L/min", 1 / 0.264172052),
  L: linear("metric", "US gal", 0.264172052),
  "US gal": linear("imperial", "L", 1 / 0.264172052),
  kN: linear("metric", "lbf", 224.808943),
  lbf: linear("imperial", "kN", 1 / 224.808943),
  "cm²": linear("metric", "in²", 0.15500031),
  "in²": linear("imperial", "cm²", 1 / 0.15500031),
  kW: linear("metric", "hp", 1.34102209),
  hp: linear("imperial", "kW", 1 / 1.34102209),
  "°C": { system: "metric", to: "°F", convert: (c) => (c * 9) / 5 + 32 },
  "°F": { system: "imperial", to: "°C", convert: (f) => ((f - 32) * 5) / 9 },
  DN: { system: "metric", to: "NPS", convert: (d) => lookup(DN_TO_NPS, d, "NPS") },
  NPS: { system: "imperial", to: "DN", convert: (n) => lookup(NPS_TO_DN, n, "DN") },
};

/** How units are written next to a figure. */
const SYMBOLS: Record<string, string> = { NPS: "in (NPS)", DN: "DN" };

export function unitLabel(unit: string): string {
  return SYMBOLS[unit] ?? unit;
}

/** True when a unit belongs to neither system (RPM, dB, %, V, Hz...) and is shown as it is. */
export function isNeutral(unit: string): boolean {
  return !(unit in CONVERSIONS);
}

/** The unit a figure given in `unit` is shown in, for a system. */
export function unitFor(unit: string, system: UnitSystem): string {
  const c = CONVERSIONS[unit];
  if (!c || c.system === system) return unit;
  return c.to;
}

/**
 * Rounds a derived figure so it claims no more precision than it has:
 * three significant digits.
 */
export function roundDerived(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(x))));
  const factor = 10 ** digits;
  const rounded = Math.round(x * factor) / factor;
  if (Math.abs(rounded) >= 1000) {
    const magnitude = 10 ** (Math.floor(Math.log10(Math.abs(rounded))) - 2);
    return Math.round(rounded / magnitude) * magnitude;
  }
  return rounded;
}

function mapQuantity(q: Quantity, f: (x: number) => number): Quantity {
  return Array.isArray(q) ? [f(q[0]), f(q[1])] : f(q);
}

/** A measure in the requested system: as given, the given alternative, or converted. */
export function inSystem(m: Measure, system: UnitSystem): { value: Quantity; unit: string; derived: boolean } {
  const c = CONVERSIONS[m.u];
  if (!c || c.system === system) return { value: m.v, unit: m.u, derived: false };
  if (m.alt !== undefined) return { value: m.alt, unit: c.to, derived: false };
  return { value: mapQuantity(m.v, (x) => roundDerived(c.convert(x))), unit: c.to, derived: true };
}

const numberFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 });

export function formatNumber(x: number): string {
  return numberFormat.format(x).replace(/^-/, "−");
}

/** The words between two figures (data/product-ui.json `figureWords`): alternatives, and the ends of a range. */
export interface FigureWords {
  or: string;
  to: string;
}
/** The specification's own, for what the build writes in English (the PDFs, structured data). */
export const ENGLISH_FIGURE_WORDS: FigureWords = { or: "or", to: "to" };

export function formatQuantity(q: Quantity, alternatives = false, words: FigureWords = ENGLISH_FIGURE_WORDS): string {
  if (!Array.isArray(q)) return formatNumber(q);
  const [a, b] = q;
  if (alternatives) return `${formatNumber(a)} ${words.or} ${formatNumber(b)}`;
  // A range with a negative end reads better with "to" than with a dash.
  return a < 0 || b < 0 ? `${formatNumber(a)} ${words.to} ${formatNumber(b)}` : `${formatNumber(a)}–${formatNumber(b)}`;
}

export function isMeasure(cell: Cell): cell is Measure {
  return typeof cell === "object" && cell !== null && !Array.isArray(cell) && "v" in cell && "u" in cell;
}

export function isQuantity(cell: Cell): cell is Quantity {
  return typeof cell === "number" || (Array.isArray(cell) && cell.length === 2 && cell.every((x) => typeof x === "number"));
}

/** The text a cell not given by the specification shows. */
export const NOT_GIVEN = "—";

/**
 * Text of a cell for a system. `columnUnit` is the unit of the column, in the
 * system the figures are given in; a cell in such a column prints no unit
 * (the header carries it), a self-describing measure prints its own.
 */
export function formatCell(cell: Cell, system: UnitSystem, columnUnit?: string, words: FigureWords = ENGLISH_FIGURE_WORDS): string {
  if (cell === null || cell === undefined) return NOT_GIVEN;
  if (typeof cell === "string") return cell;
  if (isQuantity(cell)) {
    if (!columnUnit) return formatQuantity(cell, false, words);
    return formatQuantity(inSystem({ v: cell, u: columnUnit }, system).value, false, words);
  }
  if (isMeasure(cell)) {
    const { value, unit } = inSystem(cell, system);
    // A word before the figure ("up to", "حتى") is followed by a space; a sign ("<", "±") is not.
    const pre = !cell.pre ? "" : /\p{L}$/u.test(cell.pre) ? `${cell.pre} ` : cell.pre;
    const text = formatQuantity(value, cell.or === true, words);
    if (columnUnit && unitFor(columnUnit, system) === unit) return `${pre}${text}`;
    if (unit === "DN") return `${pre}DN ${text}`;
    const label = unitLabel(unit);
    const sep = label.startsWith("°") || label === "%" ? "" : " ";
    return `${pre}${text}${sep}${label}`;
  }
  return String(cell);
}

/** Header label of a column: "Pressure (bar)" / "Pressure (psi)". */
export function columnLabel(label: string, unit: string | null | undefined, system: UnitSystem): string {
  if (!unit) return label;
  return `${label} (${unitLabel(unitFor(unit, system))})`;
}
