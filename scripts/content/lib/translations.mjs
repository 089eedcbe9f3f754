/**
 * What an Arabic overlay (data/<path>.ar.json, src/shared/i18n/overlay.cjs)
 * must hold, worked out from the English file's schema and the English file:
 *
 * - a translatable string is a string whose schema has none of `enum`,
 *   `const`, `format`, `pattern`, `x-media`, `x-translate: false` (a
 *   `x-translate: false` on an object or a list leaves out all it holds; on
 *   the top of a schema, the whole file: no overlay, e.g. the API reference);
 * - objects keep the keys that lead to a translatable string (where the
 *   English value is present and not null), lists keep the English length and
 *   order (an item with nothing translatable is `{}`, or null for a value);
 * - a specification cell (`x-widget: spec-cell`) may be null ("as in
 *   English": figures, models, units); a cell of text gets its text, and a
 *   figure with words before it ({ v, u, pre: "up to" }) may get { pre }.
 *
 * skeleton() writes the overlay to start from (the English strings in place),
 * overlayProblems() says how an overlay differs from what it must hold, and
 * overlaySchema() derives the overlay's JSON Schema (for the content editor).
 * JSON Schema alone cannot say "as long as the English list": overlayProblems
 * checks against the English file itself.
 */
import { createRequire } from "node:module";
import { describeValue } from "./messages.mjs";
import { escape, fieldName, resolveRef } from "./schemas.mjs";

const require = createRequire(import.meta.url);
/** @type {typeof import("../../../src/shared/i18n/overlay.cjs")} */
const { hasArabicLetter } = require("../../../src/shared/i18n/overlay.cjs");

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const typesOf = (s) => [].concat(s?.type ?? []);

/**
 * Whether a text has words to translate, outside its {placeholders}: a word of
 * letters only with a lower-case letter ("Pressure", "or"), or of five capitals
 * or more ("NOTICE"), that is not a unit. Figures, units and codes alone
 * ("10,000 psi", "1/2 in – 2 in", "ATPP4", "220V/50Hz", "PDF", "±") need no Arabic.
 */
export function hasWords(text) {
  const words = String(text).replace(/\{[^{}]*\}/g, " ").split(/[^\p{L}\p{N}]+/u);
  return words.some((w) => /^\p{L}+$/u.test(w) && !UNITS.has(w) && (/\p{Ll}/u.test(w) || w.length >= 5));
}

/** Units as the specifications write them: they stay in Latin letters in Arabic too. */
const UNITS = new Set(
  "psi bar mbar kPa MPa Pa mm cm m km in inch inches ft lb lbs kg g t N kN Nm daNm kW W hp V kV A mA Hz rpm min h s sec l L ml mL gpm gal cSt cP".split(" "),
);

/** Whether a (resolved) schema node is a translatable string. */
export function isTranslatableString(s) {
  if (!s || typeof s !== "object" || s["x-translate"] === false) return false;
  const types = typesOf(s);
  if (types.length > 0 && !types.includes("string")) return false;
  return !("enum" in s || "const" in s || "format" in s || "pattern" in s || "x-media" in s);
}

const isCell = (s) => s?.["x-widget"] === "spec-cell";

/** Whether the JSON type of a value is one the (type-only) `if` of a schema names. */
function matchesIf(cond, value) {
  const keys = Object.keys(cond ?? {}).filter((k) => k !== "title" && k !== "description");
  if (keys.some((k) => k !== "type")) throw new Error(`translations: only an \`if\` on the JSON type is understood, not ${JSON.stringify(cond)}`);
  return typesOf(cond).some((t) => {
    if (t === "array") return Array.isArray(value);
    if (t === "object") return isObject(value);
    if (t === "null") return value === null;
    if (t === "integer") return Number.isInteger(value);
    return typeof value === t;
  });
}

/** Whether anything under a schema node is translatable. */
export function translatesAnything(root, schema = root, seen = new Set()) {
  const s = resolveRef(root, schema);
  if (!s || typeof s !== "object" || s["x-translate"] === false) return false;
  if (isCell(s)) return true;
  if (seen.has(s)) return false;
  seen.add(s);
  const types = typesOf(s);
  if (types.includes("string") && isTranslatableString(s)) return true;
  if (s.then && translatesAnything(root, s.then, seen)) return true;
  if (s.else && translatesAnything(root, s.else, seen)) return true;
  if (s.properties && Object.values(s.properties).some((p) => translatesAnything(root, p, seen))) return true;
  if (s.items && typeof s.items === "object" && translatesAnything(root, s.items, seen)) return true;
  return false;
}

/**
 * The shape an overlay must have for one English value: { kind: "text", english }, { kind: "cell", english, inner },
 * { kind: "object", keys: Map }, { kind: "list", items: [] } or NONE (nothing to translate: the overlay leaves it out).
 */
