/**
 * The queries the search is measured with (npm run bench:search) and tested
 * with (tests/unit/arabic-search.test.ts), made at run time from the
 * catalogue in data/, so they stay right when a name or a model changes:
 *
 * - English: each product's name, the name in lower case, and each of its
 *   model codes;
 * - Arabic: each product's Arabic name (data/products/<slug>.ar.json) as it
 *   is and in the variants an Arabic reader types (arabicVariants), each of
 *   its model codes in Arabic-Indic digits, and a hand-written list of
 *   realistic queries (ARABIC_EXTRA_QUERIES).
 *
 * A query expects one or more products; it "finds its product first" when
 * the first result is one of them, and "in the top 3" when every one of them
 * is within the first max(3, how many it expects) results. A model code that
 * two products share (the sockets and the square drive wrench) expects both.
 */
const fs = require("fs");
const path = require("path");

const FATHA = "\u064E";
const DAMMA = "\u064F";
const KASRA = "\u0650";
const SUKUN = "\u0652";
const SHADDA = "\u0651";
const DAMMATAN = "\u064C";
const TATWEEL = "\u0640";
/** Letters that never join the next one: tatweel cannot follow them. */
const NON_JOINING = new Set([..."اأإآٱدذرزوؤةءى"]);
const ARABIC_LETTER = /[\u0621-\u064A]/;
const INDIC = "٠١٢٣٤٥٦٧٨٩";
const EXTENDED_INDIC = "۰۱۲۳۴۵۶۷۸۹";

/** The data files of a folder of data/: English ones, and the overlay of each (null when it has none). */
function readFolder(root, dir) {
  const folder = path.join(root, "data", dir);
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith(".json") && !f.endsWith(".ar.json"))
    .sort()
    .map((f) => {
      const overlayFile = path.join(folder, f.replace(/\.json$/, ".ar.json"));
      return {
        english: JSON.parse(fs.readFileSync(path.join(folder, f), "utf8")),
        overlay: fs.existsSync(overlayFile) ? JSON.parse(fs.readFileSync(overlayFile, "utf8")) : null,
      };
    });
}

/** The strings of an overlay's top level laid over the English (what the search indexes: name, short description). */
function twin(english, overlay) {
  const merged = { ...english };
  for (const [key, value] of Object.entries(overlay ?? {})) if (typeof value === "string") merged[key] = value;
  return merged;
}

/**
 * The catalogue as the two search indexes are built from it: the English
 * product and category nodes, and their Arabic twins (the overlays' strings
 * laid over the English). `missingArabic` names the products without an
 * overlay.
 */
function readCatalogue(root) {
  const products = readFolder(root, "products");
  const categories = readFolder(root, "categories");
  return {
    english: { products: products.map((p) => p.english), categories: categories.map((c) => c.english) },
    arabic: { products: products.map((p) => twin(p.english, p.overlay)), categories: categories.map((c) => twin(c.english, c.overlay)) },
    missingArabic: products.filter((p) => !p.overlay || typeof p.overlay.name !== "string").map((p) => p.english.slug),
  };
}

const words = (name) => name.split(/\s+/).filter(Boolean);
const hasArticle = (w) => w.startsWith("ال") && w.length > 3;

/** Short vowels on every letter (fatha, kasra, damma, sukun in turn), a shadda on the first word's second letter, tanwin at the end. */
function withDiacritics(name) {
  const marks = [FATHA, KASRA, DAMMA, SUKUN];
  let n = 0;
  const voweled = words(name).map((w, wi) =>
    [...w]
      .map((c, i) => {
        if (!ARABIC_LETTER.test(c) || "اى".includes(c)) return c;
        return c + (wi === 0 && i === 1 ? SHADDA : "") + marks[n++ % marks.length];
      })
      .join(""),
  );
  const last = voweled.length - 1;
  if (ARABIC_LETTER.test(voweled[last].slice(-2, -1))) voweled[last] = voweled[last].slice(0, -1) + DAMMATAN;
  return voweled.join(" ");
}

/** Tatweel after the first joining letter of every word of 3 letters or more. */
function withTatweel(name) {
  return words(name)
    .map((w) => {
      const letters = [...w];
      if (letters.length < 3) return w;
      const i = letters.findIndex((c, k) => k < letters.length - 1 && ARABIC_LETTER.test(c) && ARABIC_LETTER.test(letters[k + 1]) && !NON_JOINING.has(c));
      return i < 0 ? w : [...letters.slice(0, i + 1), TATWEEL + TATWEEL, ...letters.slice(i + 1)].join("");
    })
    .join(" ");
}

/** The first word with a one-letter prefix: و، ب، ل (ل + ال is written لل). */
function withPrefix(name, prefix) {
  const [first, ...rest] = words(name);
  const prefixed = prefix === "ل" && hasArticle(first) ? `ل${first.slice(1)}` : prefix + first;
  return [prefixed, ...rest].join(" ");
}

