import { PDFDocument, type PDFFont, type PDFPage, type RGB, rgb, StandardFonts } from 'pdf-lib';

/** A4 in points, with the margins every page keeps. */
const PAGE = { width: 595.28, height: 841.89 } as const;
const MARGIN = { x: 56, top: 56, bottom: 64 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN.x;
/** Table text: its size, the padding around a cell's text and the height of a line. */
const TABLE = { size: 9.5, padding: 6, lineHeight: 9.5 * 1.35 } as const;

const hex = (value: string): RGB =>
  rgb(
    Number.parseInt(value.slice(1, 3), 16) / 255,
    Number.parseInt(value.slice(3, 5), 16) / 255,
    Number.parseInt(value.slice(5, 7), 16) / 255,
  );

/** The light theme's colours (packages/ui tokens), so the PDFs look like the site. */
const COLOR = {
  brand: hex('#0b4f8a'),
  onBrand: hex('#ffffff'),
  text: hex('#0f1b2a'),
  muted: hex('#4a5868'),
  border: hex('#d3dae3'),
  surface: hex('#f5f7fa'),
} as const;

export interface PdfMeta {
  title: string;
  subject: string;
  language: 'en' | 'da';
  author: string;
  keywords: string[];
}

export interface TableColumn {
  label: string;
  /** Share of the content width. */
  width: number;
  numeric?: boolean;
}

/**
 * Writes a document top to bottom: a title band, headings, paragraphs, bullet lists and tables,
 * breaking pages as it goes. Text uses the standard Helvetica fonts (WinAnsi: Danish letters and
 * the euro sign are covered; a character outside it fails the build).
 */
export class PdfWriter {
  private page: PDFPage;
  private y: number;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN.top;
  }

  static async create(meta: PdfMeta): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.setTitle(meta.title, { showInWindowTitleBar: true });
    doc.setSubject(meta.subject);
    doc.setAuthor(meta.author);
    doc.setCreator(meta.author);
    doc.setProducer(meta.author);
    doc.setLanguage(meta.language === 'da' ? 'da-DK' : 'en-GB');
    doc.setKeywords(meta.keywords);
    const [font, bold] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
    ]);
    return new PdfWriter(doc, font, bold);
  }

  /** The brand band across the top of the first page: product name, title and subtitle. */
  titleBand(product: string, title: string, subtitle: string) {
    const height = 150;
    this.page.drawRectangle({ x: 0, y: PAGE.height - height, width: PAGE.width, height, color: COLOR.brand });
    const top = PAGE.height - 48;
    this.page.drawText(product.toUpperCase(), {
      x: MARGIN.x,
      y: top,
      size: 11,
      font: this.bold,
      color: COLOR.onBrand,
    });
    this.page.drawText(title, { x: MARGIN.x, y: top - 40, size: 28, font: this.bold, color: COLOR.onBrand });
    this.page.drawText(subtitle, {
      x: MARGIN.x,
      y: top - 66,
      size: 13,
      font: this.font,
      color: COLOR.onBrand,
    });
    this.y = PAGE.height - height - 32;
  }

  /** A heading, kept on one page with the first `keepWith` points of what follows it. */
  heading(text: string, keepWith = 0) {
    this.ensureRoom(48 + keepWith);
    this.y -= 10;
    this.page.drawText(text, { x: MARGIN.x, y: this.y - 14, size: 15, font: this.bold, color: COLOR.brand });
    this.y -= 26;
  }

  paragraph(text: string, options: { size?: number; muted?: boolean; bold?: boolean } = {}) {
    const size = options.size ?? 10.5;
    const font = options.bold ? this.bold : this.font;
    this.lines(text, font, size, CONTENT_WIDTH, MARGIN.x, options.muted ? COLOR.muted : COLOR.text);
    this.y -= 8;
  }

  /** A list; an item may have a bold title before its text. */
  bullets(items: readonly (string | { title: string; text: string })[]) {
    const indent = 14;
    for (const item of items) {
      const size = 10.5;
      this.ensureRoom(size * 1.45);
      this.page.drawCircle({ x: MARGIN.x + 3, y: this.y - size * 0.7 + 1, size: 1.8, color: COLOR.brand });
      if (typeof item === 'string') {
        this.lines(item, this.font, size, CONTENT_WIDTH - indent, MARGIN.x + indent, COLOR.text);
      } else {
        this.lines(item.title, this.bold, size, CONTENT_WIDTH - indent, MARGIN.x + indent, COLOR.text);
        this.lines(item.text, this.font, size, CONTENT_WIDTH - indent, MARGIN.x + indent, COLOR.muted);
      }
      this.y -= 5;
    }
    this.y -= 6;
  }

  /** A table's cells wrapped to their columns, and each row's height. */
  private tableRow(columns: readonly TableColumn[], cells: readonly string[], header: boolean) {
    const font = header ? this.bold : this.font;
    const wrapped = cells.map((cell, index) =>
      this.wrap(
        cell,
        index === 0 && !header ? this.bold : font,
        TABLE.size,
        (columns[index]?.width ?? 0) * CONTENT_WIDTH - 2 * TABLE.padding,
      ),
    );
    const height = Math.max(...wrapped.map((lines) => lines.length)) * TABLE.lineHeight + 2 * TABLE.padding;
    return { wrapped, height };
  }

  /**
   * The room a table needs to start on a page: all of it when it fits on one page, so that it is not
   * broken after a row or two, or else its header and first rows.
   */
  tableStart(columns: readonly TableColumn[], rows: readonly string[][]) {
    const heights = [columns.map((column) => column.label), ...rows].map(
      (cells, index) => this.tableRow(columns, cells, index === 0).height,
    );
    const whole = heights.reduce((total, height) => total + height, 0);
    const pageRoom = PAGE.height - MARGIN.top - MARGIN.bottom;
    return whole <= pageRoom ? whole : heights.slice(0, 4).reduce((total, height) => total + height, 0);
  }

  table(columns: readonly TableColumn[], rows: readonly string[][]) {
    const { size, padding, lineHeight } = TABLE;
    const widths = columns.map((column) => column.width * CONTENT_WIDTH);
    const headerCells = columns.map((column) => column.label);
    this.ensureRoom(this.tableStart(columns, rows));
    const drawRow = (cells: readonly string[], header: boolean) => {
      const font = header ? this.bold : this.font;
      const { wrapped, height } = this.tableRow(columns, cells, header);
      // A table that runs onto a new page repeats its header there.
      if (this.ensureRoom(height) && !header) drawRow(headerCells, true);
      if (header) {
        this.page.drawRectangle({
          x: MARGIN.x,
          y: this.y - height,
          width: CONTENT_WIDTH,
          height,
          color: COLOR.surface,
        });
      }
      let x = MARGIN.x;
      wrapped.forEach((lines, index) => {
        const width = widths[index] ?? 0;
        const cellFont = index === 0 && !header ? this.bold : font;
        lines.forEach((line, lineIndex) => {
          const textWidth = cellFont.widthOfTextAtSize(line, size);
          const left = columns[index]?.numeric ? x + width - padding - textWidth : x + padding;
          this.page.drawText(line, {
            x: left,
            y: this.y - padding - size - lineIndex * lineHeight + 2,
            size,
            font: cellFont,
            color: header ? COLOR.muted : COLOR.text,
          });
        });
        x += width;
      });
      this.y -= height;
      this.page.drawLine({
        start: { x: MARGIN.x, y: this.y },
        end: { x: MARGIN.x + CONTENT_WIDTH, y: this.y },
        thickness: 0.75,
        color: COLOR.border,
      });
    };
    drawRow(headerCells, true);
    for (const row of rows) drawRow(row, false);
    this.y -= 14;
  }

  /** Draws the footer on every page and returns the file. */
  async finish(
    footer: (page: number, pages: number) => { left: string; right: string },
  ): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      const { left, right } = footer(index + 1, pages.length);
      const size = 8.5;
      page.drawLine({
        start: { x: MARGIN.x, y: MARGIN.bottom - 20 },
        end: { x: PAGE.width - MARGIN.x, y: MARGIN.bottom - 20 },
        thickness: 0.5,
        color: COLOR.border,
      });
      page.drawText(left, { x: MARGIN.x, y: MARGIN.bottom - 34, size, font: this.font, color: COLOR.muted });
      page.drawText(right, {
        x: PAGE.width - MARGIN.x - this.font.widthOfTextAtSize(right, size),
        y: MARGIN.bottom - 34,
        size,
        font: this.font,
        color: COLOR.muted,
      });
    });
    return this.doc.save();
  }

  private lines(text: string, font: PDFFont, size: number, width: number, x: number, color: RGB) {
    const lineHeight = size * 1.45;
    for (const line of this.wrap(text, font, size, width)) {
      this.ensureRoom(lineHeight);
      this.page.drawText(line, { x, y: this.y - size, size, font, color });
      this.y -= lineHeight;
    }
  }

  /** Splits text into lines that fit the width, breaking between words. */
  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let current = '';
    // Split at ordinary spaces only: a no-break space keeps an amount and its € together.
    for (const word of text.split(/[ \t\n]+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(current);
        current = word;
      } else {
        current = candidate;
      }
    }
    if (current) lines.push(current);
    return lines.length > 0 ? lines : [''];
  }

  /** Starts a new page unless `height` still fits on this one; tells whether it did. */
  private ensureRoom(height: number): boolean {
    if (this.y - height >= MARGIN.bottom) return false;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN.top;
    return true;
  }
}
