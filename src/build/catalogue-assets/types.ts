/**
 * The data the catalogue assets are made from: the answer to
 * CATALOGUE_ASSETS_QUERY (query.ts), i.e. the same GraphQL nodes the pages
 * read (data/products/*.json, data/categories/*.json, data/company.json,
 * data/product-ui.json, data/documents.json).
 */
import type { Cell } from "../../utils/units";

export interface CompanyData {
  name: string;
  shortName: string;
  siteUrl: string;
  phone: string;
  email: string;
  address: { lines: string[] };
}

export interface SpecColumn {
  label: string;
  unit: string | null;
}

/** A row of cells, one per column, or a row standing for models counted but not named. */
export type SpecRow = Cell[] | { gap: string };

export interface SpecTable {
  id: string;
  title: string | null;
  columns: SpecColumn[];
  rows: SpecRow[];
  note: string | null;
}

export type DocumentKind = "catalog" | "datasheet" | "manual" | "questionnaire";

export interface ProductDocument {
  id: string;
  label: string;
  kind: DocumentKind | string;
  available: boolean;
  /** The company's own PDF in data/media/documents/, published as given; without it the build writes the document. */
  file?: string | null;
}

export interface ConsumableTool {
  model: string | null;
  description: string;
  angle: string;
  length: Cell;
  width: Cell;
}

export interface ProductTab {
  id: string;
  label: string;
  kind: string;
  intro: string | null;
  items: string[] | null;
  tables: SpecTable[] | null;
  notes: string[] | null;
  documents: ProductDocument[] | null;
  tools: ConsumableTool[] | null;
}

export interface Product {
  slug: string;
  name: string;
  category: string;
  shortDescription: string;
  imageIds: number[];
  /** The company's photos in data/media/products/; when given they replace the drawn images. */
  photos?: string[] | null;
  models: string[];
  tabs: ProductTab[];
}

export interface Category {
  slug: string;
  name: string;
  products: { slug: string }[];
}

/** Texts of the product pages the PDFs repeat (data/product-ui.json). */
export interface ProductUiTexts {
  metricLabel: string;
  imperialLabel: string;
  documentUnavailable: string;
  safetyNoticeTitle: string;
  warningText: string[];
  consumables: { title: string; model: string; description: string; angle: string; length: string; width: string };
}

/** A sample policy or certificate (data/documents.json). */
export interface SampleDocument {
  id: string;
  fileName: string;
  /** The company's own signed PDF in data/media/documents/, published as given; without it the build writes a sample. */
  file?: string | null;
  title: string;
  paragraphs: string[];
}

/** Fixed texts of the generated PDFs (data/documents.json, `pdf`). */
export interface PdfTexts {
  kindTitles: Record<DocumentKind, string>;
  categoryLabel: string;
  productPageLabel: string;
  descriptionHeading: string;
  notPublishedNote: string;
  documentsHeading: string;
  documentsIntro: string;
  manualSupplied: string;
  questionnaire: {
    intro: string;
    customerHeading: string;
    productHeading: string;
    fields: string[];
    productField: string;
    modelField: string;
    modelOther: string;
    orderFields: string[];
    remarksField: string;
    returnTitle: string;
    returnNote: string;
  };
  contactLine: string;
  pageLabel: string;
}

export interface DocumentsData {
  sampleNotice: string;
  sampleNote: string;
  policies: SampleDocument[];
  certificates: SampleDocument[];
  pdf: PdfTexts;
}

export interface CatalogueAssetsData {
  company: CompanyData;
  ui: ProductUiTexts;
  documents: DocumentsData;
  categories: { nodes: Category[] };
  navigation: { header: { children: { to: string }[] }[] };
  products: { nodes: Product[] };
}
