/**
 * The download list (/assets/json/downloads.json, written by the build from
 * the product data and data/documents.json) and what the Certifications page
 * does with it: the display names and the file download.
 */

export type DownloadCategory = "policy" | "certificate" | "product-catalog" | "product-questionnaire";

/** A download file record, as assets/json/downloads.json holds it. */
export interface DownloadRecord {
  id: string;
  /** The file name, also the name the browser saves the file under. */
  name: string;
  url: string;
  category: DownloadCategory;
  /** The product's slug for product documents, null for policies and certificates. */
  productId: string | null;
}

/** Where the build publishes the download list. */
export const DOWNLOADS_URL = "/assets/json/downloads.json";

/** URL of a product document's PDF (catalogue, data sheet, manual, questionnaire). */
export function catalogDocumentUrl(documentId: string): string {
  return `/assets/catalog/${documentId}.pdf`;
}

/** URL of a policy or certificate file; the file name may hold spaces. */
export function sampleDocumentUrl(fileName: string): string {
  return `/assets/documents/${encodeURIComponent(fileName)}`;
}

function dropPrefix(fileName: string, prefix: string): string {
  return prefix && fileName.startsWith(prefix) ? fileName.slice(prefix.length) : fileName;
}

/** "IEG_Health_Safety_and_Environment_Policy.pdf" -> "Health Safety and Environment Policy": no company prefix, underscores or .pdf. */
export function policyDisplayName(fileName: string, prefix: string): string {
  return dropPrefix(fileName, prefix)
    .replace(/\.pdf$/i, "")
    .replace(/_+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** "IEG_Quality Management System_Certificate.pdf" -> "Quality Management System": no company prefix, no _Certificate.pdf. */
export function certificateDisplayName(fileName: string, prefix: string): string {
  return dropPrefix(fileName, prefix).replace(/_Certificate\.pdf$/i, "").trim();
}

/** The name a record is listed under on the Certifications page. */
export function displayName(record: DownloadRecord, prefix: string): string {
  return record.category === "certificate" ? certificateDisplayName(record.name, prefix) : policyDisplayName(record.name, prefix);
}

/** The company prefix of the file names: "IEG" -> "IEG_". */
export function companyPrefix(shortName: string): string {
  return `${shortName}_`;
}

function isRecord(value: unknown): value is DownloadRecord {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  return typeof r.id === "string" && typeof r.name === "string" && typeof r.url === "string" && typeof r.category === "string";
}

/** The records of an answer that should be the download list; anything else is an empty list. */
export function parseDownloadList(body: unknown): DownloadRecord[] {
  return Array.isArray(body) ? body.filter(isRecord) : [];
}

/**
 * Fetches the download list. A failed load (network error, non-OK status,
 * malformed JSON) is logged and treated as an empty list.
 */
export async function loadDownloadList(fetcher: typeof fetch = fetch, url: string = DOWNLOADS_URL): Promise<DownloadRecord[]> {
  try {
    const response = await fetcher(url, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parseDownloadList(await response.json());
  } catch (err) {
    console.error("Could not load the download list:", err);
    return [];
  }
}

/**
 * Downloads the file with this id: a temporary link to its url, with the file
 * name as download name, opened in a new tab, clicked and removed. An unknown
 * id is logged as not found and the function returns false.
 */
export function downloadFile(id: string, files: readonly DownloadRecord[], doc: Document = document): boolean {
  const file = files.find((f) => f.id === id);
  if (!file) {
    console.error("File not found:", id);
    return false;
  }
  const link = doc.createElement("a");
  link.href = file.url;
  link.download = file.name;
  link.target = "_blank";
  link.rel = "noopener";
  link.style.display = "none";
  doc.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
  return true;
}
