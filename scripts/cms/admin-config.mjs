/**
 * The content editor's configuration (Decap CMS config.yml), made from the
 * content schemas (schemas/content/) and the environment:
 *
 * - one "files" collection, "Pages and settings", with every single data file
 *   data/<name>.json that has schemas/content/<name>.schema.json;
 * - one "folder" collection per folder of data files (data/products,
 *   data/categories, data/forms), each entry a JSON file named after its
 *   address (the file name is the entry's slug);
 * - their Arabic twins (docs/content.md, "Arabic"): "Arabic: pages and
 *   settings" with the overlay data/<name>.ar.json of each single file, and
 *   one folder collection per folder (products-ar...) listing its *.ar.json;
 *   each with the fields of the overlay's schema (derived from the English
 *   one, scripts/content/lib/translations.mjs): the Arabic texts only. The
 *   English folder collections leave the *.ar.json files out (their format
 *   marks an English entry: widgets/index.js);
 * - the backend from CMS_BACKEND (docs/cms.md, docs/configuration.md):
 *   `local` (default) edits the working copy through decap-server
 *   (`npm run cms`); `github` or `gitlab` edit the company's repository with
 *   the editorial workflow (draft, in review, ready, published as a merge);
 *   `gitea` commits each save to CMS_BRANCH (Decap's Gitea backend has no
 *   editorial workflow), a branch merged by a pull request (docs/cms.md).
 */
import fs from "fs";
import path from "path";
import { makeFields } from "./schema-fields.mjs";
import { overlaySchema } from "../content/lib/translations.mjs";

/** The folders of data files that hold one entry per file, with the field that names the entry (and its file). */
export const FOLDER_COLLECTIONS = [
  { name: "products", folder: "data/products", schema: "products", label: "Products", singular: "Product", identifier: "slug", summary: "{{name}}", preview: "/{{slug}}" },
  { name: "categories", folder: "data/categories", schema: "categories", label: "Product categories", singular: "Category", identifier: "slug", summary: "{{name}}", preview: "/{{slug}}" },
  { name: "forms", folder: "data/forms", schema: "forms", label: "Forms", singular: "Form", identifier: "form", summary: "{{form}}", preview: "/contact" },
];

/** The page of the site each single data file shows on (the editor's site preview); the others (shared words, settings) show on the home page. */
export const PAGE_OF_FILE = {
  home: "/",
  about: "/about-us",
  careers: "/careers",
  contact: "/contact",
  certifications: "/certifications",
  trainings: "/trainings",
  manufacturing: "/manufacturing",
  "lv-installation": "/lv-installation",
  "procurement-project-management": "/procurement-project-management",
  enquiry: "/enquiry",
  search: "/search",
  "api-reference": "/api-reference",
  "downloads-library": "/downloads",
  documents: "/downloads",
  "not-found": "/404",
  "offline-page": "/offline",
};

const BACKENDS = ["local", "github", "gitlab", "gitea"];

/** The editor's JSON formats (registered by scripts/cms/widgets/index.js): a folder collection's, the single files'. */
export const formatOf = (collection) => `json-${collection}`;
export const PAGES_FORMAT = "json-pages";
export const PAGES_AR_FORMAT = "json-pages-ar";

/** The Arabic twin of a collection: "products" -> "products-ar". */
export const arabicOf = (name) => `${name}-ar`;

/**
 * The data field a folder collection's format sets on each English entry it
 * reads (and drops when it writes), which the collection's filter keeps: the
 * Arabic files of the same folder (*.ar.json, without the entry's address)
 * are the Arabic collection's.
 */
export const ENGLISH_MARK = "__english";

/** Default address of decap-server's API (its own default port). */
export const DEFAULT_LOCAL_URL = "http://localhost:8081/api/v1";

/**
 * The backend settings from the environment (docs/configuration.md, "Content
 * editor"). Throws with a plain message when a git host is named without its
 * repository, or a value is not a URL.
 */
