/**
 * The offline support's words in the page's language: the update offer's
 * (src/offline/update-offer.ts, from data/offline-page.json and its Arabic
 * words) and the offline page's names of saved items (src/offline/page/offline.ts).
 */
import english from "../../data/offline-page.json";
import arabic from "../../data/offline-page.ar.json";
import { itemName } from "../../src/offline/page/offline";
import { itemPath } from "../../src/offline/saved/client";
import { updateWords } from "../../src/offline/update-offer";

describe("the update offer's words", () => {
  it("are English on an English page and Arabic on an Arabic one", () => {
    expect(updateWords("en")).toEqual(english.update);
    expect(updateWords("ar")).toEqual(arabic.update);
    for (const word of Object.values(updateWords("ar"))) expect(word).toMatch(/[\u0600-\u06ff]/);
  });
});

describe("a saved item's name on the offline page", () => {
  const doc = { path: "/assets/catalog/pump.pdf", url: "/assets/catalog/pump.pdf", kind: "document" as const, title: "Pump catalogue", titles: { en: "Pump catalogue", ar: "كتالوج المضخة" } };

  it("a document: its library's title in the page's language", () => {
    expect(itemName(doc, "ar")).toEqual({ name: "كتالوج المضخة", lang: "ar" });
    expect(itemName(doc, "en")).toEqual({ name: "Pump catalogue", lang: "en" });
    // Saved before the library had Arabic titles: its English title, marked English.
    expect(itemName({ ...doc, titles: undefined }, "ar")).toEqual({ name: "Pump catalogue", lang: "en" });
  });

  it("a product: the name of the page saved, in that page's language", () => {
    expect(itemName({ path: "/ar/pump", url: "/ar/pump", kind: "product", title: "مضخة" }, "ar")).toEqual({ name: "مضخة", lang: "ar" });
    expect(itemName({ path: "/ar/pump", url: "/ar/pump", kind: "product", title: "مضخة" }, "en")).toEqual({ name: "مضخة", lang: "ar" });
    expect(itemName({ path: "/pump", url: "/pump", kind: "product", title: "Pump" }, "ar")).toEqual({ name: "Pump", lang: "en" });
  });
});

describe("what a Save for offline button saves", () => {
  it("a product page in the language shown, a document's file as it is", () => {
    expect(itemPath("product", "/pump", "/ar/pump")).toBe("/ar/pump");
    expect(itemPath("product", "/ar/pump", "/ar/pump")).toBe("/ar/pump");
    expect(itemPath("product", "/pump", "/pump")).toBe("/pump");
    expect(itemPath("document", "/assets/catalog/pump.pdf", "/ar/downloads")).toBe("/assets/catalog/pump.pdf");
  });
});
