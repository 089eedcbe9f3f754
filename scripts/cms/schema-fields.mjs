/**
 * The content editor's fields (Decap CMS `fields`), made from the content
 * schemas (schemas/content/*.schema.json, JSON Schema draft 2020-12), so the
 * editor shows every field of a data file, labelled and explained as the
 * schema says (`title`, `description`), and refuses what the schema refuses.
 *
 * How a schema becomes a field:
 * - object with properties: `object` (its properties as fields, in order);
 * - string: `string`, or `text` (x-widget "text"), `select` (enum),
 *   `datetime` as a day (x-widget "date"), `image` / `file` (x-media: the
 *   folder data/media/<x-media>/ for uploads, and the value stored is the bare
 *   file name: public_folder ""); pattern, minLength and maxLength become the
 *   field's pattern;
 * - number / integer: `number` (int or float, minimum and maximum);
 * - boolean: `boolean`;
 * - array: `list` of the item's field (or of the object's fields), with
 *   minItems / maxItems as min / max;
 * - `"type": [X, "null"]`: the field of X, not required (an untouched null
 *   stays null);
 * - values of several shapes, that Decap's own widgets cannot edit without
 *   changing them: the widgets of scripts/cms/widgets/ (`spec-cell` for a
 *   specification cell, `spec-row` for a table row, `content-json` for any
 *   other), which check the value against the schema itself (a validator
 *   compiled from it, `validator` on the field).
 *
 * Decap makes a field required unless told otherwise; here a field is
 * required only where the schema makes an empty value wrong (a required
 * string with minLength, a required number, a list with minItems), since
 * Decap's "required" also refuses an empty string the schema allows.
 */

/** A label from a property name when the schema has no title: "imageAlt" -> "Image alt". */
export function labelOf(name) {
  const words = String(name)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The media folders of decision 3 that hold pictures (an image widget); the others are files. */
const IMAGE_FOLDERS = new Set(["products", "logos", "pictures"]);

/** Resolves `$ref: "#/$defs/x"` (local references only) and merges the sibling keywords over the target. */
export function resolve(schema, root) {
  let node = schema;
  const seen = new Set();
  while (node && typeof node === "object" && typeof node.$ref === "string") {
    if (seen.has(node.$ref)) throw new Error(`Circular $ref ${node.$ref}`);
    seen.add(node.$ref);
    if (!node.$ref.startsWith("#/")) throw new Error(`Only local $ref are supported, got ${node.$ref}`);
    const target = node.$ref
      .slice(2)
      .split("/")
      .reduce((at, key) => at?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], root);
    if (!target) throw new Error(`$ref ${node.$ref} points nowhere`);
    const siblings = { ...node };
    delete siblings.$ref;
    node = { ...target, ...siblings };
  }
  return node;
}

/** The types a schema allows, and whether null is one of them. */
function typesOf(schema) {
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return { nullable: types.includes("null"), types: types.filter((type) => type !== "null") };
}

/** JSON Schema's pattern (unanchored) with minLength/maxLength folded in, as one regular expression for Decap. */
function stringPattern(schema) {
  const parts = [];
  const messages = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? "";
    parts.push(`(?=[\\s\\S]{${min},${max}}$)`);
    if (schema.minLength !== undefined && schema.maxLength !== undefined) messages.push(`between ${schema.minLength} and ${schema.maxLength} characters`);
    else if (schema.minLength !== undefined) messages.push(schema.minLength === 1 ? "not empty" : `at least ${schema.minLength} characters`);
    else messages.push(`at most ${schema.maxLength} characters`);
  }
  if (schema.pattern !== undefined) {
    parts.push(`[\\s\\S]*?(?:${schema.pattern})`);
    messages.push(schema["x-pattern-message"] ?? patternMessage(schema.pattern, schema.description));
  }
  if (parts.length === 0) return undefined;
  // Decap shows it as "<label> didn't match the pattern: <message>." and adds the full stop itself.
  return [`^${parts.join("")}`, `Must be ${messages.join(", and ")}`.replace("Must be not empty", "Must not be empty")];
}

