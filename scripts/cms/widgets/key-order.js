/**
 * Writes a data file's keys in the order of its schema's `properties`
 * (recursively, through $ref, items, prefixItems, anyOf/oneOf), keys the
 * schema does not name after them in the order they came. The editor needs
 * it: Decap keeps an entry in Immutable.js maps, which lose the order of an
 * object's keys once it has more than eight, so a file saved without a change
 * would come back with its keys shuffled. The data files are written in this
 * order (tests/content/cms-round-trip.test.ts proves a save leaves them as
 * they are).
 */

function resolve(schema, root) {
  let node = schema;
  for (let depth = 0; node && typeof node === "object" && typeof node.$ref === "string" && depth < 32; depth++) {
    const target = node.$ref
      .slice(2)
      .split("/")
      .reduce((at, key) => (at ? at[key.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined), root);
    const siblings = { ...node };
    delete siblings.$ref;
    node = { ...(target || {}), ...siblings };
  }
  return node || {};
}

/** The branch of anyOf/oneOf a value takes, as far as ordering keys goes: the first of its JSON type. */
function branchFor(value, schema, root) {
  const branches = schema.anyOf || schema.oneOf;
  if (!Array.isArray(branches)) return schema;
  const kind = value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" ? "number" : typeof value;
  for (const raw of branches) {
    const branch = resolve(raw, root);
    const types = branch.type === undefined ? [] : [].concat(branch.type);
    if (types.includes(kind) || (kind === "number" && types.includes("integer")) || (kind === "object" && branch.properties) || (kind === "array" && (branch.items || branch.prefixItems))) return branch;
  }
  return schema;
}

/** `value` with its objects' keys in `schema`'s order (`root` holds the $defs). */
export function inSchemaOrder(value, schema, root = schema) {
  if (value === null || typeof value !== "object") return value;
  const node = branchFor(value, resolve(schema, root), root);
  if (Array.isArray(value)) {
    return value.map((item, index) => {
      const itemSchema = node.prefixItems && index < node.prefixItems.length ? node.prefixItems[index] : node.items && typeof node.items === "object" ? node.items : {};
      return inSchemaOrder(item, itemSchema, root);
    });
  }
  const properties = node.properties || {};
  const out = {};
  for (const key of Object.keys(properties)) if (Object.prototype.hasOwnProperty.call(value, key)) out[key] = inSchemaOrder(value[key], properties[key], root);
  for (const key of Object.keys(value)) if (!(key in out)) out[key] = inSchemaOrder(value[key], typeof node.additionalProperties === "object" ? node.additionalProperties : {}, root);
  return out;
}

/** The schema (of `schemas`) a single data file's top-level keys belong to: all its keys named by the schema's properties, all the schema's required keys present. */
export function schemaOfData(data, schemas) {
  const keys = Object.keys(data || {});
  const fits = schemas.filter((schema) => {
    const properties = schema.properties || {};
    return keys.every((key) => key in properties) && (schema.required || []).every((key) => keys.includes(key));
  });
  return fits.length === 1 ? fits[0] : undefined;
}

/** A data file's text in the editor's layout: two spaces, keys in schema order, a final newline. */
export function dataFileText(data, schema) {
  return `${JSON.stringify(schema ? inSchemaOrder(data, schema) : data, null, 2)}\n`;
}

/**
 * The schema (of `schemas`, the Arabic overlays' derived schemas) an overlay's
 * top-level keys belong to: of those naming all its keys, the one with the
 * fewest properties; undefined when two tie (the keys keep their order).
 */
export function schemaOfOverlay(data, schemas) {
  const keys = Object.keys(data || {});
  const fits = schemas.filter((schema) => keys.every((key) => key in (schema.properties || {})));
  const size = (schema) => Object.keys(schema.properties || {}).length;
  const best = Math.min(...fits.map(size));
  const tightest = fits.filter((schema) => size(schema) === best);
  return tightest.length === 1 ? tightest[0] : undefined;
}