const NONE = { kind: "none" };
function shapeOf(root, schema, value, inCell = false) {
  const s = resolveRef(root, schema);
  if (!s || typeof s !== "object" || s["x-translate"] === false) return NONE;
  if (isCell(s) && !inCell) return { kind: "cell", english: value, inner: shapeOf(root, s, value, true) };
  if (s.if) {
    const branch = matchesIf(s.if, value) ? s.then : s.else;
    return branch ? shapeOf(root, branch, value, inCell) : NONE;
  }
  if (typeof value === "string") return isTranslatableString(s) ? { kind: "text", english: value } : NONE;
  if (Array.isArray(value)) {
    if (!s.items || typeof s.items !== "object" || !translatesAnything(root, s.items)) return NONE;
    return { kind: "list", items: value.map((item) => shapeOf(root, s.items, item, inCell)) };
  }
  if (isObject(value) && s.properties) {
    if (!translatesAnything(root, s)) return NONE;
    const keys = new Map();
    for (const [key, sub] of Object.entries(s.properties)) {
      if (!(key in value) || value[key] === null) continue;
      const shape = shapeOf(root, sub, value[key], inCell);
      if (shape !== NONE) keys.set(key, shape);
    }
    return { kind: "object", keys };
  }
  return NONE;
}

/** Whether a shape holds a text with letters. */
function wordy(shape) {
  if (shape.kind === "text") return hasWords(shape.english);
  if (shape.kind === "cell") return wordy(shape.inner);
  if (shape.kind === "object") return [...shape.keys.values()].some(wordy);
  if (shape.kind === "list") return shape.items.some(wordy);
  return false;
}

/** The overlay of a shape with the English strings in place (cells without words null). */
function fill(shape) {
  switch (shape.kind) {
    case "text":
      return shape.english;
    case "cell":
      return wordy(shape.inner) ? fill(shape.inner) : null;
    case "object":
      return Object.fromEntries([...shape.keys].map(([key, sub]) => [key, fill(sub)]));
    case "list":
      return shape.items.map((item) => (item === NONE ? null : fill(item)));
    default:
      return undefined;
  }
}

/** Whether a schema (its top) asks for an overlay at all: the API reference (`x-translate: false` on top) does not. */
export const needsOverlay = (schema) => translatesAnything(schema);

/**
 * The overlay to start from for an English document: every translatable
 * string at its path, in English; specification cells without words null.
 * undefined when the schema asks for no overlay.
 */
export function skeleton(schema, english) {
  if (!needsOverlay(schema)) return undefined;
  const shape = shapeOf(schema, schema, english);
  return shape === NONE ? {} : fill(shape);
}

/** How many texts a shape holds, for "its 12 texts". */
function countTexts(shape) {
  if (shape.kind === "text") return 1;
  if (shape.kind === "cell") return wordy(shape.inner) ? 1 : 0;
  if (shape.kind === "object") return [...shape.keys.values()].reduce((n, s) => n + countTexts(s), 0);
  if (shape.kind === "list") return shape.items.reduce((n, s) => n + countTexts(s), 0);
  return 0;
}

const quote = (text) => JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * How an overlay differs from what it must hold for its English document:
 * [{ pointer, message }], the pointer into the overlay. Missing and extra keys,
 * lists of another length, values of the wrong kind, and texts with no Arabic
 * letter where the English has words (hasWords) (specification cells aside: a model
 * number or a unit may stay as it is).
 */
