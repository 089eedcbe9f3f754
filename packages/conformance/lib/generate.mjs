/**
 * Requests from the contract's schemas, generically: a fast-check arbitrary of
 * the valid values of any (resolved) JSON Schema — `allOf` merged, `enum`,
 * `const`, `type`, formats (email, uri, date, date-time, uuid, binary),
 * `pattern` (fc.stringMatching), lengths, bounds, item counts, `nullable`,
 * `additionalProperties: false` — every value checked against the schema itself
 * with ajv; and, for an object body, the ways to break one rule of one field.
 *
 * A spam trap (`x-spam-trap`, see contract.mjs) is left out of valid bodies.
 *
 * A field marked `x-catalogue: <name>` (contract 1.5.0: a quotation item's
 * `product`) holds a value the server checks against the catalogue of the
 * site it serves, which the contract does not list: valid bodies take its
 * values from that catalogue, given with `useCatalogue(name, values)` before
 * any arbitrary is made (`catalogueFieldsOf` lists where a schema has such
 * fields).
 *
 * A file field (format binary) holds a marker: "file:pdf", "file:doc",
 * "file:docx" (the real documents), "file:txt" (a wrong type), "file:mismatch"
 * (a PDF named .docx); any other text is sent as a text value in its place.
 */
import fc from "fast-check";
import { validatorOf } from "./contract.mjs";

export const FILE_KINDS = ["pdf", "doc", "docx"];

const minOf = (a, b) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));
const maxOf = (a, b) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));

/** One schema with its `allOf` parts folded in (patterns collected in `patterns`). */
export function flatten(schema) {
  const out = { ...schema, patterns: schema.pattern ? [schema.pattern] : [] };
  delete out.allOf;
  for (const part of schema.allOf ?? []) {
    const flat = flatten(part);
    for (const [key, value] of Object.entries(flat)) {
      if (key === "patterns") out.patterns.push(...value);
      else if (["maxLength", "maximum", "maxItems"].includes(key)) out[key] = minOf(out[key], value);
      else if (["minLength", "minimum", "minItems"].includes(key)) out[key] = maxOf(out[key], value);
      else if (key === "required") out.required = [...new Set([...(out.required ?? []), ...value])];
      else if (key === "properties") out.properties = { ...value, ...(out.properties ?? {}) };
      else if (key === "enum" && out.enum) out.enum = out.enum.filter((v) => value.includes(v));
      else if (out[key] === undefined) out[key] = value;
    }
  }
  return out;
}

export function typeOf(flat) {
  if (flat.type) return Array.isArray(flat.type) ? flat.type[0] : flat.type;
  if (flat.properties) return "object";
  if (flat.items) return "array";
  if (flat.patterns?.length || flat.format || flat.maxLength !== undefined) return "string";
  return undefined;
}

/** The spam trap (marked by contract.mjs): a field a valid body leaves out. */
export const isSpamTrap = (schema) => flatten(schema)["x-spam-trap"] === true;

export const isFileSchema = (schema) => {
  const flat = flatten(schema);
  return typeOf(flat) === "string" && flat.format === "binary";
};

/** Removes lookahead/lookbehind groups fast-check cannot generate from (the filter checks them afterwards). */
function withoutLookarounds(pattern) {
  let out = pattern;
  const lookaround = /\(\?<?[=!](?:[^()\\]|\\[\s\S]|\((?:[^()\\]|\\[\s\S])*\))*\)/g;
  while (lookaround.test(out)) out = out.replace(lookaround, "");
  return out;
}

function fromPattern(pattern) {
  for (const candidate of [pattern, withoutLookarounds(pattern)]) {
    try {
      const arbitrary = fc.stringMatching(new RegExp(candidate, "u"));
      fc.sample(arbitrary, { numRuns: 1, seed: 1 });
      return arbitrary;
    } catch {
      // not a pattern fast-check generates from: try the next form
    }
  }
  return undefined;
}

