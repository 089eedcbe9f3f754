/**
 * The policy and certificate files the Certifications page lists: sample
 * documents from data/documents.json, clearly marked for the company to
 * replace with its own (no number, issuer, date or standard is invented).
 */
import { PdfWriter } from "./pdf-writer";
import { footerContact } from "./product-documents";
import type { CompanyData, DocumentsData, SampleDocument } from "./types";

export async function renderSampleDocument(document: SampleDocument, company: CompanyData, documents: DocumentsData): Promise<Buffer> {
  const pdf = new PdfWriter({ title: `${document.title} (sample)`, author: company.name, subject: documents.sampleNotice });
  // The sample notice stands on top: first line of the band, then a framed note.
  pdf.band({ overline: documents.sampleNotice, title: document.title, lines: [company.name] });
  pdf.notice(documents.sampleNotice, [documents.sampleNote]);
  for (const paragraph of document.paragraphs) pdf.paragraph(paragraph);
  return pdf.finish({
    name: company.name,
    contact: footerContact(company, documents.pdf),
    pageLabel: documents.pdf.pageLabel,
    runningHeader: `${documents.sampleNotice}  ·  ${document.title}`,
    watermark: "SAMPLE",
  });
}
