// The browser loads flexsearch's browser build; the build and the server its Node build: both read the Arabic index alike.
import FlexSearch from "flexsearch";
import { ARABIC_PREFIXES, arabicWords, encodeArabic, latinDigits, normalizeArabic, stripPrefixes } from "../../src/shared/search/arabic";
import { createIndex } from "../../src/shared/search/engine";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the browser build has no typings of its own
const FlexSearchBrowser: unknown = require("flexsearch/dist/flexsearch.min.js");

describe("Arabic search text: each rule", () => {
  it("removes short vowels, tanwin, shadda, sukun and the dagger alef", () => {
    // مَضَخَّةٌ: fatha, shadda, damma-tanwin; هٰذا: dagger alef.
    expect(arabicWords("مَضَخَّةٌ")).toEqual(arabicWords("مضخة"));
    expect(normalizeArabic("هٰذا")).toBe("هذا");
    expect(normalizeArabic("عَزْمِ")).toBe("عزم");
    for (let c = 0x064b; c <= 0x065f; c++) expect(normalizeArabic(`مض${String.fromCharCode(c)}خة`)).toBe("مضخه");
  });

  it("removes tatweel", () => {
    expect(normalizeArabic("مضـــخة")).toBe("مضخه");
    expect(arabicWords("عـزم الـدوران")).toEqual(arabicWords("عزم الدوران"));
  });

  it("folds the alef forms أ إ آ ٱ to ا", () => {
    for (const alef of ["أ", "إ", "آ", "ٱ"]) expect(normalizeArabic(`${alef}ذرع`)).toBe("اذرع");
    expect(arabicWords("أذرع التحميل")).toEqual(arabicWords("اذرع التحميل"));
  });

  it("folds ى to ي, ة to ه, ؤ to و and ئ to ي", () => {
    expect(normalizeArabic("على")).toBe("علي");
    expect(normalizeArabic("وحدة")).toBe("وحده");
    expect(normalizeArabic("مؤشر")).toBe("موشر");
    expect(normalizeArabic("هيئة")).toBe("هييه");
    expect(arabicWords("السفلى")).toEqual(arabicWords("السفلي"));
    expect(arabicWords("مضخه")).toEqual(arabicWords("مضخة"));
  });

  it("applies NFKC: presentation forms and ligatures are plain letters", () => {
    // ﻣﻀﺨﺔ: the four letters in their presentation forms; ﻻ: the lam-alef ligature.
    expect(normalizeArabic("\uFEE3\uFEC0\uFEA8\uFE94")).toBe("مضخه");
    expect(normalizeArabic("\uFEFB")).toBe("لا");
    // A hamza written as a combining mark composes, then folds.
    expect(normalizeArabic("ا\u0654ذرع")).toBe("اذرع");
  });

  it("writes Arabic-Indic and Extended Arabic-Indic digits as 0-9", () => {
    expect(latinDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(latinDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
    expect(arabicWords("TGA-٨٠")).toEqual(["tga", "80"]);
    expect(arabicWords("ASRT۵")).toEqual(["asrt5"]);
  });

  it("lower-cases Latin and splits on what is not a letter or a digit, as the English index reads model numbers", () => {
    expect(arabicWords("TWP-1000")).toEqual(["twp", "1000"]);
    expect(arabicWords("Torque Pump (TWP1000), 10,000 psi")).toEqual(["torque", "pump", "twp1000", "10", "000", "psi"]);
    expect(arabicWords("مضخة، عزم؛ الدوران؟ «TGA-80»")).toEqual(["مضخه", "عزم", "دوران", "tga", "80"]);
    expect(arabicWords("")).toEqual([]);
    expect(arabicWords(" - ، ")).toEqual([]);
  });

  it.each([
    ["المضخة", "مضخه"],
    ["والمضخة", "مضخه"],
    ["بالمضخة", "مضخه"],
    ["للمضخة", "مضخه"],
    ["ومضخة", "مضخه"],
    ["بمضخة", "مضخه"],
    ["لمضخة", "مضخه"],
    ["مضخة", "مضخه"],
  ])("removes the prefix of %s", (word, stem) => {
    expect(arabicWords(word)).toEqual([stem]);
  });

  it("removes the article when 2 letters remain, لل and a one-letter prefix when 3 remain", () => {
    expect(stripPrefixes("الشد")).toBe("شد");
    expect(stripPrefixes("والشد")).toBe("شد");
    expect(stripPrefixes("بالشد")).toBe("شد");
    expect(stripPrefixes("الف")).toBe("الف");
    expect(stripPrefixes("لقم")).toBe("لقم");
    expect(stripPrefixes("للقم")).toBe("لقم");
    expect(stripPrefixes("بلد")).toBe("بلد");
    expect(stripPrefixes("وشد")).toBe("وشد");
  });

  it("reads a word and the same word with any prefix alike, whatever its first letter", () => {
    for (const word of ["وحدة", "براغي", "بحرية", "لحام", "أذرع", "مفتاح", "لقم"]) {
      const [stem] = arabicWords(word);
      for (const [prefix] of ARABIC_PREFIXES) expect(arabicWords(prefix + word)).toEqual([stem]);
    }
    // A two-letter word is read alike with the article forms.
    for (const prefix of ["ال", "وال", "بال"]) expect(arabicWords(`${prefix}شد`)).toEqual(["شد"]);
  });

  it("leaves Latin words without prefixes", () => {
    expect(arabicWords("wall ball lloyd")).toEqual(["wall", "ball", "lloyd"]);
  });

  it("encodes to words joined by single spaces", () => {
    expect(encodeArabic("  مِضَخَّة   عـزم\tالدَّوران  TWP-١٠٠٠ ")).toBe("مضخه عزم دوران twp 1000");
  });
});

describe("Arabic index in flexsearch 0.6", () => {
  const docs: Record<string, string> = {
    pump: "مضخة عزم الدوران Torque Pump TWP-1000 TWP1000",
    wrench: "مفتاح عزم الدوران الهوائي Pneumatic Torque Wrench",
    arms: "أذرع التحميل السفلي Bottom Loading Arms",
  };

  it.each([
    ["Node build", FlexSearch],
    ["browser build", FlexSearchBrowser],
  ])("finds Arabic words, their variants and model numbers after export and import (%s)", (_name, flexsearch) => {
    const built = createIndex(flexsearch, "ar");
    for (const [id, text] of Object.entries(docs)) built.add(id, JSON.stringify({ text }));
    const index = createIndex(flexsearch, "ar");
    index.import(built.export());
    const find = (q: string) => index.search(q, 10).map(String).sort();
    expect(find("مضخة")).toEqual(["pump"]);
    expect(find("والمِضَخّـة")).toEqual(["pump"]);
    expect(find("مضخه")).toEqual(["pump"]);
    expect(find("مضخ")).toEqual(["pump"]);
    expect(find("عزم الدوران")).toEqual(["pump", "wrench"]);
    expect(find("بعزم دوران")).toEqual(["pump", "wrench"]);
    expect(find("اذرع السفلى")).toEqual(["arms"]);
    expect(find("TWP-1000")).toEqual(["pump"]);
    expect(find("twp-١٠٠٠")).toEqual(["pump"]);
    expect(find("TWP۱۰۰۰")).toEqual(["pump"]);
    expect(find("torque")).toEqual(["pump", "wrench"]);
    expect(find("xylophone")).toEqual([]);
  });
});
