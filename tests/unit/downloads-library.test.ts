import fs from "fs";
import os from "os";
import path from "path";
import { writeCatalogueAssets } from "../../src/build/catalogue-assets";
import { downloadRecords } from "../../src/build/catalogue-assets/integrator-json";
import { formatSize, hasFilters, narrow, NO_FILTERS, normaliseText, parseFilters, serialiseFilters } from "../../src/downloads-library/filter";
import { LIBRARY_TYPES, libraryDocuments, libraryOptions, libraryProblems, type LibraryDocument } from "../../src/downloads-library/records";
import { fileOfUrl, measureDocuments, sizeFrom, sizeMismatches, sizeUnder } from "../../src/downloads-library/sizes";
import { loadCatalogueData, readJson } from "../../testkit/site-data";


const quiet = { info: () => undefined, warn: () => undefined };
const data = loadCatalogueData();
const texts = readJson<{ types: { id: string; label: string }[]; sizeUnits: { bytes: string; kilobytes: string; megabytes: string } }>("downloads-library.json");
const typeLabel = (id: string) => texts.types.find((t) => t.id === id)?.label ?? "";

let publicDir: string;
let documents: LibraryDocument[];

beforeAll(async () => {
  // The build: sizes measured before the pages, then the files written into public/ after them.
  const sizes = await measureDocuments(data, quiet);
  documents = libraryDocuments(data, sizeFrom(sizes));
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "library-public-"));
  await writeCatalogueAssets({ data, publicDir, imagesDir: null, reporter: quiet });
}, 120_000);

afterAll(() => {
  fs.rmSync(publicDir, { recursive: true, force: true });
});

describe("library records", () => {
  test("every available document of every product, as its data says, and nothing the company has not supplied", () => {
    const TYPE = { catalog: "catalogue", datasheet: "data-sheet", manual: "manual", questionnaire: "questionnaire" } as Record<string, string>;
    const categoryName = new Map(data.categories.nodes.map((c) => [c.slug, c.name]));
    let expected = 0;
    for (const product of data.products.nodes) {
      const docs = product.tabs.flatMap((t) => t.documents ?? []);
      expect(docs.length).toBeGreaterThan(0);
      for (const doc of docs) {
        const record = documents.find((r) => r.id === doc.id);
        if (!doc.available) {
          expect(record).toBeUndefined();
          continue;
        }
        expected++;
        expect(record).toEqual(
          expect.objectContaining({
            title: doc.label,
            type: TYPE[doc.kind],
            product: { slug: product.slug, name: product.name },
            category: { slug: product.category, name: categoryName.get(product.category) },
            format: "pdf",
            url: `/assets/catalog/${doc.id}.pdf`,
          }),
        );
      }
    }
    expect(documents.filter((d) => d.product !== null)).toHaveLength(expected);
    expect(documents.find((d) => d.id === "torque-pump-manual-placeholder")).toBeUndefined();
    expect(documents.find((d) => d.id === "torque-pump-datasheet")?.type).toBe("data-sheet");
  });

  test("every policy and certificate, with its title and no product, category or units", () => {
    for (const [list, type] of [
      [data.documents.policies, "policy"],
      [data.documents.certificates, "certificate"],
    ] as const) {
      expect(list.length).toBeGreaterThan(0);
      for (const doc of list) {
        expect(documents.find((r) => r.id === doc.id)).toEqual(
          expect.objectContaining({ title: doc.title, type, product: null, category: null, units: [], url: `/assets/documents/${encodeURIComponent(doc.fileName)}` }),
        );
      }
    }
    expect(documents).toHaveLength(documents.filter((d) => d.product).length + data.documents.policies.length + data.documents.certificates.length);
  });

  test("lists every record of /assets/json/downloads.json, at the same address", () => {
    const urls = new Set(documents.map((d) => d.url));
    const published = downloadRecords(data);
    expect(published.length).toBeGreaterThan(0);
    for (const record of published) expect(urls).toContain(record.url);
  });

  test("ids are unique and every size is known", () => {
    expect(new Set(documents.map((d) => d.id)).size).toBe(documents.length);
    expect(libraryProblems(documents)).toEqual([]);
    expect(libraryProblems([documents[0], documents[0]])).toEqual([`two documents share the id ${documents[0].id}`]);
  });

  test("units: the documents printing figures in metric and imperial say so, the others have none", () => {
    // The square drive torque wrench's table holds torques in Nm: its data sheet prints them in both systems.
    expect(documents.find((d) => d.id === "square-drive-torque-wrench-datasheet")?.units).toEqual(["metric", "imperial"]);
    expect(documents.find((d) => d.id === "square-drive-torque-wrench-manual")?.units).toEqual(["metric", "imperial"]);
    for (const d of documents.filter((r) => ["questionnaire", "policy", "certificate"].includes(r.type))) expect(d.units).toEqual([]);
    // The hydrotesting unit has no specification table: its catalogue has no units.
    expect(documents.find((d) => d.id === "hydrotesting-unit-catalog")?.units).toEqual([]);
  });

  test("sizes are the sizes of the files the build writes into public/", () => {
    for (const doc of documents) {
      expect(doc.size).toBe(fs.statSync(fileOfUrl(publicDir, doc.url)).size);
      expect(doc.size).toBeGreaterThan(1000);
    }
    expect(sizeMismatches(documents, publicDir)).toEqual([]);
  });

  test("a built file of another size, or a missing one, is reported; an unknown size is null", () => {
    const [first, second] = documents;
    fs.appendFileSync(fileOfUrl(publicDir, first.url), "\n");
    const missing = fileOfUrl(publicDir, second.url);
    const saved = fs.readFileSync(missing);
    fs.rmSync(missing);
    try {
      const found = sizeMismatches(documents, publicDir);
      expect(found).toHaveLength(2);
      expect(found[0]).toContain(first.url);
      expect(found[1]).toContain("no file");
      expect(sizeUnder(publicDir)(second.url)).toBeNull();
      const unknown = libraryDocuments(data, () => null);
      expect(unknown.every((d) => d.size === null)).toBe(true);
      expect(libraryProblems(unknown)).toContain(`the size of ${unknown[0].url} is not known`);
    } finally {
      fs.writeFileSync(missing, saved);
      fs.truncateSync(fileOfUrl(publicDir, first.url), first.size ?? 0);
    }
    expect(sizeMismatches(documents, publicDir)).toEqual([]);
  });

  test("a file name with a space is found under either spelling of its address", () => {
    const certificate = documents.find((d) => d.id === "quality-management-system-certificate")!;
    expect(certificate.url).toContain("%20");
    expect(fileOfUrl(publicDir, certificate.url)).toBe(path.join(publicDir, "assets", "documents", "IEG_Quality Management System_Certificate.pdf"));
    expect(sizeFrom(new Map([["/a/b c.pdf", 5]]))("/a/b%20c.pdf")).toBe(5);
  });
});