export function overlayProblems(schema, english, overlay) {
  const problems = [];
  const name = (pointer) => fieldName(pointer, english) || "the file";
  const say = (pointer, message) => problems.push({ pointer, message });

  const walk = (shape, value, pointer, inCell) => {
    switch (shape.kind) {
      case "text": {
        if (value === undefined || value === null || (value === "" && shape.english !== "")) {
          if (!inCell || value === undefined) say(pointer, `the Arabic of ${quote(shape.english)} is missing`);
          return;
        }
        if (typeof value !== "string") return say(pointer, `\`${name(pointer)}\` should be text (the Arabic of ${quote(shape.english)}), not ${describeValue(value)}`);
        if (!inCell && hasWords(shape.english) && !hasArabicLetter(value)) say(pointer, `the Arabic of ${quote(shape.english)} is missing: ${value === shape.english ? "the English is left in place" : `${quote(value)} has no Arabic letter`}`);
        return;
      }
      case "cell": {
        if (value === null || value === undefined) return; // as in English
        if (shape.inner === NONE) return say(pointer, `\`${name(pointer)}\` should be empty (null): the English cell is ${describeValue(shape.english)}, shown as it is`);
        return walk(shape.inner, value, pointer, true);
      }
      case "object": {
        if (value === undefined) {
          const n = countTexts(shape);
          return say(pointer, n === 0 ? `\`${name(pointer)}\` is missing: write {} (nothing in it is translated)` : `the Arabic of \`${name(pointer)}\` is missing (${plural(n, "text")})`);
        }
        if (!isObject(value)) return say(pointer, `\`${name(pointer)}\` should be a group of fields, as in the English, not ${describeValue(value)}`);
        for (const [key, sub] of shape.keys) walk(sub, value[key], `${pointer}/${escape(key)}`, inCell);
        for (const key of Object.keys(value)) {
          if (shape.keys.has(key)) continue;
          const at = `${pointer}/${escape(key)}`;
          const englishHas = (() => {
            let node = english;
            for (const seg of at.slice(1).split("/")) node = node != null && typeof node === "object" ? node[seg.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
            return node !== undefined && node !== null;
          })();
          if ((value[key] === null || value[key] === "") && !englishHas) continue; // nothing (as the editor leaves an emptied field): as in English
          say(at, englishHas ? `\`${name(at) === "the file" ? key : name(at)}\` is not translated (the same in both languages): remove it from the Arabic` : `\`${key}\` is not in the English file: remove it from the Arabic`);
        }
        return;
      }
      case "list": {
        if (value === undefined) {
          const n = countTexts(shape);
          return say(pointer, n === 0 ? `\`${name(pointer)}\` is missing: write a list of ${plural(shape.items.length, "item")}, as in the English` : `the Arabic of \`${name(pointer)}\` is missing (${plural(n, "text")})`);
        }
        if (!Array.isArray(value)) return say(pointer, `\`${name(pointer)}\` should be a list of ${plural(shape.items.length, "item")}, as in the English, not ${describeValue(value)}`);
        if (value.length !== shape.items.length) say(pointer, `\`${name(pointer)}\` has ${plural(value.length, "item")}; the English has ${shape.items.length}: one Arabic item per English item, in the same order`);
        shape.items.forEach((item, i) => {
          if (i >= value.length) return;
          if (item === NONE) {
            if (value[i] !== null && !(isObject(value[i]) && Object.keys(value[i]).length === 0)) say(`${pointer}/${i}`, `\`${name(`${pointer}/${i}`)}\` has nothing to translate: write null`);
            return;
          }
          walk(item, value[i], `${pointer}/${i}`, inCell);
        });
        return;
      }
      default:
    }
  };

  if (!needsOverlay(schema)) return [{ pointer: "", message: "this file stays in English: it has no Arabic overlay (remove this file)" }];
  const shape = shapeOf(schema, schema, english);
  walk(shape === NONE ? { kind: "object", keys: new Map() } : shape, overlay, "", false);
  return problems;
}

/**
 * The JSON Schema of an overlay, derived from the English file's: the same
 * structure with only the translatable strings (titles and descriptions kept,
 * `required` the English required keys that are kept), specification cells
 * text or null (or { pre } for a figure's words), lists of the same items.
 * null when the schema asks for no overlay. Lengths and "present where the
 * English is" are checked by overlayProblems, not by this schema.
 */
export function overlaySchema(root) {
  if (!needsOverlay(root)) return null;
  const meta = (s) => Object.fromEntries(["title", "description"].filter((k) => s[k] !== undefined).map((k) => [k, s[k]]));
  const derive = (schema, inCell = false) => {
    const s = resolveRef(root, schema);
    if (!s || typeof s !== "object" || s["x-translate"] === false) return null;
    if (isCell(s) && !inCell) {
      return {
        ...meta(s),
        description: "The Arabic of a cell of words, with its figures kept; empty (null) shows the English cell as it is (figures, models, units).",
        "x-widget": "spec-cell",
        type: ["string", "object", "null"],
        additionalProperties: false,
        properties: { pre: { title: "Words before the figure", type: "string" } },
      };
    }
    if (s.if) {
      const then = s.then ? derive(s.then, inCell) : null;
      const otherwise = s.else ? derive(s.else, inCell) : null;
      if (!then && !otherwise) return null;
      return { ...meta(s), if: s.if, then: then ?? { type: "null" }, else: otherwise ?? { type: "null" } };
    }
    const types = typesOf(s);
    const nullable = types.includes("null");
    if (types.includes("object") && s.properties) {
      const properties = {};
      for (const [key, sub] of Object.entries(s.properties)) {
        const d = derive(sub, inCell);
        if (d) properties[key] = d;
      }
      if (Object.keys(properties).length === 0) return null;
      return { ...meta(s), type: nullable ? ["object", "null"] : "object", additionalProperties: false, required: (s.required ?? []).filter((k) => k in properties), properties };
    }
    if (types.includes("array") && s.items && typeof s.items === "object") {
      const items = derive(s.items, inCell);
      if (!items) return null;
      return { ...meta(s), type: nullable ? ["array", "null"] : "array", items };
    }
    if (isTranslatableString(s) && (types.length === 0 || types.includes("string"))) {
      const out = { ...meta(s), type: nullable ? ["string", "null"] : "string" };
      if (s["x-widget"] === "text") out["x-widget"] = "text";
      return out;
    }
    return null;
  };
  const top = derive(root);
  const title = root.title ? `${root.title} (Arabic)` : "Arabic";
  return { $schema: root.$schema, ...top, title, type: "object" };
}