function stringArbitrary(flat) {
  const minLength = flat.minLength ?? 0;
  const maxLength = flat.maxLength;
  switch (flat.format) {
    case "email":
      return fc.emailAddress();
    case "uri":
    case "url":
      return fc.webUrl({ validSchemes: ["http", "https"], withQueryParameters: true, withFragments: true });
    case "date":
      return fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2199-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case "date-time":
      return fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2199-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString());
    case "uuid":
      return fc.uuid();
    case "binary":
      return fc.constantFrom(...FILE_KINDS).map((kind) => `file:${kind}`);
    default:
      break;
  }
  for (const pattern of flat.patterns ?? []) {
    const arbitrary = fromPattern(pattern);
    // Half the time any text (letters of every script, emoji...): the filter keeps those the rules allow.
    if (arbitrary) return fc.oneof(arbitrary, fc.string({ unit: "grapheme", minLength: Math.max(1, minLength), maxLength: 30 }));
  }
  return fc.string({ unit: "grapheme", minLength, maxLength: maxLength === undefined ? Math.max(minLength, 40) : Math.min(maxLength, minLength + 200) });
}

const arbitraries = new WeakMap();

/** The values of each catalogue (x-catalogue), as the site under test serves them. */
const catalogues = new Map();

/** The values of the catalogue `name` (x-catalogue) valid bodies take. */
export function useCatalogue(name, values) {
  catalogues.set(name, [...new Set(values)]);
}

/** The name of the catalogue a field's value is checked against (x-catalogue), if any. */
export const catalogueOf = (schema) => {
  const name = flatten(schema)["x-catalogue"];
  return typeof name === "string" && name !== "" ? name : undefined;
};

/**
 * Where a body schema has fields checked against a catalogue: each as
 * { path, catalogue, schema }, path a list of property names with "*" for
 * every item of a list (["items", "*", "product"]).
 */
export function catalogueFieldsOf(schema, path = [], seen = new Set()) {
  if (!schema || typeof schema !== "object" || seen.has(schema)) return [];
  seen.add(schema);
  const flat = flatten(schema);
  const name = catalogueOf(schema);
  if (name && path.length > 0) return [{ path, catalogue: name, schema }];
  const found = [];
  for (const [key, value] of Object.entries(flat.properties ?? {})) found.push(...catalogueFieldsOf(value, [...path, key], seen));
  if (flat.items) found.push(...catalogueFieldsOf(flat.items, [...path, "*"], seen));
  return found;
}

/** The valid values of a field checked against a catalogue, without its catalogue: those its own rules allow. */
export function uncheckedArbitraryOf(schema) {
  const copy = { ...schema };
  delete copy["x-catalogue"];
  return arbitraryOf(copy);
}

/**
 * A copy of `body` with the value at `path` (see catalogueFieldsOf; "*" is the
 * first item of a list) replaced by `value`; undefined when the body has no
 * such place (an empty list).
 */
export function withValueAt(body, path, value) {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (head === "*") {
    if (!Array.isArray(body) || body.length === 0) return undefined;
    const first = withValueAt(body[0], rest, value);
    return first === undefined ? undefined : [first, ...body.slice(1)];
  }
  if (body === null || typeof body !== "object" || !(head in body)) return undefined;
  const inner = withValueAt(body[head], rest, value);
  return inner === undefined ? undefined : { ...body, [head]: inner };
}