/** Plain words for the patterns the schemas use; otherwise the pattern itself. */
function patternMessage(pattern, description) {
  if (pattern === "^[a-z0-9]+(-[a-z0-9]+)*$") return "lower-case letters and digits, words joined by single hyphens (torque-pump)";
  if (pattern.startsWith("^[0-9]{4}-")) return "a day written YYYY-MM-DD";
  const extensions = /^\\\.\((.*)\)\$$/.exec(pattern);
  if (extensions) return `a file name ending in ${[...new Set(extensions[1].split("|").map((ext) => `.${ext.toLowerCase()}`))].join(", ")}`;
  if (pattern === "^/") return "a path starting with /";
  return `written as the pattern ${pattern}${description ? "" : ""}`;
}

/** Whether a value in this schema is one Decap's own widgets edit as it is (one JSON type, or that type or null). */
function singleType(schema) {
  const { types } = typesOf(schema);
  return types.length === 1 && !schema.anyOf && !schema.oneOf && !schema.allOf && !schema.not && !schema.if && schema.const === undefined;
}

/** Whether a schema is a specification cell (x-widget "spec-cell"), after resolving. */
function isCell(schema, root) {
  return resolve(schema, root)?.["x-widget"] === "spec-cell";
}

/**
 * Whether a schema is a table row: one branch an array of cells, the other an
 * object of strings (the "gap" row of models without figures). The branches are
 * those of anyOf/oneOf, or the then and else of an if chosen by JSON type.
 */
function isRow(schema, root) {
  const branches = schema.anyOf ?? schema.oneOf ?? (schema.if && schema.then && schema.else ? [schema.then, schema.else] : undefined);
  if (!Array.isArray(branches) || branches.length !== 2) return false;
  const resolved = branches.map((branch) => resolve(branch, root));
  const cells = resolved.find((branch) => typesOf(branch).types[0] === "array" && branch.items && isCell(branch.items, root));
  const text = resolved.find((branch) => typesOf(branch).types[0] === "object" && branch.properties && Object.values(branch.properties).every((p) => typesOf(resolve(p, root)).types[0] === "string"));
  return Boolean(cells && text);
}

/**
 * Makes the fields of one schema. `validators` collects the sub-schemas the
 * custom widgets check values against: `register(schema)` returns the id of
 * its compiled validator.
 */
