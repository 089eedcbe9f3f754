/**
 * Arabic words beside the English: every English data file data/<path>.json
 * has an overlay data/<path>.ar.json holding only its translatable strings,
 * at the same JSON paths (objects keep the keys that lead to a translation,
 * arrays keep the English length and order). The Arabic document is the
 * English one with the overlay's strings put in place of the English ones:
 * figures, ids, links, pictures and everything else come from the English
 * file, so they cannot drift apart.
 *
 *   mergeOverlay({ slug: "torque-pump", name: "Torque Pump", tabs: [{ id: "a", label: "Features" }] },
 *                { name: "مضخة عزم الدوران", tabs: [{ label: "المزايا" }] })
 *   // { slug: "torque-pump", name: "مضخة عزم الدوران", tabs: [{ id: "a", label: "المزايا" }] }
 *
 * Which strings an overlay must hold is said by the content schemas
 * (scripts/content/lib/translations.mjs, `npm run content:check`); the merge
 * itself needs no schema. Plain CommonJS with its types in overlay.d.cts, so
 * the build (gatsby-node), the content check and the tests load it as it is.
 */
"use strict";

/** The suffix of an overlay file: data/about.json -> data/about.ar.json. */
const OVERLAY_SUFFIX = ".ar.json";

/** @param {unknown} value */
const isPlainObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The Arabic document: `english` with each string of `overlay` in place of
 * the English value at the same path. Where the overlay has nothing (absent
 * or null: "as in English", e.g. a specification cell of pure figures), or a
 * value of another shape than the English (a string where the English has a
 * number), the English value is kept; keys of the overlay that the English
 * does not have are ignored (content:check reports both). Neither argument is
 * changed; the result shares no object or array with them.
 *
 * @param {unknown} english
 * @param {unknown} overlay
 * @returns {unknown}
 */
function mergeOverlay(english, overlay) {
  if (Array.isArray(english)) {
    const over = Array.isArray(overlay) ? overlay : [];
    return english.map((item, i) => mergeOverlay(item, over[i]));
  }
  if (isPlainObject(english)) {
    const over = isPlainObject(overlay) ? overlay : {};
    const out = {};
    for (const [key, value] of Object.entries(english)) out[key] = mergeOverlay(value, Object.prototype.hasOwnProperty.call(over, key) ? over[key] : undefined);
    return out;
  }
  if (typeof english === "string" && typeof overlay === "string") return overlay;
  return english;
}

/** Whether a data file is an overlay ("data/about.ar.json", "data/products/torque-pump.ar.json"). @param {string} file */
const isOverlayFile = (file) => file.endsWith(OVERLAY_SUFFIX);

/** The overlay of an English data file: data/about.json -> data/about.ar.json. @param {string} file */
const overlayFileOf = (file) => (isOverlayFile(file) ? file : file.replace(/\.json$/, OVERLAY_SUFFIX));

/** The English file of an overlay: data/about.ar.json -> data/about.json (an English file is returned as it is). @param {string} file */
const englishFileOf = (file) => (isOverlayFile(file) ? file.slice(0, -OVERLAY_SUFFIX.length) + ".json" : file);

/**
 * Whether a text holds an Arabic letter (U+0621-U+064A, U+066E-U+06D3, U+06FA-U+06FF, the
 * presentation forms): Arabic-Indic digits, punctuation and diacritics alone are not words.
 * @param {string} text
 */
const hasArabicLetter = (text) => /[\u0621-\u063A\u0641-\u064A\u066E-\u06D3\u06FA-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFC]/u.test(text);

module.exports = { OVERLAY_SUFFIX, mergeOverlay, isOverlayFile, overlayFileOf, englishFileOf, hasArabicLetter };
