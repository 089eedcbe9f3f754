/**
 * Text as the Arabic search index reads it: the encoder and splitter given to
 * flexsearch 0.6 for the Arabic index (its default splitter, /\W+/, throws
 * Arabic letters away, and its own Arabic charset throws Latin letters and
 * digits away, so model numbers would be lost). Pure functions, with no
 * dependency: the build (Node) indexes with them and the browser and the
 * server search with them, so the index and every query are read alike.
 *
 * A text becomes words:
 * 1. NFKC (presentation forms and ligatures become plain letters);
 * 2. short vowels and other marks (U+064B–U+065F, U+0670, Quranic marks) and
 *    tatweel (U+0640) are removed;
 * 3. letter variants fold: أ إ آ ٱ → ا, ى → ي, ة → ه, ؤ → و, ئ → ي (and the
 *    Persian ی ک → ي ك some keyboards type);
 * 4. Arabic-Indic digits (٠-٩, ۰-۹) become 0-9; Latin letters are lower-cased;
 * 5. anything that is not a letter or a digit (Arabic or Latin) separates
 *    words: "TWP-1000" gives "twp" and "1000", as the English index reads it;
 * 6. the article and the one-letter prefixes (ال، وال، بال، لل، و، ب، ل) are
 *    removed from the front of an Arabic word, longest first and again until
 *    none applies, as long as enough letters remain (2 after ال، وال، بال:
 *    "الشد" → "شد"; 3 after لل and a one-letter prefix, so "وحدة" is not
 *    "حد" but "حده", as "الوحدة" is): "والمضخة", "بالمضخة", "للمضخة" and "مضخة" all
 *    give "مضخه". Stripping again until no prefix is left reads a word with
 *    or without a prefix alike, whatever letter the word itself starts with.
 */

/** Marks removed from Arabic text: harakat, tanwin, shadda, sukun, hamza marks (U+064B–U+065F), the dagger alef (U+0670), Quranic annotation marks, and tatweel (U+0640). */
const MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]/g;

const FOLD: Readonly<Record<string, string>> = {
  "\u0623": "\u0627", // أ → ا
  "\u0625": "\u0627", // إ → ا
  "\u0622": "\u0627", // آ → ا
  "\u0671": "\u0627", // ٱ → ا
  "\u0649": "\u064A", // ى → ي
  "\u0629": "\u0647", // ة → ه
  "\u0624": "\u0648", // ؤ → و
  "\u0626": "\u064A", // ئ → ي
  "\u06CC": "\u064A", // Persian yeh ی → ي
  "\u06A9": "\u0643", // keheh ک → ك
};
const FOLDED = new RegExp(`[${Object.keys(FOLD).join("")}]`, "g");

/** Arabic-Indic (U+0660–0669) and Extended Arabic-Indic (U+06F0–06F9) digits. */
const INDIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * Runs of letters and digits: Latin (basic and Latin-1/Extended-A/B letters)
 * and Arabic (the Arabic block's letters, after the folding above, and the
 * Arabic Supplement). Everything else separates words.
 */
const WORD = /[0-9a-z\u00DF-\u00F6\u00F8-\u024F\u0621-\u063A\u0641-\u064A\u066E-\u066F\u0671-\u06D3\u06D5\u06EE-\u06EF\u06FA-\u06FC\u06FF\u0750-\u077F]+/g;

/** Prefixes removed from the front of an Arabic word, longest first, with the letters that must remain after each. */
export const ARABIC_PREFIXES: readonly (readonly [prefix: string, minStem: number])[] = [
  ["وال", 2],
  ["بال", 2],
  ["ال", 2],
  // ل + ال before a word: "للمضخة". 3 letters must remain, as after ل alone: "للقم" is "لقم" (sockets) with ل.
  ["لل", 3],
  ["و", 3],
  ["ب", 3],
  ["ل", 3],
];

const ARABIC_LETTER = /^[\u0621-\u064A]/;

/** Arabic-Indic digits as ASCII digits: "TGA-٨٠" → "TGA-80". */
export function latinDigits(text: string): string {
  return text.replace(INDIC_DIGITS, (d) => String((d.charCodeAt(0) & 0x0f) % 10));
}

/**
 * Steps 1 to 4: NFKC, marks and tatweel removed, letter variants folded,
 * digits in ASCII, Latin in lower case. Spaces and punctuation are kept, so a
 * name stays readable and a substring of it can be looked for.
 */
export function normalizeArabic(text: string): string {
  return latinDigits(text.normalize("NFKC").replace(MARKS, "").replace(FOLDED, (c) => FOLD[c])).toLowerCase();
}

/** Step 6 on one word: the article and the one-letter prefixes removed while enough letters remain. */
export function stripPrefixes(word: string): string {
  let stem = word;
  for (;;) {
    if (!ARABIC_LETTER.test(stem)) return stem;
    const found = ARABIC_PREFIXES.find(([prefix, minStem]) => stem.startsWith(prefix) && stem.length - prefix.length >= minStem);
    if (!found) return stem;
    stem = stem.slice(found[0].length);
  }
}

/** The words of a text as the Arabic index holds them (steps 1 to 6). */
export function arabicWords(text: string): string[] {
  return (normalizeArabic(text).match(WORD) ?? []).map(stripPrefixes);
}

/**
 * The flexsearch encoder of the Arabic index: the words of the text, joined
 * by single spaces, which ARABIC_SPLIT then separates.
 */
export function encodeArabic(text: string): string {
  return arabicWords(text).join(" ");
}

/** The flexsearch splitter of the Arabic index: encodeArabic has already made the words. */
export const ARABIC_SPLIT = / +/;
