/**
 * A content change touches content only, and the built site shows it.
 *
 * On a copy of the repository (testkit/content-site.cjs), as the marketing
 * team would: a new product added with ONE data file in data/products/ and
 * two photos in data/media/products/; a real photo for an existing product;
 * a real certificate PDF (not made by the site's writer) for an existing
 * certificate. Then `git status` shows changes under data/ only, the copy is
 * built with `npm run build` (the content check, Gatsby, the compiled server)
 * and served by its compiled server, and the built site is asked:
 *
 * - the new product has its page, with its photos as AVIF and WebP sources and
 *   the figures of its description taken from its table; it is on its
 *   category page, found by the site search (the served results and the
 *   published store), listed in /downloads and in sitemap.xml, and a quotation
 *   request for it is answered 201 (a real proof of work, as a browser sends);
 * - the existing product's page shows the real photo, not the drawn picture;
 * - the certificate's address serves the PDF byte for byte, /downloads gives
 *   its real size and does not call it a sample.
 *
 * The new product comes with its Arabic (data/products/<address>.ar.json,
 * docs/content.md "Arabic"), as every data file does; English files of the
 * copy still without their Arabic get stand-in Arabic first
 * (./stand-in-arabic.ts), committed in the copy, so the build's content check
 * passes while the translations are not all in.
 *
 * The media fields are those of the content decisions: a product's `photos`
 * (file names in data/media/products/), a document's `file` (a PDF in
 * data/media/documents/).
 */
import fs from "fs";
import os from "os";
import path from "path";
import sharp from "sharp";
import { SERVED_RESULTS_ID } from "../../src/shared/search/served";
import { withResolvedFigures } from "../../src/utils/description-figures";
import { QUOTE } from "../../testkit/form-bodies";
import type { ProductData } from "../../testkit/site-data";
import { PROOF_HEADER, solveProof } from "../../testkit/spam";
import { standInArabic, writeStandInOverlays } from "./stand-in-arabic";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { copySite, buildSite, serveSite, removeSite } = require("../../testkit/content-site.cjs") as {
  copySite: () => { root: string; git: (args: string[]) => string };
  buildSite: (root: string) => Promise<string>;
  serveSite: (root: string, env?: Record<string, string>) => Promise<{ url: string; dataDir: string; output: () => string; stop: () => Promise<void> }>;
  removeSite: (root: string) => void;
};

// A copy, a full build (several minutes on a busy 2-core machine) and a server: one long deadline for the set-up.
jest.setTimeout(60 * 60_000);

type ProductFile = ProductData;

const readJson = <T>(root: string, file: string): T => JSON.parse(fs.readFileSync(path.join(root, file), "utf8")) as T;
/** A data file in the layout the editor writes. */
const writeJson = (root: string, file: string, data: unknown) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), `${JSON.stringify(data, null, 2)}\n`);
};

/**
 * A photograph-like JPEG: smooth light and shade with fine grain, so the
 * encoders work on it as on a photo (not a flat colour); 1600 x 1200, wider
 * than any place on the site needs.
 */
async function photo(seed: number, width = 1600, height = 1200): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  const random = () => ((state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const shade = 0.5 + 0.35 * Math.sin((x + seed * 97) / 180) * Math.cos((y - seed * 53) / 140);
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, 60 + 150 * shade + 30 * (random() - 0.5)));
      pixels[i + 1] = Math.max(0, Math.min(255, 70 + 120 * shade + 30 * (random() - 0.5)));
      pixels[i + 2] = Math.max(0, Math.min(255, 90 + 90 * (1 - shade) + 30 * (random() - 0.5)));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).blur(0.6).jpeg({ quality: 88 }).toBuffer();
}

/** A PDF 1.4 written here by hand (one page, one line of Helvetica), with its cross-reference table: nothing of the site's PDF writer. */
function handWrittenPdf(title: string): Buffer {
  const text = `BT /F1 24 Tf 72 720 Td (${title.replace(/[()\\]/g, "\\$&")}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** The HTML of the list item of /downloads for a document. */
function libraryItem(html: string, id: string): string {
  const start = html.indexOf(`data-document-id="${id}"`);
  if (start < 0) return "";
  return html.slice(html.lastIndexOf("<li", start), html.indexOf("</li>", start));
}

/** The file name of a photo without its extension, as the image pipeline names its AVIF and WebP files. */
const stem = (file: string) => file.replace(/\.[a-z]+$/i, "");

/** Every srcset of the given type in a page. */
const sourcesOf = (html: string, type: string): string[] => [...html.matchAll(new RegExp(`<source[^>]*type="${type}"[^>]*srcSet="([^"]+)"`, "gi"))].map((m) => m[1]);

