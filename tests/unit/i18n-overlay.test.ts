/**
 * The merge of an Arabic overlay onto its English data file
 * (src/shared/i18n/overlay.cjs): the overlay's strings in place of the
 * English ones at the same paths, the English kept wherever the overlay has
 * nothing (absent or null) or a value of another shape; neither input changed.
 */
import { englishFileOf, hasArabicLetter, isOverlayFile, mergeOverlay, overlayFileOf } from "../../src/shared/i18n/overlay.cjs";

describe("mergeOverlay", () => {
  const english = {
    slug: "torque-pump",
    name: "Torque Pump",
    imageIds: [9, 10],
    tabs: [
      { id: "specifications", label: "Specifications", tables: [{ title: "Range", rows: [["Working pressure", { v: 700, u: "bar", pre: "up to" }], ["Tank", 5], { gap: "Further models" }] }] },
      { id: "features", label: "Features", items: ["Light", "Quiet"], intro: null },
    ],
  };

  it("puts the Arabic strings in place and keeps everything else from the English", () => {
    const overlay = {
      name: "مضخة عزم الدوران",
      tabs: [{ label: "المواصفات", tables: [{ title: "النطاق", rows: [["ضغط التشغيل", { pre: "حتى" }], [null, null], { gap: "طرازات أخرى" }] }] }, {}],
    };
    expect(mergeOverlay(english, overlay)).toEqual({
      slug: "torque-pump",
      name: "مضخة عزم الدوران",
      imageIds: [9, 10],
      tabs: [
        { id: "specifications", label: "المواصفات", tables: [{ title: "النطاق", rows: [["ضغط التشغيل", { v: 700, u: "bar", pre: "حتى" }], ["Tank", 5], { gap: "طرازات أخرى" }] }] },
        { id: "features", label: "Features", items: ["Light", "Quiet"], intro: null },
      ],
    });
  });

  it("keeps the English where the overlay has a value of another shape, and ignores keys the English lacks", () => {
    const merged = mergeOverlay(english, { slug: 5, imageIds: ["x"], extra: "نص", tabs: "المواصفات" });
    expect(merged).toEqual(english);
    expect(merged).not.toHaveProperty("extra");
  });

  it("changes neither input and shares no object with them", () => {
    const before = structuredClone(english);
    const overlay = { tabs: [{ label: "المواصفات" }] };
    const merged = mergeOverlay(english, overlay);
    expect(english).toEqual(before);
    expect(overlay).toEqual({ tabs: [{ label: "المواصفات" }] });
    expect(merged.tabs[1]).not.toBe(english.tabs[1]);
    expect(merged.imageIds).not.toBe(english.imageIds);
    expect(mergeOverlay(english, undefined)).toEqual(english);
  });
});

describe("overlay file names and Arabic letters", () => {
  it("pairs an English data file with its overlay", () => {
    expect(overlayFileOf("data/products/torque-pump.json")).toBe("data/products/torque-pump.ar.json");
    expect(englishFileOf("data/about.ar.json")).toBe("data/about.json");
    expect(isOverlayFile("data/about.ar.json")).toBe(true);
    expect(isOverlayFile("data/about.json")).toBe(false);
  });

  it("counts Arabic letters, not Arabic-Indic digits or punctuation alone", () => {
    expect(hasArabicLetter("من نحن")).toBe(true);
    expect(hasArabicLetter("TWP-1000 مضخة")).toBe(true);
    expect(hasArabicLetter("٣٤٥ ، ؟")).toBe(false);
    expect(hasArabicLetter("About us")).toBe(false);
  });
});
