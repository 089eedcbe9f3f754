/**
 * The PDFs of a product (catalogue, technical data sheet, operational manual
 * summary, order questionnaire), made from the same data as its page: the
 * tables are formatted by the page's own formatCell / columnLabel, in metric
 * and in imperial, so a document can never disagree with its page.
 */
import { catalogDocumentUrl } from "../../utils/downloads";
import { NOT_GIVEN, columnLabel, formatCell, isMeasure, isNeutral, isQuantity, type Cell, type UnitSystem } from "../../utils/units";
import { PdfWriter, type TableRow } from "./pdf-writer";
import { fill } from "../../shared/utils/template";
import { documentOffered } from "../../shared/utils/media";
import type {
  CompanyData,
  ConsumableTool,
  DocumentKind,
  PdfTexts,
  Product,
  ProductDocument,
  ProductTab,
  ProductUiTexts,
  SpecRow,
  SpecTable,
} from "./types";

export const DOCUMENT_KINDS: readonly DocumentKind[] = ["catalog", "datasheet", "manual", "questionnaire"];

/** Everything a product's documents are made from. */
export interface ProductDocumentContext {
  product: Product;
  categoryName: string;
  company: CompanyData;
  ui: ProductUiTexts;
  texts: PdfTexts;
}

export function isDocumentKind(kind: string): kind is DocumentKind {
  return (DOCUMENT_KINDS as readonly string[]).includes(kind);
}

/** The documents of a product that get a PDF: every available one (or one the company gave the PDF of) of a known kind, in tab order. */
export function productDocuments(product: Product): (ProductDocument & { kind: DocumentKind })[] {
  return product.tabs
    .flatMap((tab) => tab.documents ?? [])
    .filter((doc): doc is ProductDocument & { kind: DocumentKind } => documentOffered(doc) && isDocumentKind(doc.kind));
}

