import type { Lang } from "../i18n/lang";
import { arabicWords, latinDigits, normalizeArabic } from "./arabic";
import type { SearchRecord } from "./config";

/** The part of a flexsearch 0.6 index the search uses. */
export interface TextIndex {
  search(query: string, limit?: number): (string | number)[];
}

export type Store = Record<string, SearchRecord>;

const MODEL_PATTERN = /^([A-Z]+)-?(\d+)([A-Z]*)$/;

interface ModelFamily {
  prefix: string;
  min: number;
  max: number;
}

/** Splits a model code into its letters and number: "ACCM-24" -> ACCM, 24; "AST25Z" -> AST, 25. */
export function parseModel(code: string): { prefix: string; number: number } | null {
  const m = MODEL_PATTERN.exec(code.toUpperCase().trim());
  return m ? { prefix: m[1], number: Number(m[2]) } : null;
}

/**
 * The model families of a product: the specification often names only the
 * ends of a range ("ASRT1 to ASRT11"), so a model between them ("ASRT5")
 * belongs to the same product.
 */
export function modelFamilies(models: string[]): ModelFamily[] {
  const byPrefix = new Map<string, ModelFamily>();
  for (const code of models) {
    const parsed = parseModel(code);
    if (!parsed) continue;
    const f = byPrefix.get(parsed.prefix);
    if (f) {
      f.min = Math.min(f.min, parsed.number);
      f.max = Math.max(f.max, parsed.number);
    } else {
      byPrefix.set(parsed.prefix, { prefix: parsed.prefix, min: parsed.number, max: parsed.number });
    }
  }
  return [...byPrefix.values()];
}

/** True when a query word is one of the product's model codes or falls in one of its model ranges. */
export function matchesModel(word: string, models: string[]): boolean {
  const parsed = parseModel(word);
  if (!parsed) return false;
  const compact = word.toUpperCase().replace(/-/g, "");
  if (models.some((m) => m.toUpperCase().replace(/-/g, "") === compact)) return true;
  return modelFamilies(models).some((f) => f.prefix === parsed.prefix && parsed.number >= f.min && parsed.number <= f.max);
}

/** Levenshtein distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = 1): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      best = Math.min(best, cur[j]);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .filter((w) => w.length > 0);
}

/** A case-insensitive substring of the name or the category: the catalogue's plain search rule, which every query keeps. */
export function matchesSubstring(query: string, record: SearchRecord): boolean {
  const q = query.trim().toLowerCase();
  return q !== "" && (record.name.toLowerCase().includes(q) || record.category.toLowerCase().includes(q));
}

/**
 * Finds products for a query in the index of a language (English unless
 * told), best first:
 * 1. model codes, exact or within a named range ("ASRT5", "TGA80", "ACCM-24");
 * 2. every word of the query as a word or word prefix (the flexsearch index: "torq");
 * 3. the query as a case-insensitive substring of the name or the category;
 * 4. when nothing else matched, words one typo away from a word of the catalogue ("tensoner").
 */
export function searchProducts(index: TextIndex, store: Store, query: string, limit = 24, lang: Lang = "en"): SearchRecord[] {
  if (lang === "ar") return searchArabic(index, store, query, limit);
  const q = query.trim();
  if (q === "") return [];
  const records = Object.values(store);
  const found: string[] = [];
  const add = (slug: string) => {
    if (store[slug] && !found.includes(slug)) found.push(slug);
  };

  const queryWords = words(q);
  for (const r of records) {
    if (queryWords.some((w) => matchesModel(w, r.models))) add(r.slug);
  }
  for (const ref of index.search(q, limit)) add(String(ref));
  for (const r of records) {
    if (matchesSubstring(q, r)) add(r.slug);
  }

  if (found.length === 0) {
    const vocabulary = new Set(records.flatMap((r) => words(`${r.name} ${r.category}`)));
    const corrected = queryWords.map((w) => {
      if (w.length < 4 || vocabulary.has(w)) return w;
      for (const v of vocabulary) if (editDistance(w, v, 1) <= 1) return v;
      return w;
    });
    if (corrected.join(" ") !== queryWords.join(" ")) {
      for (const ref of index.search(corrected.join(" "), limit)) add(String(ref));
    }
  }
  return found.slice(0, limit).map((slug) => store[slug]);
}

/** The Arabic name, category and English name of a record, as the Arabic index reads them. */
const arabicText = (r: SearchRecord) => normalizeArabic(`${r.name} ${r.category} ${r.englishName ?? ""}`);

/**
 * How well a product's names answer the query's words (Arabic index): words
 * of the query that begin a word of the Arabic name count most, then those of
 * the English name; a name that begins with the query's first word, and a
 * name all of whose words the query holds, are better answers still. Ties
 * keep the index's order (where in the product's text the words are).
 */
function arabicNameScore(queryWords: string[], r: SearchRecord): number {
  const name = arabicWords(r.name);
  const english = arabicWords(r.englishName ?? "");
  const begins = (words: string[], w: string) => words.some((n) => n.startsWith(w));
  let score = 0;
  for (const w of queryWords) {
    if (begins(name, w)) score += 4;
    else if (begins(english, w)) score += 2;
  }
  const startsName = queryWords.length > 0 && name.length > 0 && name[0].startsWith(queryWords[0]);
  const wholeName = name.length > 0 && name.every((n) => queryWords.includes(n));
  return score * 100 + (startsName ? 50 : 0) + (wholeName ? 30 : 0);
}

/**
 * The same steps as searchProducts on the Arabic index, on the query as the
 * Arabic index reads it (arabic.ts): model codes typed in Arabic-Indic digits
 * are the codes in Latin digits; the substring rule and the typo fallback
 * compare normalised text; the index's answers are ordered by how well the
 * product's names hold the query's words.
 */
function searchArabic(index: TextIndex, store: Store, query: string, limit: number): SearchRecord[] {
  const q = query.trim();
  if (q === "") return [];
  const records = Object.values(store);
  const found: string[] = [];
  const add = (slug: string) => {
    if (store[slug] && !found.includes(slug)) found.push(slug);
  };

  const modelWords = words(latinDigits(q.normalize("NFKC")));
  for (const r of records) {
    if (modelWords.some((w) => matchesModel(w, r.models))) add(r.slug);
  }
  const queryWords = arabicWords(q);
  const ranked = (refs: (string | number)[], byWords: string[]) =>
    refs
      .map((ref, i) => ({ slug: String(ref), i, score: store[String(ref)] ? arabicNameScore(byWords, store[String(ref)]) : 0 }))
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .map((x) => x.slug);
  // Every answer of the index is ranked, not only the first `limit`: the index orders them by where the word is in the text.
  for (const slug of ranked(index.search(q, Math.max(limit, records.length)), queryWords)) add(slug);
  const normalized = normalizeArabic(q);
  for (const r of records) {
    if (normalized !== "" && arabicText(r).includes(normalized)) add(r.slug);
  }

  if (found.length === 0 && queryWords.length > 0) {
    const vocabulary = new Set(records.flatMap((r) => arabicWords(`${r.name} ${r.category} ${r.englishName ?? ""}`)));
    const corrected = queryWords.map((w) => {
      if (w.length < 4 || vocabulary.has(w)) return w;
      for (const v of vocabulary) if (editDistance(w, v, 1) <= 1) return v;
      return w;
    });
    if (corrected.join(" ") !== queryWords.join(" ")) {
      for (const slug of ranked(index.search(corrected.join(" "), Math.max(limit, records.length)), corrected)) add(slug);
    }
  }
  return found.slice(0, limit).map((slug) => store[slug]);
}