/** The valid values of a schema, each checked against it. */
export function arbitraryOf(schema) {
  if (arbitraries.has(schema)) return arbitraries.get(schema);
  const flat = flatten(schema);
  let arbitrary;
  const catalogue = catalogueOf(schema);
  if (catalogue !== undefined) {
    const values = catalogues.get(catalogue) ?? [];
    if (values.length === 0) throw new Error(`no value of the catalogue "${catalogue}" is known (x-catalogue): useCatalogue() first`);
    arbitrary = fc.constantFrom(...values);
  } else if (flat.const !== undefined) arbitrary = fc.constant(flat.const);
  else if (flat.enum) arbitrary = fc.constantFrom(...flat.enum);
  else {
    switch (typeOf(flat)) {
      case "string":
        arbitrary = stringArbitrary(flat);
        break;
      case "integer":
        arbitrary = fc.integer({ min: Math.ceil(flat.minimum ?? -1e6), max: Math.floor(flat.maximum ?? 1e6) });
        break;
      case "number": {
        const min = flat.minimum ?? -1e6;
        const max = flat.maximum ?? 1e6;
        arbitrary = fc.oneof(
          fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
          fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((n) => n / 100),
        );
        break;
      }
      case "boolean":
        arbitrary = fc.boolean();
        break;
      case "array": {
        const item = flat.items ? arbitraryOf(flat.items) : fc.string();
        const constraints = { minLength: flat.minItems ?? 0, maxLength: flat.maxItems ?? Math.max(flat.minItems ?? 0, 5) };
        arbitrary = flat.uniqueItems ? fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) }) : fc.array(item, constraints);
        break;
      }
      case "object": {
        // The spam trap is left out, as a person leaves it (unless a contract made it required).
        const properties = Object.fromEntries(Object.entries(flat.properties ?? {}).filter(([key, value]) => !isSpamTrap(value) || (flat.required ?? []).includes(key)));
        arbitrary = fc.record(
          Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, arbitraryOf(value)])),
          { requiredKeys: (flat.required ?? []).filter((key) => key in properties) },
        );
        break;
      }
      default:
        arbitrary = fc.oneof(fc.string(), fc.integer(), fc.boolean());
    }
  }
  if (flat.nullable) arbitrary = fc.option(arbitrary, { nil: null, freq: 5 });
  const validate = validatorOf(schema);
  arbitrary = arbitrary.filter((value) => validate(value));
  arbitraries.set(schema, arbitrary);
  return arbitrary;
}

/** Texts that break the usual text rules (control, bidirectional and invisible characters, blanks, "=?"). */
const NASTY_TEXTS = [
  "line one\nline two",
  "tab\there",
  "nul\u0000byte",
  "bell\u0007",
  "   ",
  "",
  "\u202Eevil",
  "zero\u200Bwidth",
  "soft\u00ADhyphen",
  "=?utf-8?B?SGk=?=",
  "abc",
  "12345",
  "not a value of this rule",
  "javascript:alert(1)",
  "ftp://example.com/file",
  "http://user@example.com/",
];

/** An e-mail address of exactly `length` characters (labels of at most 60 characters). */
function emailOfLength(length) {
  const local = "a".repeat(Math.min(60, Math.max(1, length - 10)));
  let domain = "";
  const rest = length - local.length - 1 - 4; // "@" and ".com"
  while (domain.length < rest) {
    const label = "b".repeat(Math.min(60, rest - domain.length - (domain ? 1 : 0)));
    if (!label) break;
    domain += (domain ? "." : "") + label;
  }
  return `${local}@${domain}.com`;
}

/**
 * The ways to break one rule of one field of an object body, each:
 * { field, rule, values, apply(body, value) → body }: the values that break
 * the rule (a file-field value is a marker, see above).
 * Each candidate value is kept only when the schema (through ajv) says the
 * body breaks a rule of that field and of no other field.
 */