/** Public path of a document's PDF, relative to public/ (the page links to "/" + this). */
export function documentPath(documentId: string): string {
  return catalogDocumentUrl(documentId).replace(/^\//, "");
}

export function productPageUrl(company: CompanyData, slug: string): string {
  return `${company.siteUrl.replace(/\/$/, "")}/${slug}`;
}

export function footerContact(company: CompanyData, texts: PdfTexts): string {
  const address = company.address.lines.join(", ");
  const site = company.siteUrl.replace(/^https?:\/\//, "");
  return `${address}  ·  ${fill(texts.contactLine, { phone: company.phone, email: company.email, site })}`;
}

function isGap(row: SpecRow): row is { gap: string } {
  return !Array.isArray(row) && typeof row === "object" && row !== null && "gap" in row;
}

function tableRows(table: SpecTable): SpecRow[] {
  return Array.isArray(table.rows) ? table.rows : [];
}

/** True when a cell prints differently in metric and imperial. */
function cellConverts(cell: Cell, columnUnit: string | null): boolean {
  if (cell === null || cell === undefined || typeof cell === "string") return false;
  if (isMeasure(cell)) return !isNeutral(cell.u);
  if (isQuantity(cell)) return columnUnit !== null && !isNeutral(columnUnit);
  return false;
}

/** True when some figure of the table reads differently in the two systems. */
export function tableConverts(table: SpecTable): boolean {
  return tableRows(table).some((row) => !isGap(row) && row.some((cell, i) => cellConverts(cell, table.columns[i]?.unit ?? null)));
}

export function tableHasMissing(table: SpecTable): boolean {
  return tableRows(table).some((row) => !isGap(row) && row.some((cell) => cell === null || cell === undefined));
}

/** Column headers for one system, or with both units ("Load (kN / lbf)") when the table prints once. */
function headers(table: SpecTable, system: UnitSystem | "both"): string[] {
  return table.columns.map((c) => {
    if (system !== "both") return columnLabel(c.label, c.unit, system);
    const metric = columnLabel(c.label, c.unit, "metric");
    const imperial = columnLabel(c.label, c.unit, "imperial");
    if (metric === imperial) return metric;
    const unitOf = (s: string) => s.slice(c.label.length + 2, -1);
    return `${c.label} (${unitOf(metric)} / ${unitOf(imperial)})`;
  });
}

function rowsFor(table: SpecTable, system: UnitSystem): TableRow[] {
  return tableRows(table).map((row) =>
    isGap(row)
      ? { span: row.gap }
      : { cells: table.columns.map((c, i) => formatCell(row[i] ?? null, system, c.unit ?? undefined)) },
  );
}

function toolsTable(tools: ConsumableTool[], ui: ProductUiTexts, system: UnitSystem): { columns: string[]; rows: TableRow[] } {
  const l = ui.consumables;
  return {
    columns: [l.model, l.description, l.angle, l.length, l.width],
    rows: tools.map((t) => ({
      cells: [t.model ?? NOT_GIVEN, t.description, t.angle, formatCell(t.length, system), formatCell(t.width, system)],
    })),
  };
}

/** True when some tool's length or width reads differently in the two systems. */
export function toolsConvert(tools: ConsumableTool[]): boolean {
  return tools.some((t) => cellConverts(t.length, null) || cellConverts(t.width, null));
}

/** Specification-like tabs: Specifications, HEX-Links, Powerpacks, Consumables. */
function specTabs(product: Product): ProductTab[] {
  return product.tabs.filter((t) => t.kind === "specifications" || t.kind === "consumables");
}

function writeSpecTab(pdf: PdfWriter, tab: ProductTab, ctx: ProductDocumentContext): void {
  const { ui, texts } = ctx;
  pdf.heading(tab.label);
  if (tab.intro) pdf.paragraph(tab.intro);
  let missing = false;
  for (const table of tab.tables ?? []) {
    const title = table.title ?? tab.label;
    if (tableConverts(table)) {
      for (const [system, label] of [
        ["metric", ui.metricLabel],
        ["imperial", ui.imperialLabel],
      ] as const) {
        pdf.table(headers(table, system), rowsFor(table, system), { caption: `${title} (${label})`, rowHeaders: true });
      }
    } else {
      pdf.table(headers(table, "both"), rowsFor(table, "metric"), { caption: title, rowHeaders: true });
    }
    if (table.note) pdf.paragraph(table.note, { italic: true, size: 9, color: "#4f5b6b" });
    missing ||= tableHasMissing(table);
  }
  const tools = tab.tools ?? [];
  if (tools.length > 0) {
    const systems: [UnitSystem, string][] = toolsConvert(tools)
      ? [
          ["metric", ui.metricLabel],
          ["imperial", ui.imperialLabel],
        ]
      : [["metric", ""]];
    for (const [system, label] of systems) {
      const { columns, rows } = toolsTable(tools, ui, system);
      pdf.table(columns, rows, { caption: label ? `${ui.consumables.title} (${label})` : ui.consumables.title });
    }
    missing ||= tools.some((t) => t.model === null || t.length === null || t.width === null);
  }
  if (tab.items && tab.items.length > 0) pdf.bullets(tab.items);
  for (const note of tab.notes ?? []) pdf.paragraph(note, { italic: true, size: 9, color: "#4f5b6b" });
  if (missing) pdf.paragraph(texts.notPublishedNote, { italic: true, size: 9, color: "#4f5b6b" });
}

function writeSpecifications(pdf: PdfWriter, ctx: ProductDocumentContext): void {
  for (const tab of specTabs(ctx.product)) writeSpecTab(pdf, tab, ctx);
}

/** A tab's own intro and items under its label (lists, notifications, warning items). */
function writeListTab(pdf: PdfWriter, tab: ProductTab): void {
  const hasItems = (tab.items?.length ?? 0) > 0;
  if (!tab.intro && !hasItems) return;
  pdf.heading(tab.label);
  if (tab.intro) pdf.paragraph(tab.intro);
  if (hasItems) pdf.bullets(tab.items ?? []);
  for (const note of tab.notes ?? []) pdf.paragraph(note, { italic: true, size: 9 });
}

function warningTabs(product: Product): ProductTab[] {
  return product.tabs.filter((t) => t.kind === "warning");
}

/** The SAFETY NOTICE (the page's warning text) and the warning tabs' own items. */
function writeSafety(pdf: PdfWriter, ctx: ProductDocumentContext): void {
  const tabs = warningTabs(ctx.product);
  if (tabs.length === 0) return;
  pdf.space(10);
  pdf.notice(ctx.ui.safetyNoticeTitle, ctx.ui.warningText, { danger: true });
  for (const tab of tabs) writeListTab(pdf, tab);
}

function writeDocumentsList(pdf: PdfWriter, ctx: ProductDocumentContext): void {
  const { product, company, texts, ui } = ctx;
  const docs = product.tabs.flatMap((t) => t.documents ?? []);
  if (docs.length === 0) return;
  const base = company.siteUrl.replace(/\/$/, "");
  pdf.heading(texts.documentsHeading);
  pdf.paragraph(texts.documentsIntro);
  pdf.bullets(docs.map((d) => (documentOffered(d) ? `${d.label}: ${base}${catalogDocumentUrl(d.id)}` : `${d.label}: ${ui.documentUnavailable}`)));
}

function writeOverview(pdf: PdfWriter, ctx: ProductDocumentContext): void {
  pdf.heading(ctx.texts.descriptionHeading);
  pdf.paragraph(ctx.product.shortDescription);
}

function writeQuestionnaire(pdf: PdfWriter, ctx: ProductDocumentContext): void {
  const { product, texts, company } = ctx;
  const q = texts.questionnaire;
  pdf.paragraph(q.intro);
  pdf.notice(q.returnTitle, [fill(q.returnNote, { email: company.email, url: productPageUrl(company, product.slug) })]);
  pdf.heading(q.customerHeading);
  for (const field of q.fields) pdf.fillLine(field);
  pdf.heading(q.productHeading);
  pdf.fillLine(q.productField, product.name);
  pdf.checkboxes(q.modelField, [...product.models, q.modelOther]);
  for (const field of q.orderFields) pdf.fillLine(field);
  pdf.writingBox(q.remarksField, 4);
}

/** Writes one document of a product and returns the PDF bytes. */
export async function renderProductDocument(ctx: ProductDocumentContext, kind: DocumentKind, label?: string): Promise<Buffer> {
  const { product, company, texts, categoryName } = ctx;
  const kindTitle = texts.kindTitles[kind];
  const pdf = new PdfWriter({
    title: `${product.name} - ${kindTitle}`,
    author: company.name,
    subject: label ?? `${product.name} ${kindTitle}`,
    keywords: [product.name, ...product.models].join(", "),
  });
  pdf.band({
    overline: company.name,
    title: product.name,
    subtitle: kindTitle,
    lines: [`${texts.categoryLabel}: ${categoryName}`, `${texts.productPageLabel}: ${productPageUrl(company, product.slug)}`],
  });

  switch (kind) {
    case "catalog":
      writeOverview(pdf, ctx);
      writeSpecifications(pdf, ctx);
      for (const tab of product.tabs.filter((t) => t.kind === "list")) writeListTab(pdf, tab);
      writeSafety(pdf, ctx);
      writeDocumentsList(pdf, ctx);
      break;
    case "datasheet":
      writeOverview(pdf, ctx);
      writeSpecifications(pdf, ctx);
      writeSafety(pdf, ctx);
      break;
    case "manual":
      writeOverview(pdf, ctx);
      pdf.paragraph(texts.manualSupplied, { bold: true });
      writeSafety(pdf, ctx);
      for (const tab of product.tabs.filter((t) => t.kind === "notification")) writeListTab(pdf, tab);
      writeSpecifications(pdf, ctx);
      break;
    case "questionnaire":
      writeQuestionnaire(pdf, ctx);
      break;
  }

  return pdf.finish({
    name: company.name,
    contact: footerContact(company, texts),
    pageLabel: texts.pageLabel,
    runningHeader: `${company.name}  ·  ${product.name}  ·  ${kindTitle}`,
  });
}
