/**
 * The content schemas (schemas/content/*.schema.json) and the GraphQL types
 * the site reads the same files through (src/schema/*.graphql) say the same:
 * every data file passes its schema, and each schema has the fields of its
 * type, a field required exactly where the type is non-null, a list where the
 * type has a list and the JSON type of the GraphQL scalar. A field added to one
 * and not the other fails here, by its name.
 */
import fs from "fs";
import path from "path";
import Ajv2020 from "ajv/dist/2020";
import { parse, type DocumentNode, type FieldDefinitionNode, type FragmentDefinitionNode, type ObjectTypeDefinitionNode, type SelectionSetNode, type TypeNode } from "graphql";

const ROOT = path.resolve(__dirname, "..", "..");
const SCHEMA_DIR = path.join(ROOT, "schemas", "content");

type Schema = { [key: string]: unknown } & {
  $ref?: string;
  type?: string | string[];
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: boolean;
  enum?: unknown[];
};

/**
 * Every English data file as content:check lists it: data/<name>.json and data/<folder>/<name>.json, data/media/ aside.
 * The Arabic overlays (data/<path>.ar.json) are left out: they hold a part of their English file's fields, which
 * content:check compares with the English file itself (scripts/content/lib/translations.mjs).
 */
function dataFiles(): string[] {
  const files: string[] = [];
  const english = (name: string) => name.endsWith(".json") && !name.endsWith(".ar.json");
  for (const entry of fs.readdirSync(path.join(ROOT, "data"), { withFileTypes: true })) {
    if (entry.isFile() && english(entry.name)) files.push(`data/${entry.name}`);
    else if (entry.isDirectory() && entry.name !== "media") {
      for (const name of fs.readdirSync(path.join(ROOT, "data", entry.name)).filter(english)) files.push(`data/${entry.name}/${name}`);
    }
  }
  return files.sort();
}

/** data/home.json -> home, data/products/x.json -> products (its schema: <kind>.schema.json). */
const kindOf = (file: string): string => {
  const parts = file.split("/");
  return parts.length === 2 ? parts[1].replace(/\.json$/, "") : parts[1];
};

/** The GraphQL type Gatsby gives a data file: typeName() of gatsby-config.ts (data/home.json -> HomeJson, data/products/*.json -> ProductsJson). */
function typeName(file: string): string {
  const parts = file.split("/");
  const base = parts.length === 3 ? parts[1] : path.basename(file, ".json");
  const camel = base.replace(/[-_\s]+(.)/g, (_m, c: string) => c.toUpperCase());
  return `${camel.charAt(0).toUpperCase()}${camel.slice(1)}Json`;
}

const schemas = new Map<string, Schema>(
  fs
    .readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith(".schema.json"))
    .map((f) => [f.replace(/\.schema\.json$/, ""), JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, f), "utf8")) as Schema]),
);

function sdlTypes(sources: string[]): Map<string, ObjectTypeDefinitionNode> {
  const types = new Map<string, ObjectTypeDefinitionNode>();
  for (const source of sources) {
    for (const def of parse(source).definitions) if (def.kind === "ObjectTypeDefinition") types.set(def.name.value, def);
  }
  return types;
}
const SDL = fs
  .readdirSync(path.join(ROOT, "src", "schema"))
  .filter((f) => f.endsWith(".graphql"))
  .map((f) => fs.readFileSync(path.join(ROOT, "src", "schema", f), "utf8"));
const types = sdlTypes(SDL);

/** The validator content:check uses: ajv 8, 2020-12, strict, all errors, the annotation keywords registered (scripts/content/lib/schemas.mjs). */
function compile(schema: Schema) {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  ajv.addKeyword({ keyword: "x-media", metaSchema: { type: "string" } });
  ajv.addKeyword({ keyword: "x-min-width", metaSchema: { type: "integer" } });
  ajv.addKeyword({ keyword: "x-widget", metaSchema: { type: "string" } });
  ajv.addKeyword({ keyword: "x-translate", metaSchema: { type: "boolean" } });
  return ajv.compile(schema);
}

function resolve(root: Schema, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const target = schema.$ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<Schema>((node, key) => node[key] as Schema, root);
  return { ...resolve(root, target), ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== "$ref")) };
}