describe("filter options", () => {
  test("come from the records: the categories in the site's order, their products, every type present", () => {
    const options = libraryOptions(documents);
    const menu = data.navigation.header.flatMap((h) => h.children.map((c) => c.to.replace(/^\//, "")));
    const categories = menu.filter((slug) => data.categories.nodes.some((c) => c.slug === slug));
    expect(options.categories.map((c) => c.value)).toEqual(categories);
    expect(options.categories.map((c) => c.label)).toEqual(categories.map((slug) => data.categories.nodes.find((c) => c.slug === slug)!.name));
    expect(options.products.map((p) => p.value).sort()).toEqual(data.products.nodes.map((p) => p.slug).sort());
    for (const p of options.products) expect(p.category).toBe(data.products.nodes.find((n) => n.slug === p.value)!.category);
    expect(options.types).toEqual([...LIBRARY_TYPES]);
    // Only what the records hold.
    const onlyPolicies = libraryOptions(documents.filter((d) => d.type === "policy"));
    expect(onlyPolicies).toEqual({ categories: [], products: [], types: ["policy"] });
  });

  test("every type has a label in the page's data", () => {
    expect(texts.types.map((t) => t.id)).toEqual([...LIBRARY_TYPES]);
  });
});

describe("filters in the address", () => {
  const options = () => libraryOptions(documents);

  test("reads ?type=data-sheet&product=torque-pump and writes it back the same", () => {
    const filters = parseFilters("?type=data-sheet&product=torque-pump", options());
    expect(filters).toEqual({ type: "data-sheet", product: "torque-pump", category: "", q: "" });
    expect(serialiseFilters(filters)).toBe("?type=data-sheet&product=torque-pump");
  });

  test("every filter round-trips, the text encoded", () => {
    const filters = { type: "manual", product: "nut-splitter", category: "controlled-bolting-hydraulic-equipments", q: "nut & splitter" };
    const query = serialiseFilters(filters);
    expect(query).toBe("?type=manual&product=nut-splitter&category=controlled-bolting-hydraulic-equipments&q=nut+%26+splitter");
    expect(parseFilters(query, options())).toEqual(filters);
  });

  test("no filter is no query string; blank text is no filter", () => {
    expect(serialiseFilters(NO_FILTERS)).toBe("");
    expect(serialiseFilters({ ...NO_FILTERS, q: "   " })).toBe("");
    expect(hasFilters({ ...NO_FILTERS, q: "  " })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, type: "policy" })).toBe(true);
    expect(parseFilters("", options())).toEqual(NO_FILTERS);
  });

  test("unknown values, and a product outside the chosen category, are dropped", () => {
    expect(parseFilters("?type=brochure&product=no-such-product&category=nowhere&q=pump", options())).toEqual({ ...NO_FILTERS, q: "pump" });
    expect(parseFilters("?category=fluid-transfer&product=torque-pump", options())).toEqual({ ...NO_FILTERS, category: "fluid-transfer" });
    expect(parseFilters("?category=controlled-bolting-hydraulic-equipments&product=torque-pump", options()).product).toBe("torque-pump");
    expect(parseFilters(`?q=${"x".repeat(300)}`, options()).q).toHaveLength(100);
  });
});

describe("narrowing", () => {
  test("by type, product and category, alone and together", () => {
    const sheets = narrow(documents, { ...NO_FILTERS, type: "data-sheet" });
    expect(sheets.length).toBeGreaterThan(5);
    expect(sheets.every((d) => d.type === "data-sheet")).toBe(true);
    expect(sheets).toEqual(documents.filter((d) => d.type === "data-sheet"));

    const pump = narrow(documents, { ...NO_FILTERS, product: "torque-pump" });
    expect(pump.map((d) => d.id)).toEqual(["torque-pump-datasheet"]);

    const fluid = narrow(documents, { ...NO_FILTERS, category: "fluid-transfer" });
    expect(fluid.map((d) => d.product?.slug).filter((s, i, a) => a.indexOf(s) === i).sort()).toEqual(
      data.categories.nodes.find((c) => c.slug === "fluid-transfer")!.products.map((p) => p.slug).sort(),
    );
    expect(narrow(documents, { ...NO_FILTERS, category: "fluid-transfer", type: "questionnaire" }).every((d) => d.category?.slug === "fluid-transfer" && d.type === "questionnaire")).toBe(true);
    expect(narrow(documents, { ...NO_FILTERS, type: "data-sheet", product: "torque-pump" }).map((d) => d.id)).toEqual(["torque-pump-datasheet"]);
    expect(narrow(documents, { ...NO_FILTERS, type: "catalogue", product: "torque-pump" })).toEqual([]);
    expect(narrow(documents, NO_FILTERS)).toEqual(documents);
  });

  test("by words: every word, any case or punctuation, in the title, product, category or type", () => {
    expect(narrow(documents, { ...NO_FILTERS, q: "TORQUE pump" }, typeLabel).map((d) => d.id)).toEqual(["torque-pump-datasheet"]);
    expect(narrow(documents, { ...NO_FILTERS, q: "quality" }, typeLabel).map((d) => d.id).sort()).toEqual(["quality-management-system-certificate", "quality-policy"]);
    // "certificate" is a type label as well as a word of the titles.
    expect(narrow(documents, { ...NO_FILTERS, q: "certificate" }, typeLabel).map((d) => d.type)).toEqual(["certificate", "certificate"]);
    // A category name with "&".
    expect(narrow(documents, { ...NO_FILTERS, q: "on-site atex" }, typeLabel).every((d) => d.category?.slug === "on-site-atex-machining")).toBe(true);
    expect(narrow(documents, { ...NO_FILTERS, q: "zzqx" }, typeLabel)).toEqual([]);
    expect(normaliseText("Health, Safety & Environment")).toBe("health safety environment");
  });
});

describe("sizes shown", () => {
  test("bytes, KB and MB", () => {
    const units = texts.sizeUnits;
    expect(formatSize(512, units)).toBe("512 bytes");
    expect(formatSize(2048, units)).toBe("2.0 KB");
    expect(formatSize(5734, units)).toBe("5.6 KB");
    expect(formatSize(40_960, units)).toBe("40 KB");
    expect(formatSize(3 * 1024 * 1024, units)).toBe("3.0 MB");
    expect(formatSize(12 * 1024 * 1024, units)).toBe("12 MB");
  });
});
