import type { FigureWords } from "../../utils/units";
/**
 * Shapes of the product and category data as the page queries return them
 * (see src/schema/products.graphql and src/schema/product-ui.graphql).
 */
import type { IGatsbyImageData } from "gatsby-plugin-image";
import type { Cell } from "../../utils/units";

export interface SpecColumnData {
  label: string;
  unit: string | null;
}

/** A row of model figures, or a gap row standing for models the specification counts but does not name. */
export type SpecRow = Cell[] | { gap: string };

export interface SpecTableData {
  id: string;
  title: string | null;
  columns: SpecColumnData[];
  rows: SpecRow[];
  note: string | null;
}

export interface ProductDocumentData {
  id: string;
  label: string;
  kind: string;
  available: boolean;
}

export interface ConsumableToolData {
  model: string | null;
  description: string;
  angle: string;
  length: Cell;
  width: Cell;
  drawing: { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null;
}

export type TabKind = "specifications" | "list" | "documents" | "order-form" | "notification" | "warning" | "consumables";

export interface ProductTabData {
  id: string;
  label: string;
  kind: TabKind | string;
  intro: string | null;
  items: string[] | null;
  tables: SpecTableData[] | null;
  notes: string[] | null;
  documents: ProductDocumentData[] | null;
  tools: ConsumableToolData[] | null;
}

/**
 * A tab as gatsby-node.ts hands it to the product page: the selection the
 * catalogue assets read too (PRODUCT_CONTENT_FRAGMENT), each drawing named by
 * its file (the page queries the images).
 */
export type ContentTabData = Omit<ProductTabData, "tools"> & {
  tools: (Omit<ConsumableToolData, "drawing"> & { drawing: { relativePath: string } })[] | null;
};

export interface ProductUi {
  breadcrumbHome: string;
  breadcrumbLabel: string;
  tabsLabel: string;
  unitsLabel: string;
  metricLabel: string;
  imperialLabel: string;
  notGivenLabel: string;
  figureWords: FigureWords;
  noProduct: string;
  defaultProduct: string;
  galleryLabel: string;
  thumbnailLabel: string;
  imageAlt: string;
  documentUnavailable: string;
  opensInNewTab: string;
  allDocumentsLabel: string;
  safetyNoticeTitle: string;
  warningText: string[];
  tableScrollLabel: string;
  categoryProductsTitle: string;
  cardCta: string;
  orderForm: {
    downloadLabel: string;
    uploadTitle: string;
    acceptedTypes: string;
    submitLabel: string;
    uploadingLabel: string;
  };
  consumables: {
    title: string;
    model: string;
    description: string;
    angle: string;
    length: string;
    width: string;
    drawing: string;
    drawingAlt: string;
  };
}

/** Where the PDF of a document is served from: written by the build (src/build/catalogue-assets) to public/assets/catalog/. */
export function documentHref(id: string): string {
  return `/assets/catalog/${id}.pdf`;
}