const jsonTypes = (schema: Schema): string[] => (schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]);

const SCALARS: Record<string, string> = { String: "string", ID: "string", Int: "integer", Float: "number", Boolean: "boolean", Date: "string" };

/**
 * Where a schema and a GraphQL type disagree, each difference in words naming
 * the field ("careers.openings.roles[].datePosted: ..."); [] when they agree.
 */
function differences(root: Schema, schema: Schema, type: ObjectTypeDefinitionNode, types: Map<string, ObjectTypeDefinitionNode>, where: string): string[] {
  const out: string[] = [];
  const s = resolve(root, schema);
  if (!jsonTypes(s).includes("object")) out.push(`${where}: GraphQL type ${type.name.value} is an object, the schema is not`);
  if (s.additionalProperties !== false) out.push(`${where}: the schema allows fields it does not name (additionalProperties is not false)`);
  const properties = s.properties ?? {};
  const fields = new Map((type.fields ?? []).map((f) => [f.name.value, f]));
  for (const name of fields.keys()) if (!(name in properties)) out.push(`${where}.${name}: a field of GraphQL type ${type.name.value}, missing from the schema`);
  for (const name of Object.keys(properties)) if (!fields.has(name)) out.push(`${where}.${name}: in the schema, not a field of GraphQL type ${type.name.value}`);
  for (const [name, field] of fields) {
    if (!(name in properties)) continue;
    const required = (s.required ?? []).includes(name);
    const nonNull = field.type.kind === "NonNullType";
    if (required !== nonNull) out.push(`${where}.${name}: ${nonNull ? "non-null in GraphQL but not required by the schema" : "nullable in GraphQL but required by the schema"}`);
    out.push(...fieldDifferences(root, properties[name], field, field.type, types, `${where}.${name}`, nonNull));
  }
  return out;
}

function fieldDifferences(root: Schema, schema: Schema, field: FieldDefinitionNode, typeNode: TypeNode, types: Map<string, ObjectTypeDefinitionNode>, where: string, nonNull: boolean): string[] {
  const inner = typeNode.kind === "NonNullType" ? typeNode.type : typeNode;
  const s = resolve(root, schema);
  const allowed = jsonTypes(s);
  const out: string[] = [];
  const named = inner.kind === "ListType" ? null : inner.name.value;
  if (named === "JSON") return out; // free JSON in GraphQL: the schema alone says its shape (the specification table's rows and cells)
  if (!nonNull && allowed.length > 0 && !allowed.includes("null")) out.push(`${where}: nullable in GraphQL, the schema refuses null`);
  if (nonNull && allowed.includes("null")) out.push(`${where}: non-null in GraphQL, the schema accepts null`);
  if (inner.kind === "ListType") {
    if (!allowed.includes("array")) return [...out, `${where}: a list in GraphQL, not an array in the schema`];
    if (!s.items) return [...out, `${where}: the schema's array does not say what its items are`];
    const itemNonNull = inner.type.kind === "NonNullType";
    return [...out, ...fieldDifferences(root, s.items, field, inner.type, types, `${where}[]`, itemNonNull)];
  }
  if (allowed.includes("array")) out.push(`${where}: an array in the schema, not a list in GraphQL`);
  const linked = field.directives?.some((d) => d.name.value === "link");
  const want = linked ? "string" : SCALARS[named as string];
  if (want) {
    if (!allowed.includes(want)) out.push(`${where}: ${linked ? "a link (by name)" : named} in GraphQL, so ${want} in the schema, not ${allowed.join(" or ") || "anything"}`);
    return out;
  }
  const objectType = types.get(named as string);
  if (!objectType) return [...out, `${where}: GraphQL type ${named} is neither a scalar nor declared in src/schema/`];
  return [...out, ...differences(root, s, objectType, types, where)];
}

