import fs from "fs";
import os from "os";
import path from "path";
import { writeCatalogueAssets } from "../../src/build/catalogue-assets";
import { downloadRecords, productRecords } from "../../src/build/catalogue-assets/integrator-json";
import { pdfSafe } from "../../src/build/catalogue-assets/pdf-text";
import { productDocuments, renderProductDocument, tableConverts } from "../../src/build/catalogue-assets/product-documents";
import type { Product } from "../../src/build/catalogue-assets/types";
import { pdfText } from "../../testkit/pdf-text";
import { loadCatalogueData } from "../../testkit/site-data";

const data = loadCatalogueData();
const product = (slug: string): Product => data.products.nodes.find((p) => p.slug === slug)!;
const ctx = (p: Product) => ({
  product: p,
  categoryName: data.categories.nodes.find((c) => c.slug === p.category)!.name,
  company: data.company,
  ui: data.ui,
  texts: data.documents.pdf,
});

describe("pdfSafe", () => {
  it("keeps what the built-in fonts draw", () => {
    expect(pdfSafe("Plain ASCII 123 ({[]})")).toBe("Plain ASCII 123 ({[]})");
    expect(pdfSafe("±5 °C, 10–20 bar — “quoted” • ‘a’ … €")).toBe("±5 °C, 10–20 bar — “quoted” • ‘a’ … €");
    expect(pdfSafe("Ø 300 mm × 2, café")).toBe("Ø 300 mm × 2, café");
  });

  it("maps characters outside WinAnsi to safe equivalents", () => {
    expect(pdfSafe("−40 °C")).toBe("-40 °C");
    expect(pdfSafe("≤ 20 bar, ≥ 5")).toBe("<= 20 bar, >= 5");
    expect(pdfSafe("≈ 3 → 4")).toBe("~ 3 -> 4");
    expect(pdfSafe("10\u202f000\u2009psi")).toBe("10 000 psi");
    expect(pdfSafe("non\u2011breaking")).toBe("non-breaking");
    expect(pdfSafe("☐ yes ✓")).toBe("[ ] yes x");
    expect(pdfSafe("Łódź, Kraków")).toBe("Lódz, Kraków");
    expect(pdfSafe("漢")).toBe("?");
  });

  it("leaves no character outside WinAnsi in any product's figures", () => {
    const all = JSON.stringify(data.products.nodes);
    const safe = pdfSafe(all);
    // eslint-disable-next-line no-control-regex
    expect(safe).not.toMatch(/[^\x0a\x20-\x7e\xa0-\xff–—‘’‚“”„†‡•…‰‹›€™ŒœŠšŸŽžƒˆ˜]/);
  });
});

describe("product documents", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-assets-"));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("lists the available documents of a product, skipping the placeholder", () => {
    expect(productDocuments(product("torque-pump")).map((d) => d.id)).toEqual(["torque-pump-datasheet"]);
    expect(productDocuments(product("top-loading-arms")).map((d) => d.id)).toEqual([
      "top-loading-arms-catalog",
      "top-loading-arms-questionnaire",
    ]);
  });

  it("writes a product's PDFs from its data file", async () => {
    const p = product("square-drive-torque-wrench");
    for (const doc of productDocuments(p)) {
      const pdf = await renderProductDocument(ctx(p), doc.kind, doc.label);
      const file = path.join(tmp, `${doc.id}.pdf`);
      fs.writeFileSync(file, pdf);
      const bytes = fs.readFileSync(file);
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(bytes.length).toBeLessThan(200_000);
      const text = pdfText(bytes);
      expect(text).toContain(p.name);
      expect(text).toContain(data.company.name);
      expect(text).toContain(data.company.email);
      expect(text).toMatch(/Page 1 of \d+/);
      expect(text).toContain(data.documents.pdf.kindTitles[doc.kind]);
      expect(text).toContain(p.shortDescription.slice(0, 40));
    }
  });

  it("prints a data sheet's tables in metric and imperial, with the page's figures and the safety notice", async () => {
    const p = product("torque-pump");
    const text = pdfText(await renderProductDocument(ctx(p), "datasheet"));
    expect(text).toContain("Range of the series (Metric)");
    expect(text).toContain("Range of the series (Imperial)");
    expect(text).toContain("700 bar");
    expect(text).toContain("10,000 psi");
    expect(text).toContain("5 or 8 L");
    expect(text).toContain("—");
    expect(text).toContain(data.documents.pdf.notPublishedNote);
    expect(text).toContain("SAFETY NOTICE");
    for (const line of data.ui.warningText) expect(text.replace(/\n/g, " ")).toContain(line.slice(0, 30));
    expect(tableConverts(p.tabs[0].tables![0])).toBe(true);
  });

  it("makes an operational manual summary without inventing a procedure", async () => {
    const p = product("square-drive-torque-wrench");
    const text = pdfText(await renderProductDocument(ctx(p), "manual"));
    expect(text).toContain("Operational manual (summary)");
    expect(text).toContain("SAFETY NOTICE");
    expect(text).toContain("Notification and Warning");
    expect(text.replace(/\n/g, " ")).toContain("The full operational manual is supplied with the equipment");
  });

  it("makes a questionnaire to fill in with the product's models as tick boxes", async () => {
    const p = product("top-loading-arms");
    const text = pdfText(await renderProductDocument(ctx(p), "questionnaire"));
    const words = data.documents.pdf.questionnaire;
    for (const label of [...words.fields, words.productField, ...words.orderFields, words.remarksField]) {
      expect(text).toContain(label);
    }
    for (const model of p.models) expect(text).toContain(model);
  });

  it("a catalogue lists the features, benefits and documents", async () => {
    const p = product("hydrotesting-unit");
    const text = pdfText(await renderProductDocument(ctx(p), "catalog"));
    for (const tab of p.tabs.filter((t) => t.kind === "list")) {
      expect(text).toContain(tab.label);
      expect(text.replace(/\n/g, " ")).toContain(tab.items![0].slice(0, 25));
    }
    expect(text).toContain("/assets/catalog/hydrotesting-unit-catalog.pdf");
  });
});

