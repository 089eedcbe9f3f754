/**
 * `npm run content:check` (scripts/content/check.mjs) run as the build runs
 * it, on a copy of data/ with one mistake of every kind planted: it exits 1
 * and names each one by file, line (the line the mistake is on) and field, in
 * plain words, every one at once; on the repository's data it exits 0.
 * `npm run content:format` puts a file back in the editor's layout.
 *
 * The Arabic overlays (data/<path>.ar.json) are written into the copies by
 * `content:translations --write` (the English texts in place) and given
 * stand-in Arabic (the repository's own overlays, when there are, are kept
 * and checked as they are); the mistakes planted in them (a missing file, a
 * missing text, a list of another length, English left in place) are named
 * by file, line and field too.
 */
import { spawnSync } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import sharp from "sharp";
import { standInArabic, writeStandInOverlays } from "../../content/stand-in-arabic";

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, "..", "..", "..");
const CHECK = path.join(ROOT, "scripts", "content", "check.mjs");
const FORMAT = path.join(ROOT, "scripts", "content", "format.mjs");
const TRANSLATIONS = path.join(ROOT, "scripts", "content", "translations.mjs");

function run(script: string, args: string[], env: NodeJS.ProcessEnv = {}): { status: number | null; lines: string[] } {
  const result = spawnSync(process.execPath, [script, ...args], { cwd: ROOT, encoding: "utf8", env: { ...process.env, CONTENT_ARABIC: "", ...env } });
  return { status: result.status, lines: `${result.stdout}${result.stderr}`.split("\n").filter(Boolean) };
}

let root: string;
/** A copy of the repository's data with every overlay present: content:check passes it. */
let full: string;
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const readJson = (file: string) => JSON.parse(read(file));
/** Writes data in the editor's layout, as an editor's save does. */
const writeJson = (file: string, data: unknown) => fs.writeFileSync(path.join(root, file), `${JSON.stringify(data, null, 2)}\n`);
/** The 1-based line of the first line holding `needle` (after the first line holding `after`, when given). */
function lineOf(file: string, needle: string, after?: string): number {
  const lines = read(file).split("\n");
  const start = after === undefined ? 0 : lines.findIndex((l) => l.includes(after));
  const index = lines.findIndex((l, i) => i >= start && l.includes(needle));
  if (start < 0 || index < 0) throw new Error(`${needle} is not in ${file}`);
  return index + 1;
}

/** What each planted mistake must produce: the start of its output line ("file:line: pointer: ") and words of its message. */
const expected: { name: string; prefix: string; words: string[] }[] = [];
const expect1 = (name: string, file: string, line: number, pointer: string, ...words: string[]) => expected.push({ name, prefix: `${file}:${line}: ${pointer}: `, words });