let site: { root: string; git: (args: string[]) => string };
let server: Awaited<ReturnType<typeof serveSite>> | undefined;
let source: ProductFile;
let added: ProductFile;
let existing: ProductFile;
let certificate: { id: string; title: string; file: string; bytes: Buffer };
let changed: string[];

const get = async (route: string) => {
  const response = await fetch(`${server!.url}${route}`);
  return { status: response.status, type: response.headers.get("content-type") ?? "", body: Buffer.from(await response.arrayBuffer()) };
};
const page = async (route: string) => {
  const { status, body } = await get(route);
  expect([route, status]).toEqual([route, 200]);
  return body.toString("utf8");
};

beforeAll(async () => {
  site = copySite();
  const { root } = site;
  if (writeStandInOverlays(root).length > 0) {
    site.git(["add", "-A"]);
    site.git(["-c", "user.name=Content test", "-c", "user.email=content-test@example.com", "commit", "-q", "--no-verify", "-m", "Stand-in Arabic"]);
  }

  // ── Editing in /admin (testkit/cms-editor.cjs: Decap CMS against the copy, driven in Chromium) ──────────────────
  // When the editor's test kit is in the tree, the job opening's title and a news item with a picture are changed in
  // the CMS first, so the same build shows them (see the "CMS" test below); without it that part is reported skipped.
  await editInCmsIfAvailable(root);

  // ── The new product: one data file, made from an existing product with a new slug and name ────────────────────────
  const products = fs
    .readdirSync(path.join(root, "data/products"))
    .filter((f) => f.endsWith(".json") && !f.endsWith(".ar.json"))
    .map((f) => readJson<ProductFile>(root, `data/products/${f}`));
  // A product whose description takes a figure from its table and which has a document to list.
  source = products.find((p) => /\{[a-z0-9-]+:[^{}]+\}/.test(p.meta.description) && p.tabs.some((t) => (t.documents ?? []).some((d) => d.available)))!;
  expect(source).toBeDefined();
  const slug = "field-service-torque-pump";
  const rename = (text: string) => text.split(source.slug).join(slug);
  added = {
    ...structuredClone(source),
    slug,
    name: "Field Service Torque Pump",
    shortDescription: `A compact pump for field service crews. ${source.shortDescription}`,
    models: ["FSTP-1"],
    meta: { title: "Field Service Torque Pump FSTP-1", description: `Field service torque pump FSTP-1. ${source.meta.description}` },
    photos: [`${slug}-front.jpg`, `${slug}-side.jpg`],
  };
  // Its documents are its own: new ids (the generated PDFs and the library's entries are named by them).
  added.tabs = added.tabs.map((tab) => (tab.documents ? { ...tab, documents: tab.documents.map((d) => ({ ...d, id: rename(d.id), label: d.label.split(source.name).join(added.name) })) } : tab));
  writeJson(root, `data/products/${slug}.json`, added);
  // Its Arabic: the source's (the same texts but the new name and descriptions), as a translator would write it.
  const sourceArabic = `data/products/${source.slug}.ar.json`;
  const arabic = readJson<{ shortDescription: string; meta: { description: string } }>(root, sourceArabic);
  writeJson(root, `data/products/${slug}.ar.json`, {
    ...arabic,
    name: "مضخة عزم الدوران للخدمة الميدانية",
    shortDescription: `مضخة صغيرة لفرق الخدمة الميدانية. ${arabic.shortDescription}`,
    meta: { title: "مضخة عزم الدوران للخدمة الميدانية FSTP-1", description: `مضخة عزم الدوران للخدمة الميدانية FSTP-1. ${arabic.meta.description}` },
  });
  fs.writeFileSync(path.join(root, "data/media/products", added.photos![0]), await photo(1));
  fs.writeFileSync(path.join(root, "data/media/products", added.photos![1]), await photo(2));

  // ── A real photo for an existing product ───────────────────────────────────────────────────────────────────────
  existing = products.find((p) => p.slug !== source.slug && p.imageIds.length > 0 && !(p.photos ?? []).length)!;
  existing.photos = [`${existing.slug}-photo.jpg`];
  writeJson(root, `data/products/${existing.slug}.json`, existing);
  fs.writeFileSync(path.join(root, "data/media/products", existing.photos[0]), await photo(3));

  // ── A real certificate: a PDF not made by the site's writer, given as an existing certificate's file ─────────────
  const documents = readJson<{ certificates: { id: string; title: string; file?: string }[] }>(root, "data/documents.json");
  const entry = documents.certificates[0];
  const file = "quality-management-certificate-2026.pdf";
  const bytes = handWrittenPdf(`${entry.title}, issued to the company, 2026`);
  entry.file = file;
  writeJson(root, "data/documents.json", documents);
  fs.writeFileSync(path.join(root, "data/media/documents", file), bytes);
  certificate = { id: entry.id, title: entry.title, file, bytes };

  changed = site
    .git(["status", "--porcelain", "--untracked-files=all"])
    .split("\n")
    .filter(Boolean)
    .map((line) => line.slice(3));

  await buildSite(root);
  server = await serveSite(root);
});