describe("integrator files", () => {
  it("products.json: every product of the data, category by category, with name, imageIds, link and category name", () => {
    const records = productRecords(data);
    const products = data.products.nodes;
    expect(records).toHaveLength(products.length);
    // Within a category, in the category's order.
    for (const category of data.categories.nodes) {
      const listed = category.products.map((p) => p.slug).filter((slug) => products.some((p) => p.slug === slug));
      expect(records.map((r) => r.link).filter((slug) => listed.includes(slug))).toEqual(listed);
    }
    for (const r of records) {
      expect(Object.keys(r).sort()).toEqual(["category", "imageIds", "link", "name"]);
      const p = product(r.link);
      const category = data.categories.nodes.find((c) => c.slug === p.category);
      expect(r).toEqual({ name: p.name, imageIds: p.imageIds, link: p.slug, category: category?.name ?? p.category });
    }
    expect(new Set(records.map((r) => r.link)).size).toBe(products.length);
  });

  it("downloads.json: policies, certificates, catalogues and questionnaires", () => {
    const records = downloadRecords(data);
    const ids = records.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of records) expect(Object.keys(r).sort()).toEqual(["category", "id", "name", "productId", "url"]);
    expect(records.find((r) => r.id === "iso-certificate")).toEqual({
      id: "iso-certificate",
      name: "IEG_ISO_Certificate.pdf",
      url: "/assets/documents/IEG_ISO_Certificate.pdf",
      category: "certificate",
      productId: null,
    });
    expect(records.find((r) => r.name === "IEG_Quality Management System_Certificate.pdf")?.url).toBe(
      "/assets/documents/IEG_Quality%20Management%20System_Certificate.pdf",
    );
    expect(records.find((r) => r.id === "top-loading-arms-questionnaire")).toEqual({
      id: "top-loading-arms-questionnaire",
      name: "top-loading-arms-questionnaire.pdf",
      url: "/assets/catalog/top-loading-arms-questionnaire.pdf",
      category: "product-questionnaire",
      productId: "top-loading-arms",
    });
    // One record per available catalogue and questionnaire of the data, and per policy and certificate.
    const available = (kind: string) =>
      data.products.nodes.flatMap((p) => p.tabs.flatMap((t) => t.documents ?? []).filter((d) => d.available && d.kind === kind).map((d) => d.id));
    const ofCategory = (category: string) => records.filter((r) => r.category === category).map((r) => r.id);
    expect(ofCategory("product-catalog").sort()).toEqual(available("catalog").sort());
    expect(ofCategory("product-questionnaire").sort()).toEqual(available("questionnaire").sort());
    expect(ofCategory("policy")).toEqual(data.documents.policies.map((d) => d.id));
    expect(ofCategory("certificate")).toEqual(data.documents.certificates.map((d) => d.id));
  });

  it("writeCatalogueAssets writes every file the pages and the lists link to", async () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-public-"));
    const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-images-"));
    fs.writeFileSync(path.join(imagesDir, "48.png"), "png");
    const warnings: string[] = [];
    try {
      await writeCatalogueAssets({ data, publicDir, imagesDir, reporter: { info: () => undefined, warn: (m) => warnings.push(m) } });
      const linked = data.products.nodes.flatMap((p) => p.tabs.flatMap((t) => t.documents ?? [])).filter((d) => d.available);
      for (const doc of linked) {
        const bytes = fs.readFileSync(path.join(publicDir, "assets/catalog", `${doc.id}.pdf`));
        expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      }
      expect(fs.existsSync(path.join(publicDir, "assets/catalog/torque-pump-manual-placeholder.pdf"))).toBe(false);
      const downloads = JSON.parse(fs.readFileSync(path.join(publicDir, "assets/json/downloads.json"), "utf8")) as { url: string }[];
      for (const d of downloads) {
        const file = path.join(publicDir, decodeURIComponent(d.url));
        const bytes = fs.readFileSync(file);
        expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      }
      const policy = pdfText(fs.readFileSync(path.join(publicDir, "assets/documents/IEG_Quality_Policy.pdf")));
      expect(policy.split("\n").slice(0, 3).join(" ")).toContain("SAMPLE DOCUMENT");
      expect(policy).toContain("Quality Policy");
      expect(JSON.parse(fs.readFileSync(path.join(publicDir, "assets/json/products.json"), "utf8"))).toHaveLength(data.products.nodes.length);
      expect(fs.readFileSync(path.join(publicDir, "assets/images/48.png"), "utf8")).toBe("png");
      expect(warnings.some((w) => w.includes("not drawn"))).toBe(true);
    } finally {
      fs.rmSync(publicDir, { recursive: true, force: true });
      fs.rmSync(imagesDir, { recursive: true, force: true });
    }
  });
});
