/**
 * ajv's errors in the words of the people who edit the content: each error
 * becomes { pointer, message }, the field named as an editor reads it
 * (`tabs[0].tables[1].rows[3]`), what is wrong said plainly.
 */
import { escape, fieldName, valueAt } from "./schemas.mjs";

const TYPE_WORDS = {
  integer: "a whole number",
  number: "a number",
  string: "text",
  boolean: "true or false",
  array: "a list",
  object: "a group of fields",
  null: "empty (null)",
};

/** The shapes a pattern of the content schemas stands for. */
const PATTERN_WORDS = [
  [/^\^\[0-9\]\{4\}-/, "a date written YYYY-MM-DD (e.g. 2026-11-22)"],
  [/^\^\[a-z0-9\]\+/, "lower-case letters, digits and hyphens (e.g. torque-pump)"],
  [/jpg\|jpeg\|png\|webp/, "the name of a JPEG, PNG or WebP file (.jpg, .jpeg, .png or .webp)"],
  [/svg\|png/, "the name of an SVG or PNG file (.svg or .png)"],
  [/pdf/i, "the name of a PDF file (.pdf)"],
  [/@/, "an e-mail address (name@example.com)"],
  [/^\^https/, "an address starting with https:// and without a final slash"],
  [/^\^consumables/, "the name of one of the site's tool drawings (consumables/tool-1.png)"],
  [/^\^\/$/, "a path starting with / (e.g. /videos/hero)"],
];

/** A value as words: `the text "9"`, `the number 2.5`, `a list of 3`. */
export function describeValue(value) {
  if (value === null) return "empty (null)";
  if (value === undefined) return "nothing";
  if (typeof value === "string") return `the text ${JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)}`;
  if (typeof value === "number") return Number.isInteger(value) ? `the whole number ${value}` : `the number ${value}`;
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.length === 1 ? "a list of 1 item" : `a list of ${value.length} items`;
  return "a group of fields";
}

const orList = (words) => (words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`);

/** Edit distance, for "a typo of `title`?". */
function distance(a, b) {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1].toLowerCase() === b[j - 1].toLowerCase() ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length];
}

/** The field of `known` an unknown field name is most likely a typo of, or null. */
export function closest(name, known) {
  let best = null;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(name, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : null;
}

/**
 * Words for one ajv error (compiled in verbose mode: error.parentSchema is the
 * schema that failed), or null for an error that only repeats others (if/then).
 * `schema` is the file's whole schema, whose $defs name the table's cells and rows.
 */
export function explain(error, data, schema) {
  const defs = schema?.$defs ?? {};
  const pointer = error.instancePath;
  const name = fieldName(pointer, data);
  const field = name ? `\`${name}\`` : "the file";
  const value = valueAt(data, pointer);
  switch (error.keyword) {
    case "if":
      return null;
    case "required":
      return { pointer, message: `${field} lacks \`${error.params.missingProperty}\`` };
    case "additionalProperties": {
      const key = error.params.additionalProperty;
      const here = error.parentSchema ?? {};
      const absent = (k) => !(value && typeof value === "object" && k in value);
      const missing = (here.required ?? []).filter(absent);
      // the nearest field name not given; else the one required field missing, when it starts alike ("unit" for "u")
      const alike = missing.length === 1 && missing[0][0].toLowerCase() === key[0]?.toLowerCase() ? missing[0] : null;
      const guess = closest(key, Object.keys(here.properties ?? {}).filter(absent)) ?? alike;
      const child = fieldName(`${pointer}/${escape(key)}`, data);
      return {
        pointer: `${pointer}/${escape(key)}`,
        message: `\`${child || key}\` is not a field of this file (${guess ? `a typo of \`${guess}\`?` : "a typo?"})`,
      };
    }
    case "type": {
      const types = Array.isArray(error.params.type) ? error.params.type : String(error.params.type).split(",");
      if (defs.gap && error.parentSchema === defs.gap) return { pointer, message: `${field} should be a list of cells, one per column (or { "gap": "text" } for models without figures), not ${describeValue(value)}` };
      if (defs.cell && error.parentSchema === defs.cell.else?.else) return { pointer, message: `${field} is not a table cell: write a number, [min, max], a figure with its unit { "v": 5, "u": "mm" }, text, or null where there is no figure (not ${describeValue(value)})` };
      return { pointer, message: `${field} should be ${orList(types.map((t) => TYPE_WORDS[t] ?? t))}, not ${describeValue(value)}` };
    }
    case "enum": {
      const allowed = error.params.allowedValues.filter((v) => v !== null).map((v) => JSON.stringify(v));
      const empty = error.params.allowedValues.includes(null) ? " (or empty)" : "";
      return { pointer, message: `${field} should be one of ${orList(allowed)}${empty}, not ${describeValue(value)}` };
    }
    case "pattern": {
      const words = PATTERN_WORDS.find(([re]) => re.test(error.params.pattern))?.[1] ?? `text of the form ${error.params.pattern}`;
      return { pointer, message: `${field} should be ${words}, not ${describeValue(value)}` };
    }
    case "minimum":
      return { pointer, message: `${field} should be at least ${error.params.limit}, not ${value}` };
    case "minLength":
      return { pointer, message: `${field} should not be empty` };
    case "minItems":
    case "maxItems":
    case "items":
      if (defs.range && error.parentSchema === defs.range) return { pointer, message: `${field} should be a range [min, max]: exactly two numbers, not ${describeValue(value)}` };
      return { pointer, message: `${field} ${error.message}` };
    case "false schema": {
      // the third item of a range
      const list = pointer.replace(/\/\d+$/, "");
      return { pointer: list, message: `\`${fieldName(list, data)}\` should be a range [min, max]: exactly two numbers, not ${describeValue(valueAt(data, list))}` };
    }
    default:
      return { pointer, message: `${field} ${error.message}` };
  }
}

/** Words for every error of one validation, without repeats. */
export function explainAll(errors, data, schema) {
  const seen = new Set();
  const out = [];
  for (const error of errors ?? []) {
    const words = explain(error, data, schema);
    if (!words) continue;
    const key = `${words.pointer}\n${words.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(words);
  }
  return out;
}