afterAll(async () => {
  await server?.stop();
  if (site && !process.env.KEEP_CONTENT_SITE) removeSite(site.root);
});

test("the edits touch data/ only: the product file and its Arabic, the photos, the certificate", () => {
  expect(changed.filter((file) => !file.startsWith("data/"))).toEqual([]);
  expect(changed).toEqual(
    expect.arrayContaining([
      `data/products/${added.slug}.json`,
      `data/products/${added.slug}.ar.json`,
      ...added.photos!.map((name) => `data/media/products/${name}`),
      `data/products/${existing.slug}.json`,
      `data/media/products/${existing.photos![0]}`,
      "data/documents.json",
      `data/media/documents/${certificate.file}`,
    ]),
  );
});

test("the new product has its page, with its photos as AVIF and WebP and its description's figures from its table", async () => {
  const html = await page(`/${added.slug}`);
  expect(html).toMatch(new RegExp(`<h1[^>]*>${added.name}</h1>`));
  for (const type of ["image/avif", "image/webp"]) {
    const sources = sourcesOf(html, type).join(" ");
    for (const name of added.photos!) expect([type, sources]).toEqual([type, expect.stringContaining(`/${stem(name)}.${type.split("/")[1]}`)]);
  }
  // The description names cells of the table it was copied with: the page gives their figures, as the build writes them.
  expect(added.meta.description).toMatch(/\{[a-z0-9-]+:[^{}]+\}/);
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
  const decoded = description.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  expect(decoded).toBe(withResolvedFigures(added).meta.description);
  expect(decoded).not.toMatch(/[{}]/);
  // The served AVIF is a real image of the photo.
  const avif = sourcesOf(html, "image/avif").join(",").split(",")[0].trim().split(" ")[0];
  const image = await get(avif);
  expect([image.status, image.type]).toEqual([200, "image/avif"]);
  expect((await sharp(image.body).metadata()).format).toBe("heif");
});

test("the new product is on its category page", async () => {
  const html = await page(`/${added.category}`);
  expect(html).toContain(`href="/${added.slug}"`);
  expect(html).toContain(added.name);
});