beforeAll(async () => {
  full = fs.mkdtempSync(path.join(os.tmpdir(), "content-check-full-"));
  fs.cpSync(path.join(ROOT, "data"), path.join(full, "data"), { recursive: true });
  writeStandInOverlays(full);
  root = fs.mkdtempSync(path.join(os.tmpdir(), "content-check-test-"));
  fs.cpSync(path.join(ROOT, "data"), path.join(root, "data"), { recursive: true });

  // In data/careers.json: a missing field (an opening without its date), a date that is no day of the
  // calendar, and a field written twice (which also takes the file out of the editor's layout).
  const careers = readJson("data/careers.json");
  const role = careers.openings.roles[1];
  delete role.datePosted;
  careers.openings.roles[0].datePosted = "2026-02-30";
  writeJson("data/careers.json", careers);
  const careersText = read("data/careers.json");
  const applyAt = careersText.indexOf('    "applyLabel"');
  fs.writeFileSync(path.join(root, "data", "careers.json"), `${careersText.slice(0, applyAt)}    "heading": "Written twice",\n${careersText.slice(applyAt)}`);
  expect1("missing field", "data/careers.json", lineOf("data/careers.json", JSON.stringify(role.title)) - 1, "/openings/roles/1", "`openings.roles[1]` lacks `datePosted`");
  expect1("impossible date", "data/careers.json", lineOf("data/careers.json", "2026-02-30"), "/openings/roles/0/datePosted", "is 2026-02-30, which is not a day of the calendar");
  expect1("field written twice", "data/careers.json", lineOf("data/careers.json", "Written twice"), "/openings/heading", "`openings.heading` is written twice");
  const wanted = `${JSON.stringify(JSON.parse(read("data/careers.json")), null, 2)}\n`.split("\n");
  const layoutLine = read("data/careers.json").split("\n").findIndex((l, i) => l !== wanted[i]) + 1;
  expect1("out of layout", "data/careers.json", layoutLine, "/", "npm run content:format");

  // An unknown field (a typo) in another file is reported too.
  const search = readJson("data/search.json");
  search.meta.titel = search.meta.title;
  writeJson("data/search.json", search);
  expect1("unknown field", "data/search.json", lineOf("data/search.json", '"titel"'), "/meta/titel", "`meta.titel` is not a field of this file");

  // The first product (by file name) with a specification table: a row one cell short, and a wrong type.
  const productFile = fs
    .readdirSync(path.join(root, "data", "products"))
    .filter((f) => !f.endsWith(".ar.json"))
    .sort()
    .map((f) => `data/products/${f}`)
    .find((f) => readJson(f).tabs.some((t: { tables?: { columns: unknown[]; rows: unknown[] }[] }) => t.tables?.some((table) => table.columns.length >= 2 && table.rows.some(Array.isArray)))) as string;
  const product = readJson(productFile);
  const t = product.tabs.findIndex((tab: { tables?: unknown[] }) => tab.tables);
  const n = product.tabs[t].tables.findIndex((table: { columns: unknown[] }) => table.columns.length >= 2);
  const table = product.tabs[t].tables[n];
  const r = table.rows.findIndex(Array.isArray);
  table.rows[r] = ["PLANTED SHORT ROW", ...table.rows[r].slice(1, -1)];
  product.imageIds[0] = String(product.imageIds[0]);
  const photos = ["planted-missing.jpg", "planted-small.jpg"];
  product.photos = photos;
  writeJson(productFile, product);
  const rowPointer = `/tabs/${t}/tables/${n}/rows/${r}`;
  const columns = table.columns.length;
  // Its Arabic keeps step with the English row (one cell fewer): the planted mistake is the English file's alone.
  const overlayFile = productFile.replace(/\.json$/, ".ar.json");
  if (fs.existsSync(path.join(root, overlayFile))) {
    const overlay = readJson(overlayFile);
    const arabicRow = overlay.tabs?.[t]?.tables?.[n]?.rows?.[r];
    if (Array.isArray(arabicRow)) overlay.tabs[t].tables[n].rows[r] = arabicRow.slice(0, columns - 1);
    writeJson(overlayFile, overlay);
  }
  expect1("table row too short", productFile, lineOf(productFile, "PLANTED SHORT ROW") - 1, rowPointer, `\`tabs[${t}].tables[${n}].rows[${r}]\` has ${columns - 1} cell${columns - 1 === 1 ? "" : "s"}; the table has ${columns} columns`);
  expect1("wrong type", productFile, lineOf(productFile, `"${product.imageIds[0]}"`, '"imageIds"'), "/imageIds/0", `\`imageIds[0]\` should be a whole number, not the text "${product.imageIds[0]}"`);
  // A file reference that does not exist, and a photo too small for the gallery (800 px).
  expect1("missing file", productFile, lineOf(productFile, "planted-missing.jpg"), "/photos/0", "`photos[0]`: data/media/products/planted-missing.jpg does not exist");
  await sharp({ create: { width: 400, height: 300, channels: 3, background: "#808080" } })
    .jpeg()
    .toFile(path.join(root, "data", "media", "products", "planted-small.jpg"));
  expect1("photo too small", productFile, lineOf(productFile, "planted-small.jpg"), "/photos/1", "`photos[1]`: data/media/products/planted-small.jpg is 400 px wide; a product photo needs at least 800 px");

  // A PDF that is not one.
  const documents = readJson("data/documents.json");
  documents.policies[0].file = "planted-policy.pdf";
  writeJson("data/documents.json", documents);
  fs.writeFileSync(path.join(root, "data", "media", "documents", "planted-policy.pdf"), "This is a text file named .pdf\n");
  expect1("not a PDF", "data/documents.json", lineOf("data/documents.json", "planted-policy.pdf"), "/policies/0/file", "`policies[0].file`: data/media/documents/planted-policy.pdf is not a PDF");

  // A logo with no size.
  const home = readJson("data/home.json");
  home.trustedBy.logos[0].image = "planted-logo.svg";
  writeJson("data/home.json", home);
  fs.writeFileSync(path.join(root, "data", "media", "logos", "planted-logo.svg"), '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>\n');
  expect1("SVG without size", "data/home.json", lineOf("data/home.json", "planted-logo.svg"), "/trustedBy/logos/0/image", "data/media/logos/planted-logo.svg has no size");

  // A product listed by a category that does not exist.
  const categoryFile = fs
    .readdirSync(path.join(root, "data", "categories"))
    .filter((f) => !f.endsWith(".ar.json"))
    .sort()[0];
  const category = readJson(`data/categories/${categoryFile}`);
  category.products.push("planted-product");
  writeJson(`data/categories/${categoryFile}`, category);
  expect1("unknown product", `data/categories/${categoryFile}`, lineOf(`data/categories/${categoryFile}`, '"planted-product"'), `/products/${category.products.length - 1}`, 'there is no product "planted-product"');

  // The Arabic, written for the English as planted so far (a broken English file has no skeleton).
  writeStandInOverlays(root);

  // An English file without its Arabic.
  fs.rmSync(path.join(root, "data", "offline-page.ar.json"));
  expect1("Arabic file missing", "data/offline-page.ar.json", 1, "/", "there is no Arabic for data/offline-page.json", "npm run content:translations -- data/offline-page.json");

  // In data/about.ar.json: a text missing (its line is its parent's), a list one item short, English left in place.
  const about = readJson("data/about.json");
  const aboutAr = readJson("data/about.ar.json");
  delete aboutAr.hero.heading;
  aboutAr.background.paragraphs.pop();
  aboutAr.coreValues.items[1].title = about.coreValues.items[1].title;
  writeJson("data/about.ar.json", aboutAr);
  expect1("Arabic text missing", "data/about.ar.json", lineOf("data/about.ar.json", '"hero"'), "/hero/heading", `the Arabic of ${JSON.stringify(about.hero.heading)} is missing`);
  expect1("Arabic list too short", "data/about.ar.json", lineOf("data/about.ar.json", '"paragraphs"', '"background"'), "/background/paragraphs", `\`background.paragraphs\` has ${about.background.paragraphs.length - 1} items; the English has ${about.background.paragraphs.length}`);
  expect1("English left in place", "data/about.ar.json", lineOf("data/about.ar.json", JSON.stringify(about.coreValues.items[1].title)), "/coreValues/items/1/title", `the Arabic of ${JSON.stringify(about.coreValues.items[1].title)} is missing: the English is left in place`);
  // A field the English does not translate (a link), and one the English does not have.
  const homeAr = readJson("data/home.ar.json");
  homeAr.hero.cta.to = "/ar/contact";
  homeAr.hero.planted = "نص";
  writeJson("data/home.ar.json", homeAr);
  expect1("untranslated field in the Arabic", "data/home.ar.json", lineOf("data/home.ar.json", '"/ar/contact"'), "/hero/cta/to", "`hero.cta.to` is not translated (the same in both languages): remove it from the Arabic");
  expect1("unknown field in the Arabic", "data/home.ar.json", lineOf("data/home.ar.json", '"planted"'), "/hero/planted", "`planted` is not in the English file");
  // The Arabic of a product: specification cells left null (shown as in English) are no mistake.
  const productAr = readJson(productFile.replace(/\.json$/, ".ar.json"));
  productAr.tabs[t].tables[n].rows[r] = productAr.tabs[t].tables[n].rows[r].map(() => null);
  writeJson(productFile.replace(/\.json$/, ".ar.json"), productAr);

  // Broken JSON: a comma missing at the end of a line (the next line is where JSON breaks).
  const brokenFile = "data/not-found.json";
  const text = read(brokenFile);
  const at = text.indexOf('",\n');
  fs.writeFileSync(path.join(root, brokenFile), `${text.slice(0, at + 1)}${text.slice(at + 2)}`);
  const brokenLine = text.slice(0, at).split("\n").length + 1;
  expect1("broken JSON", brokenFile, brokenLine, "/", "the JSON is broken", "a comma was expected");

  // Not in the editor's layout: a list on one line.
  const forms = readJson("data/form-words.json");
  fs.writeFileSync(path.join(root, "data", "form-words.json"), JSON.stringify(forms, null, 4));
  expect1("layout", "data/form-words.json", 2, "/", "npm run content:format");
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(full, { recursive: true, force: true });
});