export function breakingsOf(schema, sample, { multipart }) {
  const flat = flatten(schema);
  const properties = flat.properties ?? {};
  const required = new Set(flat.required ?? []);
  const validate = validatorOf(schema);
  const list = [];

  const onlyThisField = (field, value, keyword) => {
    const body = { ...sample, [field]: value };
    if (validate(body)) return false;
    const errors = validate.errors ?? [];
    const atField = (e) => e.instancePath === `/${field}` || e.instancePath.startsWith(`/${field}/`);
    if (!errors.every(atField)) return false;
    return keyword ? errors.some((e) => e.keyword === keyword) : true;
  };
  // In a multipart body an empty text field counts as absent: never a way to break a rule there.
  const sendable = (value) => !(multipart && value === "");
  /** Every candidate that breaks that rule (keyword) of the field and nothing else; else those that break some rule of the field only. */
  const pick = (field, keyword, candidates) => {
    const usable = candidates.filter(sendable);
    const exact = usable.filter((value) => onlyThisField(field, value, keyword));
    return exact.length > 0 ? exact : usable.filter((value) => onlyThisField(field, value)).slice(0, 1);
  };
  const add = (field, rule, values) => {
    const list1 = Array.isArray(values) ? values : [values];
    if (list1.length === 0) return;
    list.push({ field, rule, values: list1, apply: (body, value) => ({ ...body, [field]: value }) });
  };

  for (const [field, propertySchema] of Object.entries(properties)) {
    const p = flatten(propertySchema);
    const type = typeOf(p);
    if (required.has(field)) {
      list.push({
        field,
        rule: "required",
        values: [undefined],
        apply: (body) => {
          const copy = { ...body };
          delete copy[field];
          return copy;
        },
      });
    }
    if (type === "string" && p.format === "binary") {
      if (multipart) {
        add(field, "a text value in place of a file", "a text value, not a file");
        add(field, "a file of a type not accepted", "file:txt");
        add(field, "a file named .docx holding a PDF", "file:mismatch");
      }
      continue;
    }
    if (p.enum) add(field, "enum", pick(field, "enum", ["not-one-of-the-values", ...NASTY_TEXTS, 999999, -1]));
    if (type === "string") {
      if (!multipart) add(field, "type", pick(field, "type", [12345, true, ["text"], { text: "x" }]));
      if (p.maxLength !== undefined) {
        const n = p.maxLength + 1;
        add(field, "maxLength", pick(field, "maxLength", [emailOfLength(n), `https://example.com/${"a".repeat(Math.max(0, n - 20))}`, "a".repeat(n), "1".repeat(n)]));
      }
      if (p.minLength) add(field, "minLength", pick(field, "minLength", ["a".repeat(p.minLength - 1)]));
      if (p.format && p.format !== "binary") {
        add(field, `format ${p.format}`, pick(field, "format", ["not-an-address", "a@", "@example.com", "two words@example.com", "/relative/path", "2020-13-45", "yesterday"]));
      }
      for (const pattern of p.patterns ?? []) {
        const re = new RegExp(pattern, "u");
        const generated = fc.sample(fc.string({ unit: "binary", maxLength: 30 }), { numRuns: 60, seed: 7 });
        if (!list.some((b) => b.field === field && b.rule === "pattern")) add(field, "pattern", pick(field, "pattern", [...new Set([...NASTY_TEXTS, ...generated])].filter((s) => !re.test(s))));
      }
    }
    if (type === "integer" || type === "number") {
      add(field, "type", pick(field, "type", multipart ? ["not a number", "12abc"] : ["12", "not a number", true, null]));
      if (p.minimum !== undefined) add(field, "minimum", pick(field, "minimum", [p.minimum - 1, p.minimum - 0.5]));
      if (p.maximum !== undefined) add(field, "maximum", pick(field, "maximum", [p.maximum + 1, p.maximum + 0.5]));
      if (type === "integer") add(field, "integer", pick(field, "type", [(p.minimum ?? 0) + 0.5]));
    }
    if (type === "array") {
      const items = p.items ? flatten(p.items) : {};
      const options = items.enum ?? ["a", "b", "c", "d", "e", "f", "g", "h"];
      add(field, "type", pick(field, "type", multipart ? ["not a list"] : ["not a list", 5, { a: 1 }]));
      if (p.minItems) add(field, "minItems", pick(field, "minItems", [options.slice(0, p.minItems - 1)]));
      if (p.maxItems !== undefined) {
        const many = Array.from({ length: p.maxItems + 1 }, (_, i) => options[i % options.length]);
        add(field, "maxItems", pick(field, "maxItems", [many]));
      }
      if (p.uniqueItems) add(field, "uniqueItems", pick(field, "uniqueItems", [[options[0], options[0]]]));
      if (items.enum) add(field, "items enum", pick(field, "enum", [["not-one-of-the-values"]]));
    }
    if (type === "boolean") add(field, "type", pick(field, "type", multipart ? ["maybe"] : ["true", 1]));
  }
  if (flat.additionalProperties === false) {
    let unknown = "unknownField";
    while (unknown in properties) unknown += "X";
    add(unknown, "an unknown field", ["x", 1, true]);
  }
  return list;
}
