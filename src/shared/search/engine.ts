import type { Lang } from "../i18n/lang";
import { engineOptions } from "./config";
import type { TextIndex } from "./productSearch";

/** The part of flexsearch 0.6's index API the site uses (its bundled typings describe a later API). */
export interface FlexIndex extends TextIndex {
  add(id: string, text: string): void;
  export(): string;
  import(data: string): void;
}

interface FlexFactory {
  create(options: object): FlexIndex;
}

/** An empty index with the site's options for a language (English by default), from the flexsearch module (CommonJS or ES module shape). */
export function createIndex(flexsearchModule: unknown, lang: Lang = "en"): FlexIndex {
  const mod = flexsearchModule as { default?: FlexFactory } & Partial<FlexFactory>;
  const factory = (mod.create ? mod : mod.default) as FlexFactory;
  return factory.create({ ...engineOptions(lang) });
}