describe("content:check", () => {
  it("passes the repository's data with its Arabic, saying so in one line", () => {
    const { status, lines } = run(CHECK, ["--root", full]);
    expect(lines).toEqual([expect.stringMatching(/^content:check: \d+ data files match their \d+ schemas and pass \d+ checks$/)]);
    expect(status).toBe(0);
  });

  it("fails where an English file has no Arabic, unless CONTENT_ARABIC=optional says they are not in yet", () => {
    fs.renameSync(path.join(full, "data", "about.ar.json"), path.join(full, "data", "about.ar.json.away"));
    try {
      const strict = run(CHECK, ["--root", full]);
      expect(strict.status).toBe(1);
      expect(strict.lines[0]).toMatch(/^data\/about\.ar\.json:1: \/: there is no Arabic for data\/about\.json/);
      const optional = run(CHECK, ["--root", full], { CONTENT_ARABIC: "optional" });
      expect(optional.status).toBe(0);
      expect(optional.lines).toContainEqual(expect.stringMatching(/CONTENT_ARABIC=optional: 1 Arabic file is missing, not counted as errors: data\/about\.ar\.json$/));
    } finally {
      fs.renameSync(path.join(full, "data", "about.ar.json.away"), path.join(full, "data", "about.ar.json"));
    }
  });

  it("content:translations prints the skeleton of a file without its Arabic, and what an existing one lacks", () => {
    const english = JSON.parse(fs.readFileSync(path.join(ROOT, "data", "not-found.json"), "utf8"));
    fs.rmSync(path.join(full, "data", "not-found.ar.json"));
    const skeleton = spawnSync(process.execPath, [TRANSLATIONS, "--root", full, "data/not-found.json"], { cwd: ROOT, encoding: "utf8" });
    expect(skeleton.status).toBe(0);
    const printed = JSON.parse(skeleton.stdout);
    // The texts in English, the links left out, the list as long as the English one.
    expect(printed.heading).toBe(english.heading);
    expect(printed.links).toEqual(english.links.map((link: { label: string }) => ({ label: link.label })));
    printed.links.pop();
    fs.writeFileSync(path.join(full, "data", "not-found.ar.json"), `${JSON.stringify(standInArabic(printed), null, 2)}\n`);
    const lacks = run(TRANSLATIONS, ["--root", full, "data/not-found.ar.json"]);
    expect(lacks.status).toBe(1);
    expect(lacks.lines).toContain(`data/not-found.ar.json:${fs.readFileSync(path.join(full, "data", "not-found.ar.json"), "utf8").split("\n").findIndex((l) => l.includes('"links"')) + 1}: /links: \`links\` has ${english.links.length - 1} items; the English has ${english.links.length}: one Arabic item per English item, in the same order`);
    fs.rmSync(path.join(full, "data", "not-found.ar.json"));
    writeStandInOverlays(full);
    expect(run(TRANSLATIONS, ["--root", full, "data/not-found.json"]).lines).toEqual(["data/not-found.ar.json: complete: every text of data/not-found.json has its Arabic"]);
  });

  it("fails on every planted mistake at once, each with its file, line, field and plain words, and nothing else", () => {
    const { status, lines } = run(CHECK, ["--root", root]);
    expect(status).toBe(1);
    const problems = lines.slice(0, -1);
    for (const { name, prefix, words } of expected) {
      const line = problems.find((l) => l.startsWith(prefix));
      expect({ name, line }).toEqual({ name, line: expect.stringContaining(prefix) });
      for (const word of words) expect({ name, line }).toEqual({ name, line: expect.stringContaining(word) });
    }
    expect(problems).toHaveLength(expected.length);
    expect(lines.at(-1)).toMatch(new RegExp(`^content:check: ${expected.length} errors in \\d+ files`));
  });

  it("content:format puts a file back in the editor's layout, values unchanged", () => {
    const before = readJson("data/form-words.json");
    const { status, lines } = run(FORMAT, ["--root", root]);
    expect(lines).toContain("data/form-words.json: rewritten in the editor's layout");
    expect(read("data/form-words.json")).toBe(`${JSON.stringify(before, null, 2)}\n`);
    expect(status).toBe(1); // the broken file, and the one with a field written twice, are named, not rewritten
    expect(lines).toContain(expected.find((e) => e.name === "broken JSON")?.prefix.replace(/ \/: $/, " not rewritten: the JSON is broken: a comma was expected (between two fields or two items)"));
  expect(lines).toContain(expected.find((e) => e.name === "field written twice")?.prefix.replace(/ \/openings\/heading: $/, " not rewritten: `openings.heading` is written twice in the same place; only the last one counts: remove the other"));
  });
});