export function backendFromEnv(env = process.env) {
  const name = (env.CMS_BACKEND || "local").trim().toLowerCase();
  if (!BACKENDS.includes(name)) throw new Error(`CMS_BACKEND must be one of ${BACKENDS.join(", ")}; got "${env.CMS_BACKEND}"`);
  const url = (variable) => {
    const value = env[variable]?.trim();
    if (!value) return undefined;
    try {
      const parsed = new URL(value);
      if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Error("not http(s)");
    } catch {
      throw new Error(`${variable} must be an http(s) address; got "${value}"`);
    }
    return value.replace(/\/+$/, "");
  };
  if (name === "local") return { name: "proxy", proxy_url: url("CMS_LOCAL_URL") ?? DEFAULT_LOCAL_URL, branch: env.CMS_BRANCH?.trim() || "main" };
  const repo = env.CMS_REPO?.trim();
  if (!repo || !/^[\w.-]+(\/[\w.-]+)+$/.test(repo)) throw new Error(`CMS_BACKEND=${name} needs CMS_REPO, the repository as owner/name (a GitLab group path may have more parts); got "${repo ?? ""}"`);
  const backend = { name, repo, branch: env.CMS_BRANCH?.trim() || "main" };
  const apiRoot = url("CMS_API_ROOT");
  const baseUrl = url("CMS_BASE_URL");
  const authEndpoint = env.CMS_AUTH_ENDPOINT?.trim();
  const appId = env.CMS_APP_ID?.trim();
  if (apiRoot) backend.api_root = apiRoot;
  if (baseUrl) backend.base_url = baseUrl;
  if (authEndpoint) backend.auth_endpoint = authEndpoint;
  if (name === "gitlab" || name === "gitea") {
    if (!appId) throw new Error(`CMS_BACKEND=${name} needs CMS_APP_ID, the client id of the OAuth application (docs/cms.md)`);
    backend.app_id = appId;
    backend.auth_type = "pkce";
  }
  if (name === "gitea" && !apiRoot) throw new Error("CMS_BACKEND=gitea needs CMS_API_ROOT, the API of the Gitea server (https://git.example.com/api/v1)");
  if (name === "gitea" && !baseUrl) throw new Error("CMS_BACKEND=gitea needs CMS_BASE_URL, the address of the Gitea server (https://git.example.com)");
  return backend;
}

/** The origins the editor talks to for this backend (its Content-Security-Policy's connect-src, server/site/csp.ts). */
export function backendOrigins(backend) {
  const defaults = { github: "https://api.github.com", gitlab: "https://gitlab.com/api/v4", gitea: undefined };
  const urls = backend.name === "proxy" ? [backend.proxy_url] : [backend.api_root ?? defaults[backend.name], backend.base_url ?? (backend.name === "gitlab" ? "https://gitlab.com" : undefined)];
  return [...new Set(urls.filter(Boolean).map((url) => new URL(url).origin))];
}

/** The Arabic page of a preview path: "/about-us" -> "/ar/about-us", "/" -> "/ar". */
const localPreview = (page) => (page === "/" ? "/ar" : `/ar${page}`);

/** The schema of a data file's kind, parsed. */
function readSchema(root, name) {
  return JSON.parse(fs.readFileSync(path.join(root, "schemas/content", `${name}.schema.json`), "utf8"));
}

/**
 * The whole configuration as an object (written as YAML by write-admin.mjs).
 * `register(schema)` is given each sub-schema a custom widget checks values
 * against and returns its validator's id.
 */
