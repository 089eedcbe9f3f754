/**
 * The content editor's configuration made from the content schemas (scripts/cms/), and its page's
 * policy (server/site/admin-policy.ts): every data file has its entry, the schemas' rules become
 * the fields' rules, media fields store a bare file name in their folder, and the policy names only
 * the origins the page gives.
 */
import { spawnSync } from "child_process";
import fs from "fs";
import path from "path";
import { adminContentSecurityPolicy, isAdminPath } from "../../../server/site/admin-policy";
import { pagePolicy } from "../../../server/site/csp";

const ROOT = path.resolve(__dirname, "../../..");

/** Runs a bit of the (ES module) generator in a child Node and returns its JSON output. */
function generator<T>(code: string): T {
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", code], { cwd: ROOT, encoding: "utf8" });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as T;
}

type Field = { name: string; widget: string; required?: boolean; pattern?: [string, string]; fields?: Field[]; field?: Field; media_folder?: string; public_folder?: string; options?: { value: string }[]; min?: number; validator?: string; value_type?: string };
type Collection = { name: string; folder?: string; files?: { name: string; file: string; fields: Field[] }[]; fields?: Field[]; format: string; identifier_field?: string; slug?: string; extension?: string; filter?: { field: string; value: unknown } };

describe("the editor's configuration", () => {
  const config = generator<{ collections: Collection[]; backend: { name: string }; media_folder: string; public_folder: string }>(`
    import { adminConfig, backendFromEnv } from "./scripts/cms/admin-config.mjs";
    let n = 0;
    console.log(JSON.stringify(adminConfig(process.cwd(), { backend: backendFromEnv({}), siteUrl: "https://www.example.com", register: () => "v" + n++ })));
  `);
  const byName = (name: string) => config.collections.find((collection) => collection.name === name)!;
  const find = (fields: Field[], ...names: string[]): Field => {
    let field: Field | undefined;
    let list = fields;
    for (const name of names) {
      field = list.find((f) => f.name === name);
      if (!field) throw new Error(`no field ${names.join(".")}`);
      list = field.fields ?? (field.field ? [field.field] : []);
    }
    return field!;
  };

  it("has an entry for every data file: the single files, and a folder collection per folder, named by file", () => {
    const singles = fs
      .readdirSync(path.join(ROOT, "data"))
      .filter((file) => file.endsWith(".json") && !file.endsWith(".ar.json"))
      .map((file) => `data/${file}`)
      .sort();
    expect(byName("pages").files!.map((file) => file.file).sort()).toEqual(singles);
    for (const folder of ["products", "categories", "forms"]) {
      const collection = byName(folder);
      expect(collection).toMatchObject({ folder: `data/${folder}`, extension: "json", format: `json-${folder}`, filter: { field: "__english", value: true } });
      expect(collection.slug).toBe(`{{${collection.identifier_field}}}`);
    }
    // The Arabic twins: one Arabic file per single file but the API reference, and the *.ar.json files of each folder.
    expect(byName("pages-ar").files!.map((file) => file.file).sort()).toEqual(singles.filter((file) => file !== "data/api-reference.json").map((file) => file.replace(/\.json$/, ".ar.json")));
    for (const folder of ["products", "categories", "forms"]) {
      expect(byName(`${folder}-ar`)).toMatchObject({ folder: `data/${folder}`, extension: "ar.json", format: `json-${folder}-ar`, create: false, delete: false });
    }
    // An Arabic product's fields: only the texts (no address, no model codes, no pictures), a table cell text or null.
    const arabicProduct = byName("products-ar").fields!;
    expect(arabicProduct.map((field) => field.name)).toEqual(["name", "shortDescription", "meta", "tabs"]);
    expect(find(arabicProduct, "tabs").fields!.map((field) => field.name)).toEqual(["label", "intro", "items", "tables", "notes", "documents", "tools"]);
    expect(find(arabicProduct, "tabs", "tables", "rows").field).toMatchObject({ widget: "spec-row" });
    expect(config.backend.name).toBe("proxy");
  });

  it("turns the schemas' rules into the fields' rules", () => {
    const products = byName("products").fields!;
    const slug = find(products, "slug");
    expect(slug.required).toBe(true);
    expect(new RegExp(slug.pattern![0]).test("torque-pump")).toBe(true);
    expect(new RegExp(slug.pattern![0]).test("Torque Pump")).toBe(false);
    expect(find(products, "tabs", "kind")).toMatchObject({ widget: "select", required: true });
    expect(find(products, "tabs", "kind").options!.map((option) => option.value)).toContain("specifications");
    expect(find(products, "imageIds").field).toMatchObject({ widget: "number", value_type: "int", min: 1 });
    // The specification table: rows of the project's own widgets, each checked by a validator compiled from the schema.
    const rows = find(products, "tabs", "tables", "rows");
    expect(rows.widget).toBe("list");
    expect(rows.field).toMatchObject({ widget: "spec-row" });
    expect(rows.field!.validator).toMatch(/^v\d+$/);
    expect(find(products, "tabs", "tools", "length")).toMatchObject({ widget: "spec-cell" });
  });

  it("stores a media field's bare file name, uploaded into its data/media/ folder", () => {
    const photo = find(byName("products").fields!, "photos").field!;
    expect(photo).toMatchObject({ widget: "image", media_folder: "/data/media/products", public_folder: "" });
    const careers = byName("pages").files!.find((file) => file.name === "careers")!;
    expect(find(careers.fields, "intro", "image")).toMatchObject({ widget: "image", media_folder: "/data/media/pictures", public_folder: "" });
    const documents = byName("pages").files!.find((file) => file.name === "documents")!;
    expect(find(documents.fields, "certificates", "file")).toMatchObject({ widget: "file", media_folder: "/data/media/documents" });
  });

  it("refuses a git host without its repository, and names the backend's origins for the page's policy", () => {
    const result = generator<{ error?: string; origins?: string[] }>(`
      import { backendFromEnv, backendOrigins } from "./scripts/cms/admin-config.mjs";
      let error;
      try { backendFromEnv({ CMS_BACKEND: "github" }); } catch (e) { error = e.message; }
      const origins = backendOrigins(backendFromEnv({ CMS_BACKEND: "gitlab", CMS_REPO: "company/site", CMS_APP_ID: "abc", CMS_BASE_URL: "https://gitlab.example.com", CMS_API_ROOT: "https://gitlab.example.com/api/v4" }));
      console.log(JSON.stringify({ error, origins }));
    `);
    expect(result.error).toMatch(/CMS_REPO/);
    expect(result.origins).toEqual(["https://gitlab.example.com"]);
  });
});

describe("the editor's page policy", () => {
  it("names the origins of its meta tags only, never anything else written there", () => {
    const html = '<meta name="cms-connect-src" content="https://api.github.com \'unsafe-inline\' javascript:alert(1) http://127.0.0.1:8081">\n<meta name="cms-frame-src" content="http://127.0.0.1:8000">';
    const policy = adminContentSecurityPolicy(html);
    expect(policy).toContain("connect-src 'self' blob: https://api.github.com http://127.0.0.1:8081;");
    expect(policy).toContain("frame-src http://127.0.0.1:8000;");
    expect(policy).not.toContain("javascript:");
    expect(policy.match(/'unsafe-inline'/g)).toHaveLength(1); // styles only
  });

  it("is chosen by the page's path: the editor's under /admin, the site's elsewhere", () => {
    expect(isAdminPath("/admin")).toBe(true);
    expect(isAdminPath("/admin/index.html")).toBe(true);
    expect(isAdminPath("/administration")).toBe(false);
    expect(pagePolicy("/admin/index.html", "<script>x()</script>")).toContain("'unsafe-eval'");
    expect(pagePolicy("/index.html", "<script>x()</script>")).not.toContain("'unsafe-eval'");
  });
});
