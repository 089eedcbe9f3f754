/**
 * A small layout layer over PDFKit for the site's documents: a header band,
 * headings, paragraphs, bullet lists, notice boxes, tables that wrap and
 * break across pages (repeating their header row), fill-in lines and tick
 * boxes, and a footer with the company's contact details and page numbers on
 * every page. Built-in Helvetica only (no font files, no images): every
 * string goes through pdfSafe() first.
 */
import { fill } from "../../shared/utils/template";
import PDFDocument from "pdfkit";
import { pdfSafe } from "./pdf-text";

export const COLORS = {
  navy: "#0b1f3a",
  steel: "#4a5a70",
  steelLight: "#c5cfdc",
  amber: "#f2a900",
  mist: "#f3f5f8",
  text: "#1b2533",
  muted: "#4f5b6b",
  danger: "#b3261e",
  dangerBg: "#fdecea",
  white: "#ffffff",
} as const;

const FONT = "Helvetica";
const BOLD = "Helvetica-Bold";
const ITALIC = "Helvetica-Oblique";

const MARGIN = { top: 56, bottom: 70, left: 50, right: 50 };

export interface PdfMeta {
  title: string;
  author: string;
  subject?: string;
  keywords?: string;
}

export interface BandContent {
  /** Small line above the title (the company name). */
  overline: string;
  title: string;
  /** Second, smaller title (the kind of document). */
  subtitle?: string;
  /** Lines under the titles (category, product page...). */
  lines: string[];
}

export interface FooterContent {
  /** Left, first line (the company name). */
  name: string;
  /** Left, second line (address, phone, e-mail). */
  contact: string;
  /** Right: "Page {n} of {count}". */
  pageLabel: string;
  /** Small running header on pages after the first. */
  runningHeader: string;
  /** Large faint diagonal word across every page (sample documents). */
  watermark?: string;
}

/** A table row: cells as text, or one text spanning every column. */
export type TableRow = { cells: string[]; emphasis?: boolean[] } | { span: string };

export interface TableOptions {
  caption?: string;
  /** The first column holds row headers (printed bold). */
  rowHeaders?: boolean;
}