export function adminConfig(root, { backend, siteUrl, register }) {
  const folderSchemas = new Set(FOLDER_COLLECTIONS.map((collection) => collection.schema));
  const files = fs
    .readdirSync(path.join(root, "data"))
    .filter((file) => file.endsWith(".json") && !file.endsWith(".ar.json"))
    .map((file) => path.basename(file, ".json"))
    .filter((name) => !folderSchemas.has(name) && fs.existsSync(path.join(root, "schemas/content", `${name}.schema.json`)))
    .sort();
  const pages = {
    name: "pages",
    label: "Pages and settings",
    label_singular: "Page",
    description: "Every page's words and pictures, and the settings all pages share (company, navigation, forms' words).",
    // JSON with the keys in the schema's order (scripts/cms/widgets/key-order.js): what Decap's own "json" would shuffle.
    format: PAGES_FORMAT,
    files: files.map((name) => {
      const schema = readSchema(root, name);
      return {
        name,
        label: schema.title ?? name,
        file: `data/${name}.json`,
        description: schema.description,
        preview_path: PAGE_OF_FILE[name] ?? "/",
        fields: makeFields(schema, { register }),
      };
    }),
  };
  const folders = FOLDER_COLLECTIONS.map((collection) => {
    const schema = readSchema(root, collection.schema);
    return {
      name: collection.name,
      label: collection.label,
      label_singular: collection.singular,
      description: schema.description,
      folder: collection.folder,
      extension: "json",
      format: formatOf(collection.name),
      create: true,
      delete: true,
      identifier_field: collection.identifier,
      // The file name is the entry's address: a new entry's file is named after the field above.
      slug: `{{${collection.identifier}}}`,
      summary: collection.summary,
      sortable_fields: [collection.identifier],
      preview_path: collection.preview,
      // Only the English files of the folder (the format marks them): the Arabic ones are the Arabic collection's.
      filter: { field: ENGLISH_MARK, value: true },
      fields: makeFields(schema, { register }),
    };
  });
  const pagesAr = {
    name: arabicOf("pages"),
    label: "Arabic: pages and settings",
    label_singular: "Arabic page",
    description: "The Arabic of every page's words (data/<name>.ar.json): only the texts, each in place of its English; links, pictures and figures are the English file's. See docs/content.md, \"Arabic\".",
    format: PAGES_AR_FORMAT,
    files: files
      .map((name) => ({ name, derived: overlaySchema(readSchema(root, name)) }))
      .filter(({ derived }) => derived)
      .map(({ name, derived }) => ({
        name,
        label: derived.title,
        file: `data/${name}.ar.json`,
        description: `The Arabic of data/${name}.json.`,
        preview_path: localPreview(PAGE_OF_FILE[name] ?? "/"),
        fields: makeFields(derived, { register }),
      })),
  };
  const foldersAr = FOLDER_COLLECTIONS.map((collection) => {
    const derived = overlaySchema(readSchema(root, collection.schema));
    const identifier = ["name", "title", "submit"].find((key) => derived.properties[key]) ?? Object.keys(derived.properties)[0];
    return {
      name: arabicOf(collection.name),
      label: `Arabic: ${collection.label.toLowerCase()}`,
      label_singular: `Arabic ${collection.singular.toLowerCase()}`,
      description: `The Arabic of each file of ${collection.folder} (<address>.ar.json): only the texts. A new one is made with npm run content:translations -- --write (docs/content.md, "Arabic").`,
      folder: collection.folder,
      // Only the Arabic files: Decap lists the files whose name ends in ".<extension>".
      extension: "ar.json",
      format: formatOf(arabicOf(collection.name)),
      create: false,
      delete: false,
      identifier_field: identifier,
      summary: "{{filename}}",
      preview_path: localPreview(collection.preview),
      fields: makeFields(derived, { register }),
    };
  });
  const config = {
    backend,
    // Media: each field names its own folder (x-media, data/media/<folder>/); this one is only the media library's default.
    media_folder: "data/media/pictures",
    public_folder: "",
    site_url: siteUrl,
    display_url: siteUrl,
    show_preview_links: true,
    collections: [pages, ...folders, pagesAr, ...foldersAr],
  };
  if (backend.name !== "proxy") config.local_backend = false;
  // Drafts, in review, ready, published as a merge. Decap's Gitea backend has no editorial workflow: there each
  // save is a commit on CMS_BRANCH, which docs/cms.md has point at a branch merged by a pull request.
  if (backend.name === "github" || backend.name === "gitlab") config.publish_mode = "editorial_workflow";
  return config;
}
