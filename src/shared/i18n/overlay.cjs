"use strict";
/**
 * An Arabic overlay merged onto its English data file: the overlay's strings
 * replace the English ones at the same paths; what the overlay leaves out, or
 * gives as null (a specification cell shown as in English: a figure, a model),
 * stays the English value. Arrays are merged element by element.
 */
function mergeOverlay(english, overlay) {
  if (overlay === undefined || overlay === null) return english;
  if (Array.isArray(english)) {
    if (!Array.isArray(overlay)) return english;
    return english.map((item, i) => mergeOverlay(item, overlay[i]));
  }
  if (english && typeof english === "object") {
    if (!overlay || typeof overlay !== "object" || Array.isArray(overlay)) return english;
    const merged = {};
    for (const [key, value] of Object.entries(english)) merged[key] = mergeOverlay(value, overlay[key]);
    return merged;
  }
  if (typeof english === "string" && typeof overlay === "string") return overlay;
  return english;
}

module.exports = { mergeOverlay };