export class PdfWriter {
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(meta: PdfMeta) {
    this.doc = new PDFDocument({
      size: "A4",
      margins: MARGIN,
      bufferPages: true,
      compress: true,
      info: {
        Title: pdfSafe(meta.title),
        Author: pdfSafe(meta.author),
        Creator: pdfSafe(meta.author),
        // PDFKit reads every key it is given: absent values must not be listed.
        ...(meta.subject ? { Subject: pdfSafe(meta.subject) } : {}),
        ...(meta.keywords ? { Keywords: pdfSafe(meta.keywords) } : {}),
      },
      lang: "en",
      displayTitle: true,
    });
    this.done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on("data", (chunk: Buffer) => this.chunks.push(chunk));
      this.doc.on("end", () => resolve(Buffer.concat(this.chunks)));
      this.doc.on("error", reject);
    });
    this.doc.font(FONT).fontSize(10).fillColor(COLORS.text);
  }

  private get left(): number {
    return this.doc.page.margins.left;
  }

  private get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  /** The navy band on top of the first page: overline, title, lines. */
  band({ overline, title, subtitle, lines }: BandContent): void {
    const { doc } = this;
    const pad = 22;
    const innerWidth = doc.page.width - MARGIN.left - MARGIN.right;
    doc.font(BOLD).fontSize(20);
    const titleHeight = doc.heightOfString(pdfSafe(title), { width: innerWidth });
    doc.font(BOLD).fontSize(13);
    const subtitleHeight = subtitle ? doc.heightOfString(pdfSafe(subtitle), { width: innerWidth }) + 4 : 0;
    doc.font(FONT).fontSize(10.5);
    const linesHeight = lines.reduce((h, l) => h + doc.heightOfString(pdfSafe(l), { width: innerWidth }) + 2, 0);
    const height = pad + 12 + 8 + titleHeight + 4 + subtitleHeight + 6 + linesHeight + pad;

    doc.save();
    doc.rect(0, 0, doc.page.width, height).fill(COLORS.navy);
    doc.rect(0, height, doc.page.width, 4).fill(COLORS.amber);
    doc.restore();

    let y = pad;
    doc.font(BOLD).fontSize(9).fillColor(COLORS.amber);
    doc.text(pdfSafe(overline.toUpperCase()), MARGIN.left, y, { width: innerWidth, characterSpacing: 1.2 });
    y += 12 + 8;
    doc.font(BOLD).fontSize(20).fillColor(COLORS.white);
    doc.text(pdfSafe(title), MARGIN.left, y, { width: innerWidth });
    y += titleHeight + 4;
    if (subtitle) {
      doc.font(BOLD).fontSize(13).fillColor(COLORS.amber);
      doc.text(pdfSafe(subtitle), MARGIN.left, y, { width: innerWidth });
      y += subtitleHeight;
    }
    y += 6;
    doc.font(FONT).fontSize(10.5).fillColor(COLORS.white);
    for (const line of lines) {
      doc.text(pdfSafe(line), MARGIN.left, y, { width: innerWidth });
      y += doc.heightOfString(pdfSafe(line), { width: innerWidth }) + 2;
    }
    doc.fillColor(COLORS.text).font(FONT).fontSize(10);
    doc.x = MARGIN.left;
    doc.y = height + 4 + 20;
  }

  /** A heading, kept on the same page as the first lines after it. */
  heading(text: string, level: 1 | 2 = 1): void {
    const { doc } = this;
    const size = level === 1 ? 14 : 11;
    this.ensureSpace(size + 60);
    if (doc.y > MARGIN.top + 1) doc.moveDown(level === 1 ? 0.8 : 0.5);
    doc.font(BOLD).fontSize(size).fillColor(COLORS.navy);
    doc.text(pdfSafe(text), this.left, doc.y, { width: this.width });
    if (level === 1) {
      const y = doc.y + 2;
      doc.save().moveTo(this.left, y).lineTo(this.left + 36, y).lineWidth(2).strokeColor(COLORS.amber).stroke().restore();
      doc.y = y + 6;
    } else {
      doc.y += 3;
    }
    doc.font(FONT).fontSize(10).fillColor(COLORS.text);
  }

  /** Vertical space (nothing at the top of a page). */
  space(points: number): void {
    if (this.doc.y > MARGIN.top + 1) this.doc.y += points;
  }

  paragraph(text: string, options: { italic?: boolean; bold?: boolean; size?: number; color?: string } = {}): void {
    const { doc } = this;
    doc
      .font(options.bold ? BOLD : options.italic ? ITALIC : FONT)
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? COLORS.text);
    doc.text(pdfSafe(text), this.left, doc.y, { width: this.width, lineGap: 2 });
    doc.moveDown(0.4);
    doc.font(FONT).fontSize(10).fillColor(COLORS.text);
  }

  /** A label and its value on one line ("Category: Fluid Transfer"). */
  labelled(label: string, value: string): void {
    const { doc } = this;
    doc.font(BOLD).fontSize(10).fillColor(COLORS.navy);
    doc.text(`${pdfSafe(label)}: `, this.left, doc.y, { width: this.width, continued: true });
    doc.font(FONT).fillColor(COLORS.text).text(pdfSafe(value));
    doc.moveDown(0.2);
  }

  bullets(items: string[]): void {
    const { doc } = this;
    doc.font(FONT).fontSize(10).fillColor(COLORS.text);
    const indent = 14;
    for (const item of items) {
      const text = pdfSafe(item);
      const height = doc.heightOfString(text, { width: this.width - indent, lineGap: 2 });
      this.ensureSpace(height + 4);
      const y = doc.y;
      doc.save().rect(this.left + 2, y + 4, 4, 4).fill(COLORS.amber).restore();
      doc.fillColor(COLORS.text).text(text, this.left + indent, y, { width: this.width - indent, lineGap: 2 });
      doc.y += 3;
    }
    doc.x = this.left;
    doc.moveDown(0.3);
  }

  /**
   * A framed notice: a title (with a danger triangle when `danger`) and
   * paragraphs. Used for the SAFETY NOTICE and the SAMPLE DOCUMENT notice.
   */
  notice(title: string, paragraphs: string[], options: { danger?: boolean } = {}): void {
    const { doc } = this;
    const pad = 12;
    const iconSpace = options.danger ? 30 : 0;
    const innerWidth = this.width - 2 * pad - iconSpace;
    doc.font(BOLD).fontSize(11);
    const titleHeight = doc.heightOfString(pdfSafe(title), { width: innerWidth });
    doc.font(FONT).fontSize(10);
    const textHeight = paragraphs.reduce((h, p) => h + doc.heightOfString(pdfSafe(p), { width: innerWidth, lineGap: 2 }) + 4, 0);
    const height = pad + titleHeight + 6 + textHeight + pad - 4;
    this.ensureSpace(height + 8);

    const x = this.left;
    const y = doc.y;
    const stroke = options.danger ? COLORS.danger : COLORS.amber;
    const background = options.danger ? COLORS.dangerBg : "#fff6dc";
    doc.save();
    doc.rect(x, y, this.width, height).fill(background);
    doc.rect(x, y, 4, height).fill(stroke);
    doc.restore();
    if (options.danger) {
      // A warning triangle with an exclamation mark, drawn as vectors.
      const tx = x + pad + 2;
      const ty = y + pad;
      doc.save();
      doc.polygon([tx + 11, ty], [tx + 22, ty + 19], [tx, ty + 19]).fill(COLORS.danger);
      doc.rect(tx + 10, ty + 6, 2, 7).fill(COLORS.white);
      doc.rect(tx + 10, ty + 14.5, 2, 2).fill(COLORS.white);
      doc.restore();
    }
    const textX = x + pad + iconSpace;
    doc.font(BOLD).fontSize(11).fillColor(options.danger ? COLORS.danger : COLORS.navy);
    doc.text(pdfSafe(title), textX, y + pad, { width: innerWidth });
    doc.y += 6;
    doc.font(FONT).fontSize(10).fillColor(COLORS.text);
    for (const p of paragraphs) {
      doc.text(pdfSafe(p), textX, doc.y, { width: innerWidth, lineGap: 2 });
      doc.y += 4;
    }
    doc.x = this.left;
    doc.y = y + height + 10;
  }

  /** A table: header row in navy, zebra rows, cells wrapped, page breaks repeat the header row. */
  table(columns: string[], rows: TableRow[], options: TableOptions = {}): void {
    const { doc } = this;
    const size = columns.length > 5 ? 7.5 : columns.length > 3 ? 8.5 : 9.5;
    const pad = 4;
    const widths = this.columnWidths(columns, rows, size, pad);
    const cellHeight = (text: string, width: number, font: string) => {
      doc.font(font).fontSize(size);
      return doc.heightOfString(text, { width: width - 2 * pad });
    };
    const headerCells = columns.map(pdfSafe);
    const headerHeight = Math.max(...headerCells.map((c, i) => cellHeight(c, widths[i], BOLD))) + 2 * pad;

    const drawHeader = () => {
      let x = this.left;
      const y = doc.y;
      doc.save().rect(this.left, y, this.width, headerHeight).fill(COLORS.navy).restore();
      doc.font(BOLD).fontSize(size).fillColor(COLORS.white);
      headerCells.forEach((c, i) => {
        doc.text(c, x + pad, y + pad, { width: widths[i] - 2 * pad });
        x += widths[i];
      });
      doc.y = y + headerHeight;
    };

    if (options.caption) {
      this.ensureSpace(headerHeight + 40);
      doc.moveDown(0.3);
      doc.font(BOLD).fontSize(10).fillColor(COLORS.steel);
      doc.text(pdfSafe(options.caption), this.left, doc.y, { width: this.width });
      doc.y += 3;
    } else {
      this.ensureSpace(headerHeight + 24);
    }
    drawHeader();

    rows.forEach((row, r) => {
      const y0 = doc.y;
      let height: number;
      if ("span" in row) {
        height = cellHeight(pdfSafe(row.span), this.width, ITALIC) + 2 * pad;
      } else {
        height =
          Math.max(
            ...row.cells.map((c, i) => cellHeight(pdfSafe(c), widths[i], options.rowHeaders && i === 0 ? BOLD : FONT)),
          ) +
          2 * pad;
      }
      if (y0 + height > this.bottom) {
        doc.addPage();
        drawHeader();
      }
      const y = doc.y;
      if (r % 2 === 1) doc.save().rect(this.left, y, this.width, height).fill(COLORS.mist).restore();
      if ("span" in row) {
        doc.font(ITALIC).fontSize(size).fillColor(COLORS.steel);
        doc.text(pdfSafe(row.span), this.left + pad, y + pad, { width: this.width - 2 * pad });
      } else {
        let x = this.left;
        row.cells.forEach((c, i) => {
          const bold = (options.rowHeaders && i === 0) || row.emphasis?.[i];
          doc.font(bold ? BOLD : FONT).fontSize(size).fillColor(c === "—" ? COLORS.muted : COLORS.text);
          doc.text(pdfSafe(c), x + pad, y + pad, { width: widths[i] - 2 * pad });
          x += widths[i];
        });
      }
      doc.save().moveTo(this.left, y + height).lineTo(this.left + this.width, y + height).lineWidth(0.5).strokeColor(COLORS.steelLight).stroke().restore();
      doc.y = y + height;
    });
    doc.x = this.left;
    doc.font(FONT).fontSize(10).fillColor(COLORS.text);
    doc.moveDown(0.6);
  }

  /**
   * Widths that fill the text width: columns narrower than an equal share
   * keep their natural width; the others share the rest in proportion.
   */
  private columnWidths(columns: string[], rows: TableRow[], size: number, pad: number): number[] {
    const { doc } = this;
    const natural = columns.map((label, i) => {
      doc.font(BOLD).fontSize(size);
      let w = doc.widthOfString(pdfSafe(label));
      for (const row of rows) {
        if ("span" in row) continue;
        doc.font(i === 0 ? BOLD : FONT).fontSize(size);
        w = Math.max(w, doc.widthOfString(pdfSafe(row.cells[i] ?? "")));
      }
      return Math.max(w + 2 * pad + 1, 36);
    });
    const total = natural.reduce((a, b) => a + b, 0);
    if (total <= this.width) return natural.map((w) => (w * this.width) / total);
    const widths = natural.slice();
    let free = this.width;
    let open = widths.map((_, i) => i);
    // Settle the narrow columns first, then share what is left among the wide ones.
    for (;;) {
      const share = free / open.length;
      const narrow = open.filter((i) => natural[i] <= share);
      if (narrow.length === 0) break;
      for (const i of narrow) free -= natural[i];
      open = open.filter((i) => natural[i] > share);
      if (open.length === 0) break;
    }
    const openTotal = open.reduce((a, i) => a + natural[i], 0);
    for (const i of open) widths[i] = (natural[i] * free) / openTotal;
    return widths;
  }

  /** A label with a line to write on (pre-filled with `value` when given). */
  fillLine(label: string, value?: string): void {
    const { doc } = this;
    const labelWidth = 150;
    this.ensureSpace(24);
    const y = doc.y + 7;
    doc.font(BOLD).fontSize(10).fillColor(COLORS.navy);
    doc.text(pdfSafe(label), this.left, y, { width: labelWidth - 8 });
    if (value) {
      doc.font(FONT).fillColor(COLORS.text).text(pdfSafe(value), this.left + labelWidth, y, { width: this.width - labelWidth });
    }
    const lineY = y + 12;
    doc.save().moveTo(this.left + labelWidth, lineY).lineTo(this.left + this.width, lineY).lineWidth(0.7).strokeColor(COLORS.steel).stroke().restore();
    doc.x = this.left;
    doc.y = lineY + 3;
    doc.font(FONT).fontSize(10).fillColor(COLORS.text);
  }

  /** Tick boxes, laid out in columns. */
  checkboxes(label: string, options: string[]): void {
    const { doc } = this;
    const perRow = options.length > 8 ? 4 : 3;
    const colWidth = this.width / perRow;
    const rowsCount = Math.ceil(options.length / perRow);
    this.ensureSpace(28 + rowsCount * 18);
    doc.y += 8;
    doc.font(BOLD).fontSize(10).fillColor(COLORS.navy);
    doc.text(pdfSafe(label), this.left, doc.y, { width: this.width });
    doc.y += 4;
    doc.font(FONT).fontSize(10).fillColor(COLORS.text);
    for (let r = 0; r < rowsCount; r++) {
      const y = doc.y;
      options.slice(r * perRow, r * perRow + perRow).forEach((option, c) => {
        const x = this.left + c * colWidth;
        doc.save().rect(x, y + 1.5, 9, 9).lineWidth(0.8).strokeColor(COLORS.steel).stroke().restore();
        doc.fillColor(COLORS.text).text(pdfSafe(option), x + 15, y, { width: colWidth - 20 });
      });
      doc.y = y + 18;
    }
    doc.x = this.left;
  }

  /** A labelled frame with blank lines to write on. */
  writingBox(label: string, lines: number): void {
    const { doc } = this;
    const lineGap = 19;
    this.ensureSpace(24 + lines * lineGap);
    doc.y += 8;
    doc.font(BOLD).fontSize(10).fillColor(COLORS.navy);
    doc.text(pdfSafe(label), this.left, doc.y, { width: this.width });
    let y = doc.y + 4;
    for (let i = 0; i < lines; i++) {
      y += lineGap;
      doc.save().moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(0.7).strokeColor(COLORS.steel).stroke().restore();
    }
    doc.x = this.left;
    doc.y = y + 10;
    doc.font(FONT).fontSize(10).fillColor(COLORS.text);
  }

  /** Draws the footer (and the running header after page 1) on every page and returns the PDF. */
  async finish(footer: FooterContent): Promise<Buffer> {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Writing in the margins must not start a new page.
      const margins = { ...doc.page.margins };
      doc.page.margins = { top: 0, bottom: 0, left: margins.left, right: margins.right };
      const width = doc.page.width - margins.left - margins.right;
      const top = doc.page.height - margins.bottom + 20;
      if (footer.watermark) {
        doc.save();
        doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
        doc.font(BOLD).fontSize(110).fillColor(COLORS.steel).fillOpacity(0.07);
        doc.text(pdfSafe(footer.watermark), 0, doc.page.height / 2 - 55, { width: doc.page.width, align: "center", lineBreak: false });
        doc.restore();
      }
      if (i > range.start) {
        doc.font(FONT).fontSize(8).fillColor(COLORS.steel);
        doc.text(pdfSafe(footer.runningHeader), margins.left, 26, { width, lineBreak: false, ellipsis: true });
        doc.save().moveTo(margins.left, 40).lineTo(margins.left + width, 40).lineWidth(0.5).strokeColor(COLORS.steelLight).stroke().restore();
      }
      doc.save().moveTo(margins.left, top).lineTo(margins.left + width, top).lineWidth(0.5).strokeColor(COLORS.steelLight).stroke().restore();
      const pageText = pdfSafe(fill(footer.pageLabel, { n: i - range.start + 1, count: range.count }));
      doc.font(FONT).fontSize(8);
      const pageWidth = doc.widthOfString(pageText) + 2;
      doc.font(BOLD).fontSize(8).fillColor(COLORS.navy);
      doc.text(pdfSafe(footer.name), margins.left, top + 8, { width: width - pageWidth - 10, lineBreak: false });
      doc.font(FONT).fontSize(8).fillColor(COLORS.muted);
      doc.text(pdfSafe(footer.contact), margins.left, top + 19, { width: width - pageWidth - 10 });
      doc.font(FONT).fontSize(8).fillColor(COLORS.muted);
      doc.text(pageText, margins.left + width - pageWidth, top + 8, { width: pageWidth, align: "right", lineBreak: false });
      doc.page.margins = margins;
    }
    doc.end();
    return this.done;
  }
}