/**
 * The variants of an Arabic product name an Arabic reader types, each with
 * its kind: the name; without the article; with the article on its first
 * word; with short vowels; with tatweel; alef with and without hamza; final
 * yaa as alef maqsura and back; taa marbuta as haa; و، ب، ل before it. A
 * variant that would be the name itself (no alef, yaa or taa marbuta to
 * change) is left out.
 */
function arabicVariants(name) {
  const variants = [["name", name]];
  const w = words(name);
  variants.push(["without article", w.map((x) => (hasArticle(x) ? x.slice(2) : x)).join(" ")]);
  if (!hasArticle(w[0]) && ARABIC_LETTER.test(w[0][0])) variants.push(["with article", [`ال${w[0]}`, ...w.slice(1)].join(" ")]);
  variants.push(["diacritics", withDiacritics(name)]);
  variants.push(["tatweel", withTatweel(name)]);
  variants.push(["alef without hamza", name.replace(/[أإآ]/g, "ا")]);
  variants.push([
    "alef with hamza",
    w
      .map((x) => {
        if (x.startsWith("الا")) return `الإ${x.slice(3)}`;
        if (x.startsWith("ا") && !x.startsWith("ال")) return `أ${x.slice(1)}`;
        return x;
      })
      .join(" "),
  ]);
  variants.push(["yaa as alef maqsura", w.map((x) => x.replace(/ي$/, "ى")).join(" ")]);
  variants.push(["alef maqsura as yaa", name.replace(/ى/g, "ي")]);
  variants.push(["taa marbuta as haa", name.replace(/ة/g, "ه")]);
  for (const prefix of ["و", "ب", "ل"]) variants.push([`prefix ${prefix}`, withPrefix(name, prefix)]);
  const seen = new Set();
  return variants
    .filter(([kind, query]) => kind === "name" || query !== name)
    .filter(([, query]) => !seen.has(query) && seen.add(query))
    .map(([kind, query]) => ({ kind, query }));
}

/** A model code with Arabic-Indic digits (٠-٩), or Extended Arabic-Indic (۰-۹). */
function indicDigits(code, extended = false) {
  const digits = extended ? EXTENDED_INDIC : INDIC;
  return code.replace(/[0-9]/g, (d) => digits[Number(d)]);
}

/** The products that name a model code. */
function holders(products, code) {
  return products.filter((p) => (p.models ?? []).includes(code)).map((p) => p.slug);
}

/** English queries: each product's name, in lower case, and its model codes. */
function englishQueries(products) {
  const queries = [];
  for (const p of products) {
    queries.push({ kind: "name", query: p.name, expect: [p.slug] });
    queries.push({ kind: "name in lower case", query: p.name.toLowerCase(), expect: [p.slug] });
    for (const code of p.models ?? []) queries.push({ kind: "model", query: code, expect: holders(products, code) });
  }
  return queries;
}

/**
 * Realistic queries an Arabic buyer types, written by hand
 * (scripts/bench/search-queries.ar.json): short forms of the names, singulars
 * and words of the descriptions, English names and model codes typed on the
 * Arabic page. Each names the products that answer it.
 */
const ARABIC_EXTRA_QUERIES = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "scripts", "bench", "search-queries.ar.json"), "utf8")).queries;

/** Arabic queries: the variants of each product's Arabic name, its model codes in Arabic-Indic digits, and the hand-written ones. */
function arabicQueries(products) {
  const queries = [];
  for (const p of products) {
    for (const v of arabicVariants(p.name)) queries.push({ ...v, expect: [p.slug] });
    (p.models ?? []).forEach((code, i) => {
      if (!/[0-9]/.test(code)) return;
      queries.push({ kind: "model in Arabic-Indic digits", query: indicDigits(code), expect: holders(products, code) });
      if (i === 0) queries.push({ kind: "model in Extended Arabic-Indic digits", query: indicDigits(code, true), expect: holders(products, code) });
    });
  }
  const slugs = new Set(products.map((p) => p.slug));
  for (const q of ARABIC_EXTRA_QUERIES) {
    const expect = q.expect.filter((s) => slugs.has(s));
    if (expect.length > 0) queries.push({ kind: "hand-written", query: q.query, expect });
  }
  return queries;
}

/**
 * How many `queries` find their product first and in the top 3 with
 * `search` (query → result slugs, best first), and the queries that miss.
 */
function rankFigures(search, queries) {
  let first = 0;
  let top3 = 0;
  const misses = [];
  for (const q of queries) {
    const found = search(q.query);
    const isFirst = found.length > 0 && q.expect.includes(found[0]);
    const window = found.slice(0, Math.max(3, q.expect.length));
    const inTop = q.expect.length > 0 && q.expect.every((s) => window.includes(s));
    if (isFirst) first++;
    if (inTop) top3++;
    if (!isFirst || !inTop) misses.push({ ...q, found: found.slice(0, 5), first: isFirst, top3: inTop });
  }
  return { total: queries.length, first, top3, misses };
}

module.exports = { readCatalogue, arabicVariants, indicDigits, englishQueries, arabicQueries, rankFigures, ARABIC_EXTRA_QUERIES };