export function makeFields(rootSchema, { register: registerSchema }) {
  const root = rootSchema;
  // A sub-schema keeps its $refs: it is compiled with its file's $defs beside it.
  const register = (schema) => registerSchema(root.$defs ? { ...schema, $defs: root.$defs } : schema);

  /** The field of one property. */
  function field(name, raw, required) {
    const schema = resolve(raw, root);
    const { nullable, types } = typesOf(schema);
    const base = { name, label: schema.title ?? labelOf(name) };
    if (schema.description) base.hint = schema.description;

    // Several shapes: our own widgets, which keep any value they are given and check edits against the schema.
    if (schema["x-widget"] === "spec-cell") return { ...base, widget: "spec-cell", required: false, validator: register(schema) };
    if (isRow(schema, root)) return { ...base, widget: "spec-row", required: false, validator: register(schema) };
    if (schema["x-widget"] === "json" || !singleType(schema)) return { ...base, widget: "content-json", required: false, validator: register(schema) };

    const type = types[0];
    const optional = !required || nullable;
    if (type === "object") {
      if (!schema.properties || schema.additionalProperties !== false || schema.patternProperties) {
        return { ...base, widget: "content-json", required: false, validator: register(schema) };
      }
      return { ...base, widget: "object", collapsed: false, required: !optional, fields: objectFields(schema) };
    }
    if (type === "array") return listField(base, schema, optional);
    if (type === "boolean") return { ...base, widget: "boolean", required: false };
    if (type === "number" || type === "integer") {
      const number = { ...base, widget: "number", value_type: type === "integer" ? "int" : "float", required: !optional };
      if (schema.minimum !== undefined) number.min = schema.minimum;
      if (schema.maximum !== undefined) number.max = schema.maximum;
      if (type === "integer") number.step = 1;
      return number;
    }
    if (type === "string") return stringField(base, schema, optional);
    // A type Decap cannot edit as it is: edited as JSON, checked against the schema.
    return { ...base, widget: "content-json", required: false, validator: register(schema) };
  }

  function stringField(base, schema, optional) {
    // Decap's required refuses "": only where the schema refuses it too.
    const refusesEmpty = (schema.minLength ?? 0) > 0 || (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(""));
    const required = !optional && refusesEmpty;
    if (Array.isArray(schema.enum)) {
      return { ...base, widget: "select", options: schema.enum.map((value) => ({ label: String(value), value })), required: !optional };
    }
    if (schema["x-media"]) {
      const folder = schema["x-media"];
      const media = {
        ...base,
        widget: IMAGE_FOLDERS.has(folder) ? "image" : "file",
        media_folder: `/data/media/${folder}`,
        // The value stored is the file's name only: the build looks it up in its folder (decision 3).
        public_folder: "",
        choose_url: false,
        required,
      };
      const pattern = stringPattern(schema);
      if (pattern) media.pattern = pattern;
      if (schema["x-min-width"]) media.hint = `${base.hint ? `${base.hint} ` : ""}At least ${schema["x-min-width"]} px wide.`.trim();
      return media;
    }
    if (schema["x-widget"] === "date") {
      // A day, stored as YYYY-MM-DD (the picker's own format, no time, no time zone shift).
      return { ...base, widget: "datetime", format: "YYYY-MM-DD", date_format: "YYYY-MM-DD", time_format: false, picker_utc: true, required: !optional };
    }
    const text = { ...base, widget: schema["x-widget"] === "text" ? "text" : "string", required };
    const pattern = stringPattern(schema);
    if (pattern) text.pattern = pattern;
    return text;
  }

  function listField(base, schema, optional) {
    const list = { ...base, widget: "list", required: !optional && (schema.minItems ?? 0) > 0 };
    if (schema.minItems !== undefined) list.min = schema.minItems;
    if (schema.maxItems !== undefined) list.max = schema.maxItems;
    if (schema.prefixItems || schema.items === undefined || schema.items === false || schema.uniqueItems || schema.contains) {
      return { ...base, widget: "content-json", required: false, validator: register(schema) };
    }
    const items = resolve(schema.items, root);
    const itemTypes = typesOf(items);
    if (singleType(items) && itemTypes.types[0] === "object" && items.properties && items.additionalProperties === false && !itemTypes.nullable) {
      list.collapsed = true;
      list.fields = objectFields(items);
      const first = Object.keys(items.properties).find((key) => ["title", "name", "label", "heading", "question"].includes(key)) ?? Object.keys(items.properties).find((key) => typesOf(resolve(items.properties[key], root)).types[0] === "string");
      if (first) list.summary = `{{fields.${first}}}`;
      list.label_singular = items.title ?? labelOf(base.name);
      return list;
    }
    // One field per item: Decap stores the item's value itself (a string, a number, a cell, a row), shown open.
    list.collapsed = false;
    const item = field(base.name, items, true);
    list.field = { ...item, label: items.title ?? item.label };
    list.label_singular = list.field.label;
    return list;
  }

  function objectFields(schema) {
    const required = new Set(schema.required ?? []);
    return Object.entries(schema.properties).map(([name, property]) => field(name, property, required.has(name)));
  }

  const top = resolve(root, root);
  if (typesOf(top).types[0] !== "object" || !top.properties) throw new Error(`${root.title ?? "A schema"}: the top level must be an object with properties`);
  return objectFields(top);
}