/** Every TypeScript source file under src/ and gatsby-node.ts, as text. */
function sources(): string[] {
  return ["src", "gatsby-node.ts"].flatMap((p) => {
    const full = path.join(ROOT, p);
    if (fs.statSync(full).isFile()) return [fs.readFileSync(full, "utf8")];
    return (fs.readdirSync(full, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => fs.readFileSync(path.join(full, f), "utf8"));
  });
}

/**
 * The widths the site's page queries ask gatsby-plugin-image for, by the path
 * of the image field from the query's root field ("aboutJson.hero.image" ->
 * [640]), fragments followed; and the width of each fragment on its own.
 */
function imageQueryWidths(): { byPath: Map<string, number[]>; byFragment: Map<string, number[]> } {
  const documents: DocumentNode[] = [];
  for (const text of sources()) {
    for (const match of text.matchAll(/graphql`([^`]*)`/g)) {
      try {
        documents.push(parse(match[1].replace(/\$\{[^}]*\}/g, "")));
      } catch {
        /* not a whole document */
      }
    }
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const doc of documents) for (const def of doc.definitions) if (def.kind === "FragmentDefinition") fragments.set(def.name.value, def);
  const byPath = new Map<string, number[]>();
  const walk = (set: SelectionSetNode, trail: string[], record: (trail: string[], width: number) => void, seen: Set<string>) => {
    for (const sel of set.selections) {
      if (sel.kind === "FragmentSpread") {
        const fragment = fragments.get(sel.name.value);
        if (fragment && !seen.has(sel.name.value)) walk(fragment.selectionSet, trail, record, new Set([...seen, sel.name.value]));
      } else if (sel.kind === "InlineFragment") walk(sel.selectionSet, trail, record, seen);
      else if (sel.name.value === "gatsbyImageData") {
        const width = sel.arguments?.find((a) => a.name.value === "width")?.value;
        if (width?.kind === "IntValue") record(trail.slice(0, -1), Number(width.value));
      } else if (sel.selectionSet) walk(sel.selectionSet, [...trail, sel.name.value], record, seen);
    }
  };
  const add = (map: Map<string, number[]>, key: string, width: number) => map.set(key, [...(map.get(key) ?? []), width]);
  for (const doc of documents) {
    for (const def of doc.definitions) if (def.kind === "OperationDefinition") walk(def.selectionSet, [], (trail, width) => add(byPath, trail.join("."), width), new Set());
  }
  const byFragment = new Map<string, number[]>();
  for (const [name, fragment] of fragments) walk(fragment.selectionSet, [], (_trail, width) => add(byFragment, name, width), new Set([name]));
  return { byPath, byFragment };
}

describe("content schemas", () => {
  const files = dataFiles();

  it("cover every kind of data file, each with a schema, and no schema without its files", () => {
    const kinds = [...new Set(files.map(kindOf))].sort();
    expect([...schemas.keys()].sort()).toEqual(kinds);
  });

  it.each(files)("%s passes its schema", (file) => {
    const validate = compile(schemas.get(kindOf(file)) as Schema);
    validate(JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(validate.errors ?? []).toEqual([]);
  });

  it("give every field a title, for the editor's label", () => {
    const untitled: string[] = [];
    const walk = (schema: Schema, where: string) => {
      for (const [name, sub] of Object.entries(schema.properties ?? {})) {
        if (typeof sub.title !== "string" || sub.title === "") untitled.push(`${where}.${name}`);
        walk(sub, `${where}.${name}`);
        if (sub.items) walk(sub.items, `${where}.${name}[]`);
      }
    };
    for (const [kind, schema] of schemas) {
      walk(schema, kind);
      for (const [name, def] of Object.entries((schema.$defs ?? {}) as Record<string, Schema>)) walk(def, `${kind}#${name}`);
    }
    expect(untitled).toEqual([]);
  });

  const kindsWithTypes = [...new Set(files.map(kindOf))].filter((kind) => types.has(typeName(files.find((f) => kindOf(f) === kind) as string)));

  it.each(kindsWithTypes)("%s: the schema and the GraphQL type agree", (kind) => {
    const type = types.get(typeName(files.find((f) => kindOf(f) === kind) as string)) as ObjectTypeDefinitionNode;
    const schema = schemas.get(kind) as Schema;
    expect(differences(schema, schema, type, types, kind)).toEqual([]);
  });

  it("leave no GraphQL-queried data file without its type: the kinds without one are read by code directly, never queried", () => {
    const texts = sources();
    const untyped = [...new Set(files.map(kindOf))].filter((kind) => !kindsWithTypes.includes(kind));
    for (const kind of untyped) {
      const name = typeName(files.find((f) => kindOf(f) === kind) as string);
      const field = `${name.charAt(0).toLowerCase()}${name.slice(1)}`;
      expect({ kind, queried: texts.some((text) => new RegExp(`\\b(all${name}|${field})\\b`).test(text)) }).toEqual({ kind, queried: false });
    }
  });

  it("ask a company picture to be as wide as the page query that shows it (x-min-width), so content:check refuses a blurry one", () => {
    const { byPath, byFragment } = imageQueryWidths();
    const found: string[] = [];
    const wanted: string[] = [];
    const walk = (root: Schema, schema: Schema, kind: string, trail: string[]) => {
      const s = resolve(root, schema);
      if (typeof s["x-min-width"] === "number") {
        const field = `${kind}.${trail.join(".")}`;
        wanted.push(`${field}: ${s["x-min-width"]} px`);
        // A product's photos take the place of its drawn pictures: the gallery, category card and search
        // show them at the size of the drawn ones (the ProductImage fragment, src/components/product/product-images.ts).
        const type = typeName(files.find((f) => kindOf(f) === kind) as string);
        const root = `${type.charAt(0).toLowerCase()}${type.slice(1)}`;
        const widths = s["x-media"] === "products" ? byFragment.get("ProductImage") : (byPath.get(`${root}.${trail.join(".")}`) ?? byPath.get(`all${type}.nodes.${trail.join(".")}`));
        found.push(`${field}: ${widths && widths.length > 0 ? Math.max(...widths) : "no query asks its width"} px`);
      }
      for (const [name, sub] of Object.entries(s.properties ?? {})) walk(root, sub, kind, [...trail, name]);
      if (s.items) walk(root, s.items, kind, trail);
    };
    for (const [kind, schema] of schemas) walk(schema, schema, kind, []);
    expect(wanted.length).toBeGreaterThan(0);
    expect(found).toEqual(wanted);
  });

  describe("the comparison names the field that differs", () => {
    const careers = schemas.get("careers") as Schema;
    const careersType = types.get("CareersJson") as ObjectTypeDefinitionNode;
    const clone = (): Schema => JSON.parse(JSON.stringify(careers));

    it("a field added to the schema only", () => {
      const schema = clone();
      const hero = schema.properties?.hero as Schema;
      hero.properties = { ...hero.properties, subtitle: { title: "Subtitle", type: "string" } };
      expect(differences(schema, schema, careersType, types, "careers")).toEqual(["careers.hero.subtitle: in the schema, not a field of GraphQL type CareersHero"]);
    });

    it("a field added to the GraphQL type only", () => {
      const changed = sdlTypes(SDL.map((source) => source.replace("type CareersHero {", "type CareersHero {\n  subtitle: String!")));
      expect(differences(careers, careers, changed.get("CareersJson") as ObjectTypeDefinitionNode, changed, "careers")).toEqual([
        "careers.hero.subtitle: a field of GraphQL type CareersHero, missing from the schema",
      ]);
    });

    it("required against nullable, and a list against a single value", () => {
      const changed = sdlTypes(SDL.map((source) => source.replace("validThrough: String\n", "validThrough: String!\n").replace("  points: [String!]!\n", "  points: String!\n")));
      expect(differences(careers, careers, changed.get("CareersJson") as ObjectTypeDefinitionNode, changed, "careers")).toEqual(
        expect.arrayContaining([
          "careers.intro.points: an array in the schema, not a list in GraphQL",
          "careers.openings.roles[].validThrough: non-null in GraphQL but not required by the schema",
        ]),
      );
    });

    it("a scalar of another JSON type", () => {
      const schema = clone();
      const openings = schema.properties?.openings as Schema;
      const roles = openings.properties?.roles as Schema;
      (roles.items as Schema).properties = { ...(roles.items as Schema).properties, datePosted: { title: "Date posted", type: "integer" } };
      expect(differences(schema, schema, careersType, types, "careers")).toEqual(["careers.openings.roles[].datePosted: String in GraphQL, so string in the schema, not integer"]);
    });
  });
});