test("the site search finds the new product: the search page's served results and the published store", async () => {
  const html = await page(`/search?query=${encodeURIComponent(added.name)}`);
  const served = new RegExp(`<script type="application/json" id="${SERVED_RESULTS_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1];
  expect(served).toBeDefined();
  const results = (JSON.parse(served!) as { results: { slug: string }[] }).results.map((r) => r.slug);
  expect(results[0]).toBe(added.slug);
  // The index and store the browser fetches when a search starts (gatsby-plugin-local-search, named by a static query).
  const queries = path.join(site.root, "public/page-data/sq/d");
  const named = fs
    .readdirSync(queries)
    .filter((f) => f.endsWith(".json"))
    .map((f) => readJson<{ data?: { localSearchProducts?: { publicStoreURL: string } } }>(site.root, path.join("public/page-data/sq/d", f)))
    .find((q) => q.data?.localSearchProducts)!;
  const store = await get(named.data!.localSearchProducts!.publicStoreURL);
  expect(store.status).toBe(200);
  expect(Object.keys(JSON.parse(store.body.toString("utf8")) as Record<string, unknown>)).toContain(added.slug);
});

test("the new product's documents are in /downloads, and the product in sitemap.xml", async () => {
  const library = await page("/downloads");
  expect(library).toContain(`data-product="${added.slug}"`);
  const sitemap = (await get("/sitemap.xml")).body.toString("utf8");
  expect(sitemap).toMatch(new RegExp(`<loc>[^<]*/${added.slug}/?</loc>`));
});

test("a quotation request for the new product is answered 201", async () => {
  const challenge = await get("/api/v1/contact/challenge");
  expect(challenge.status).toBe(200);
  const proof = await solveProof(JSON.parse(challenge.body.toString("utf8")));
  const response = await fetch(`${server!.url}/api/v1/contact/quote_request`, {
    method: "POST",
    headers: { "content-type": "application/json", [PROOF_HEADER]: proof },
    body: JSON.stringify({ ...QUOTE, items: [{ product: added.slug, model: added.models[0], quantity: 2 }] }),
  });
  const answer = { status: response.status, body: await response.text() };
  expect(answer).toEqual({ status: 201, body: expect.any(String) });
});

test("the existing product's page shows the company's photo instead of the drawn picture", async () => {
  const html = await page(`/${existing.slug}`);
  for (const type of ["image/avif", "image/webp"]) {
    const sources = sourcesOf(html, type).join(" ");
    expect([type, sources]).toEqual([type, expect.stringContaining(`/${stem(existing.photos![0])}.${type.split("/")[1]}`)]);
    for (const id of existing.imageIds) expect([type, id, sources]).toEqual([type, id, expect.not.stringMatching(new RegExp(`/${id}\\.(avif|webp)\\b`))]);
  }
});

test("the certificate's address serves the company's PDF byte for byte; /downloads gives its real size and does not call it a sample", async () => {
  const library = await page("/downloads");
  const item = libraryItem(library, certificate.id);
  expect(item).not.toBe("");
  const href = /<a href="([^"]+)"/.exec(item)?.[1];
  expect(href).toBeDefined();
  const served = await get(href!);
  expect([served.status, served.type]).toEqual([200, expect.stringMatching(/^application\/pdf/)]);
  expect(served.body.equals(certificate.bytes)).toBe(true);
  expect(item).toContain(`<data value="${certificate.bytes.length}"`);
  expect(item.replace(/<[^>]+>/g, " ")).not.toMatch(/sample/i);
});

// ── Editing in /admin ─────────────────────────────────────────────────────────────────────────────────────────────────
// testkit/cms-editor.cjs (Decap CMS on the copy, its local backend, Chromium) is the editor's test kit: startCms(root)
// then editInCms(page, adminUrl, { roleTitle, newsItem: { title, text, picture } }). Until it is in the tree this part
// is reported as skipped; with it, the edit is made before the build and checked on the built pages.
const CMS_KIT = path.resolve(__dirname, "../../testkit/cms-editor.cjs");
const CMS_EDIT = {
  roleTitle: "Field Service Engineer",
  newsItem: { title: "Our field service team grows", text: "Three more engineers joined the field service team this month.", picture: "field-service-team.jpg" },
};
/** The files the editor's edit changed, as its kit names them; undefined when it did not run. */
let cmsChanged: string[] | undefined;

async function editInCmsIfAvailable(root: string): Promise<void> {
  if (!fs.existsSync(CMS_KIT)) return;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startCms, editInCms } = require(CMS_KIT) as {
    startCms: (root: string) => Promise<{ adminUrl: string; stop: () => Promise<void> }>;
    editInCms: (page: unknown, adminUrl: string, edit: typeof CMS_EDIT) => Promise<string[]>;
  };
  const { chromium } = await import("@playwright/test");
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "content-site-picture-"));
  const picture = path.join(folder, CMS_EDIT.newsItem.picture);
  fs.writeFileSync(picture, await photo(4));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell", args: ["--no-sandbox"] });
  const { adminUrl, stop } = await startCms(root);
  try {
    cmsChanged = await editInCms(await browser.newPage(), adminUrl, { ...CMS_EDIT, newsItem: { ...CMS_EDIT.newsItem, picture } });
  } finally {
    await stop();
    await browser.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
  // The editor's news item gets its Arabic too, as an editor adds it in the Arabic entry: its texts, at its place.
  const english = readJson<{ news: { items: Record<string, unknown>[] } }>(root, "data/about.json");
  const arabic = readJson<{ news: { items: Record<string, unknown>[] } }>(root, "data/about.ar.json");
  const at = english.news.items.findIndex((item) => item.title === CMS_EDIT.newsItem.title);
  if (at >= 0 && arabic.news.items.length < english.news.items.length) {
    const item = english.news.items[at];
    const texts = Object.fromEntries(["title", "summary", "imageAlt"].filter((key) => typeof item[key] === "string" && item[key] !== "").map((key) => [key, item[key]]));
    arabic.news.items.splice(at, 0, standInArabic(texts) as Record<string, unknown>);
    writeJson(root, "data/about.ar.json", arabic);
  }
}

(fs.existsSync(CMS_KIT) ? test : test.skip)("an edit in /admin (a job opening's title, a news item with a picture) reaches the built pages", async () => {
  expect(cmsChanged).toBeDefined();
  expect(changed).toEqual(expect.arrayContaining(cmsChanged!));
  expect(changed.filter((file) => !file.startsWith("data/"))).toEqual([]);
  expect(await page("/careers")).toContain(`>${CMS_EDIT.roleTitle}</h3>`);
  const about = await page("/about-us");
  expect(about).toContain(CMS_EDIT.newsItem.title);
  expect(about).toContain(CMS_EDIT.newsItem.text);
  // The news item's picture, processed as the site's pictures are.
  expect(sourcesOf(about, "image/webp").join(" ")).toContain(`/${stem(CMS_EDIT.newsItem.picture)}.webp`);
});
