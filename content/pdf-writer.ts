import fontkit, { type Font } from '@pdf-lib/fontkit';
import { degrees, PDFDocument, type PDFFont, type PDFPage, PDFString, type RGB, rgb } from 'pdf-lib';
import { type FontName, fontBytes } from './pdf-fonts';

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
  watermark: hex('#c0392b'),
} as const;

/** The bars' colours by series, and the colour of a level drawn across a chart. */
const SERIES_COLORS = [COLOR.brand, hex('#7fa7cc')] as const;
const LEVEL_COLOR = hex('#c0392b');

type Face = 'regular' | 'bold';
/** A stretch of text set in one font. */
interface Run {
  text: string;
  font: FontName;
}
/** Text laid out on a page, inked when the document is finished and its fonts are known. */
interface Placed {
  page: PDFPage;
  runs: Run[];
  face: Face;
  x: number;
  y: number;
  size: number;
  color: RGB;
  /** Degrees counter-clockwise about (x, y), and how opaque: for the watermark. */
  rotate?: number;
  opacity?: number;
}

/**
 * What prints as a link, made clickable where it lies: web addresses and email addresses, without
 * the punctuation that ends a sentence after them.
 */
const LINK = /https?:\/\/[^\s]+?(?=[.,;:)]*(?:\s|$))|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gu;
const linkTarget = (printed: string) => (printed.includes('://') ? printed : `mailto:${printed}`);

/** What prints for a character no font has: visible, and read back as U+FFFD. */
const REPLACEMENT = '\uFFFD';
/** Characters that only steer layout (soft hyphen, joiners, direction marks, variation selectors). */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
/**
 * What prints as the replacement though a font has it: controls, and Devanagari (in Noto Sans),
 * whose letters need the reordering and mark positioning pdf-lib does not do (and fontkit's Indic
 * shaper fails in its published build).
 */
const UNPRINTABLE = /[\p{Cc}\p{Script=Devanagari}]/u;
/** White space a line may break at: all but the no-break spaces, which keep an amount and its € together. */
const BREAKING_SPACE = /[^\S\u00a0\u2007\u202f]+/gu;
const NO_BREAK_SPACE = /[\u2007\u202f]/gu;
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** Where a character is looked for after the face itself, in order. */
const FALLBACK = ['chinese', 'korean'] as const;

/**
 * Fonts parsed once per process for measuring; a fallback is read only when text needs it. Each
 * document embeds its own parse: a subset marks the glyphs it touches, which would mislabel them
 * in the next document's text layer.
 */
const parsed = new Map<FontName, Font>();
function font(name: FontName): Font {
  const cached = parsed.get(name);
  if (cached) return cached;
  const loaded = fontkit.create(fontBytes(name));
  parsed.set(name, loaded);
  return loaded;
}

/** The text split by the font that has each character, in the face's order of fallback. */
function runsOf(text: string, face: Face): Run[] {
  const runs: Run[] = [];
  // Composed: an accent joins its letter, and a compatibility ideograph becomes the one fonts draw.
  const cleaned = text
    .normalize('NFC')
    .replace(IGNORABLE, '')
    .replace(BREAKING_SPACE, ' ')
    .replace(NO_BREAK_SPACE, '\u00a0');
  for (const char of cleaned) {
    const code = char.codePointAt(0) ?? 0;
    const found = UNPRINTABLE.test(char)
      ? undefined
      : [face, ...FALLBACK].find((name) => font(name).hasGlyphForCodePoint(code));
    const [printed, name] = found ? [char, found] : [REPLACEMENT, face];
    const last = runs.at(-1);
    if (last?.font === name) last.text += printed;
    else runs.push({ text: printed, font: name });
  }
  return runs;
}

/**
 * pdf-lib draws glyphs at their advances, without the font's mark positioning: so letters stay
 * whole, instead of the font splitting off an accent (ǹ into n and ̀) to place it.
 */
const FEATURES = { ccmp: false };

/** Runs' advances by font and text: shaping is slow, and the same words come back in every document. */
const advances = new Map<string, number>();
const ADVANCES_KEPT = 50_000;

/** A run's width as the PDF draws it: the sum of its shaped glyphs' advances. */
function runWidth(run: Run, size: number): number {
  const key = `${run.font}\u0000${run.text}`;
  let advance = advances.get(key);
  if (advance === undefined) {
    advance = font(run.font)
      .layout(run.text, FEATURES)
      .glyphs.reduce((total, glyph) => total + glyph.advanceWidth, 0);
    if (advances.size >= ADVANCES_KEPT) advances.clear();
    advances.set(key, advance);
  }
  return (advance * size) / font(run.font).unitsPerEm;
}

/**
 * How a rewritable document's page text writes `text` in the regular face: the hex of its glyph
 * ids, four digits each, as pdf-lib writes them for a font embedded whole.
 */
export const glyphHex = (text: string) =>
  font('regular')
    .layout(text, FEATURES)
    .glyphs.map((glyph) => glyph.id.toString(16).padStart(4, '0').toUpperCase())
    .join('');

const textWidth = (text: string, face: Face, size: number) =>
  runsOf(text, face).reduce((total, run) => total + runWidth(run, size), 0);

/** Cell text is bold in a table's header and first column. */
const cellFace = (column: number, header: boolean): Face => (header || column === 0 ? 'bold' : 'regular');

/** A word cut between its characters into pieces that fit the width (the word itself when it fits). */
function pieces(word: string, face: Face, size: number, width: number): string[] {
  if (textWidth(word, face, size) <= width) return [word];
  const cut: string[] = [];
  let current = '';
  for (const { segment } of graphemes.segment(word)) {
    if (current && textWidth(current + segment, face, size) > width) {
      cut.push(current);
      current = segment;
    } else {
      current += segment;
    }
  }
  return [...cut, current];
}

export interface PdfMeta {
  title: string;
  subject: string;
  language: 'en' | 'da';
  author: string;
  keywords: string[];
}

/** One group of a bar chart: its label under the axis and a value per series (null: nothing to draw). */
export interface ChartGroup {
  label: string;
  values: readonly (number | null)[];
}

/** A bar chart: groups of bars (one colour a series), an optional level drawn across (a ceiling), a legend. */
export interface BarChart {
  groups: readonly ChartGroup[];
  /** Each series' name, for the legend, in the order of a group's values. */
  series: readonly string[];
  /** How a value prints over its bar and on the axis. */
  format: (value: number) => string;
  /** The axis' top; else the largest value or level. */
  max?: number;
  line?: { value: number; label: string };
}

export interface TableColumn {
  label: string;
  /** Share of the content width. */
  width: number;
  numeric?: boolean;
}

/**
 * Writes a document top to bottom: a title band, headings, paragraphs, bullet lists and tables,
 * breaking pages as it goes. Any text prints: each character in the first font that has it
 * (pdf-fonts.ts), embedded as subsets; a character none has prints as U+FFFD.
 */
export class PdfWriter {
  private page: PDFPage;
  private y: number;
  private readonly placed: Placed[] = [];

  private constructor(
    private readonly doc: PDFDocument,
    private readonly rewritable: boolean,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN.top;
  }

  /**
   * `rewritable` embeds the regular face whole rather than as a subset, so that its text keeps the
   * font's own glyph ids and an address in it can be swapped for another (see `glyphHex`).
   */
  static async create(meta: PdfMeta, { rewritable = false } = {}): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.setTitle(meta.title, { showInWindowTitleBar: true });
    doc.setSubject(meta.subject);
    doc.setAuthor(meta.author);
    doc.setCreator(meta.author);
    doc.setProducer(meta.author);
    doc.setLanguage(meta.language === 'da' ? 'da-DK' : 'en-GB');
    doc.setKeywords(meta.keywords);
    doc.registerFontkit(fontkit);
    return new PdfWriter(doc, rewritable);
  }

  /** Lays text out on the current page (or `page`); it is drawn at `finish`. */
  private text(
    text: string,
    at: {
      x: number;
      y: number;
      size: number;
      face: Face;
      color: RGB;
      page?: PDFPage;
      rotate?: number;
      opacity?: number;
    },
  ) {
    const { page = this.page, ...rest } = at;
    this.placed.push({ page, runs: runsOf(text, at.face), ...rest });
  }

  /** The brand band across the top of the first page: product name, title and subtitle. */
  titleBand(product: string, title: string, subtitle: string) {
    const height = 150;
    this.page.drawRectangle({ x: 0, y: PAGE.height - height, width: PAGE.width, height, color: COLOR.brand });
    const top = PAGE.height - 48;
    this.text(product.toUpperCase(), { x: MARGIN.x, y: top, size: 11, face: 'bold', color: COLOR.onBrand });
    this.text(title, { x: MARGIN.x, y: top - 40, size: 28, face: 'bold', color: COLOR.onBrand });
    this.text(subtitle, { x: MARGIN.x, y: top - 66, size: 13, face: 'regular', color: COLOR.onBrand });
    this.y = PAGE.height - height - 32;
  }

  /**
   * Side-by-side blocks of lines under small headings (an invoice's seller and buyer); the first
   * line of each is bold, and every line wraps within its block.
   */
  blocks(blocks: readonly { heading: string; lines: readonly string[] }[]) {
    const gap = 24;
    const width = (CONTENT_WIDTH - gap * (blocks.length - 1)) / blocks.length;
    const size = 10;
    const lineHeight = size * 1.4;
    const laidOut = blocks.map(({ heading, lines }) => [
      { line: heading, face: 'regular' as Face, color: COLOR.muted },
      ...lines.flatMap((text, index) => {
        const face: Face = index === 0 ? 'bold' : 'regular';
        return this.wrap(text, face, size, width).map((line) => ({ line, face, color: COLOR.text }));
      }),
    ]);
    this.ensureRoom(Math.max(...laidOut.map((lines) => lines.length)) * lineHeight);
    laidOut.forEach((lines, column) => {
      lines.forEach(({ line, face, color }, row) => {
        const x = MARGIN.x + column * (width + gap);
        this.text(line, { x, y: this.y - size - row * lineHeight, size, face, color });
      });
    });
    this.y -= Math.max(...laidOut.map((lines) => lines.length)) * lineHeight + 14;
  }

  /** A heading, kept on one page with the first `keepWith` points of what follows it. */
  heading(text: string, keepWith = 0) {
    this.ensureRoom(48 + keepWith);
    this.y -= 10;
    this.text(text, { x: MARGIN.x, y: this.y - 14, size: 15, face: 'bold', color: COLOR.brand });
    this.y -= 26;
  }

  paragraph(text: string, options: { size?: number; muted?: boolean; bold?: boolean } = {}) {
    const size = options.size ?? 10.5;
    const face = options.bold ? 'bold' : 'regular';
    this.lines(text, face, size, CONTENT_WIDTH, MARGIN.x, options.muted ? COLOR.muted : COLOR.text);
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
        this.lines(item, 'regular', size, CONTENT_WIDTH - indent, MARGIN.x + indent, COLOR.text);
      } else {
        this.lines(item.title, 'bold', size, CONTENT_WIDTH - indent, MARGIN.x + indent, COLOR.text);
        this.lines(item.text, 'regular', size, CONTENT_WIDTH - indent, MARGIN.x + indent, COLOR.muted);
      }
      this.y -= 5;
    }
    this.y -= 6;
  }

  /** A table's cells wrapped to their columns, and each row's height. */
  private tableRow(columns: readonly TableColumn[], cells: readonly string[], header: boolean) {
    const wrapped = cells.map((cell, index) =>
      this.wrap(
        cell,
        cellFace(index, header),
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
        const face = cellFace(index, header);
        lines.forEach((line, lineIndex) => {
          const left = columns[index]?.numeric
            ? x + width - padding - textWidth(line, face, size)
            : x + padding;
          this.text(line, {
            x: left,
            y: this.y - padding - size - lineIndex * lineHeight + 2,
            size,
            face,
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

  /**
   * A bar chart drawn as vectors: an axis with its top value, bars with their values over them and
   * their groups' labels under them, a level across (a ceiling) and a legend of the series.
   */
  barChart(chart: BarChart) {
    const height = 120;
    const size = 8;
    const labelRoom = 2 * size + 8;
    const legendRoom = size + 10;
    this.ensureRoom(height + labelRoom + legendRoom + 16);
    const top = this.y - 12;
    const base = top - height;
    const values = chart.groups.flatMap((group) =>
      group.values.filter((value): value is number => value !== null),
    );
    const max = chart.max ?? Math.max(1, ...values, chart.line?.value ?? 0);
    const left = MARGIN.x + 40;
    const width = MARGIN.x + CONTENT_WIDTH - left;
    const slot = width / Math.max(1, chart.groups.length);
    const barWidth = Math.min(36, (slot * 0.7) / Math.max(1, chart.series.length));
    const heightOf = (value: number) => (Math.min(value, max) / max) * height;
    this.page.drawLine({
      start: { x: left, y: base },
      end: { x: left + width, y: base },
      thickness: 0.75,
      color: COLOR.muted,
    });
    this.page.drawLine({
      start: { x: left, y: base },
      end: { x: left, y: top },
      thickness: 0.5,
      color: COLOR.border,
    });
    const axisLabel = (text: string, y: number) =>
      this.text(text, {
        x: left - 4 - textWidth(text, 'regular', size),
        y: y - size / 3,
        size,
        face: 'regular',
        color: COLOR.muted,
      });
    axisLabel(chart.format(0), base);
    axisLabel(chart.format(max), top);
    chart.groups.forEach((group, index) => {
      const groupLeft = left + index * slot + (slot - barWidth * chart.series.length) / 2;
      group.values.forEach((value, series) => {
        if (value === null) return;
        const x = groupLeft + series * barWidth;
        const color = SERIES_COLORS[series % SERIES_COLORS.length] ?? COLOR.brand;
        this.page.drawRectangle({ x, y: base, width: barWidth - 2, height: heightOf(value), color });
        const printed = chart.format(value);
        const textX = x + (barWidth - 2 - textWidth(printed, 'regular', size)) / 2;
        this.text(printed, {
          x: textX,
          y: base + heightOf(value) + 3,
          size,
          face: 'regular',
          color: COLOR.text,
        });
      });
      for (const [line, text] of this.wrap(group.label, 'regular', size, slot - 4)
        .slice(0, 2)
        .entries()) {
        const x = left + index * slot + (slot - textWidth(text, 'regular', size)) / 2;
        this.text(text, {
          x,
          y: base - size - 4 - line * (size + 2),
          size,
          face: 'regular',
          color: COLOR.muted,
        });
      }
    });
    if (chart.line) {
      const y = base + heightOf(chart.line.value);
      this.page.drawLine({
        start: { x: left, y },
        end: { x: left + width, y },
        thickness: 1.25,
        color: LEVEL_COLOR,
        dashArray: [4, 3],
      });
    }
    // The legend names each series, and the level with its value (written there, clear of the bars).
    let legendX = left;
    const legendY = base - labelRoom - legendRoom + 4;
    chart.series.forEach((name, series) => {
      const color = SERIES_COLORS[series % SERIES_COLORS.length] ?? COLOR.brand;
      this.page.drawRectangle({ x: legendX, y: legendY, width: size, height: size, color });
      this.text(name, { x: legendX + size + 4, y: legendY + 1, size, face: 'regular', color: COLOR.text });
      legendX += size + 16 + textWidth(name, 'regular', size);
    });
    if (chart.line) {
      const text = `${chart.line.label} ${chart.format(chart.line.value)}`;
      this.page.drawLine({
        start: { x: legendX, y: legendY + size / 2 },
        end: { x: legendX + 2 * size, y: legendY + size / 2 },
        thickness: 1.25,
        color: LEVEL_COLOR,
        dashArray: [4, 3],
      });
      this.text(text, { x: legendX + 2 * size + 4, y: legendY + 1, size, face: 'bold', color: LEVEL_COLOR });
    }
    this.y = legendY - 16;
  }

  /** Draws the footer on every page, inks the text in the fonts it uses and returns the file. */
  /**
   * `watermark` is written large and faint across every page (a draft's DRAFT). Every web and email
   * address in the text becomes a link where it is printed.
   */
  async finish(
    footer: (page: number, pages: number) => { left: string; right: string },
    { watermark }: { watermark?: string } = {},
  ): Promise<Uint8Array> {
    this.footers(footer);
    if (watermark) this.watermarks(watermark);
    const embedded = new Map<FontName, PDFFont>();
    for (const placed of this.placed) {
      const { page, runs, x, y, size, color, rotate = 0, opacity } = placed;
      let left = x;
      for (const run of runs) {
        let pdfFont = embedded.get(run.font);
        if (!pdfFont) {
          const subset = !(this.rewritable && run.font === 'regular');
          pdfFont = await this.doc.embedFont(fontBytes(run.font), { subset, features: FEATURES });
          embedded.set(run.font, pdfFont);
        }
        page.drawText(run.text, { x: left, y, size, font: pdfFont, color, rotate: degrees(rotate), opacity });
        left += runWidth(run, size);
      }
      if (!rotate) this.links(placed);
    }
    return this.doc.save();
  }

  /** Link annotations over the addresses in a placed line of text. */
  private links({ page, runs, face, x, y, size }: Placed) {
    const text = runs.map((run) => run.text).join('');
    for (const match of text.matchAll(LINK)) {
      const left = x + textWidth(text.slice(0, match.index), face, size);
      const rect = [left, y - size * 0.25, left + textWidth(match[0], face, size), y + size * 0.9];
      const link = this.doc.context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: rect,
        Border: [0, 0, 0],
        A: { Type: 'Action', S: 'URI', URI: PDFString.of(linkTarget(match[0])) },
      });
      page.node.addAnnot(this.doc.context.register(link));
    }
  }

  /** The watermark diagonally across the middle of every page. */
  private watermarks(text: string) {
    const size = 110;
    const angle = 40;
    const width = textWidth(text, 'bold', size);
    const radians = (angle * Math.PI) / 180;
    for (const page of this.doc.getPages()) {
      // Starts so that the text's middle is the page's middle.
      const x = PAGE.width / 2 - (Math.cos(radians) * width) / 2 + (Math.sin(radians) * size) / 3;
      const y = PAGE.height / 2 - (Math.sin(radians) * width) / 2 - (Math.cos(radians) * size) / 3;
      this.text(text, {
        page,
        x,
        y,
        size,
        face: 'bold',
        color: COLOR.watermark,
        rotate: angle,
        opacity: 0.14,
      });
    }
  }

  private footers(footer: (page: number, pages: number) => { left: string; right: string }) {
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
      const y = MARGIN.bottom - 34;
      const color = COLOR.muted;
      this.text(left, { page, x: MARGIN.x, y, size, face: 'regular', color });
      const x = PAGE.width - MARGIN.x - textWidth(right, 'regular', size);
      this.text(right, { page, x, y, size, face: 'regular', color });
    });
  }

  private lines(text: string, face: Face, size: number, width: number, x: number, color: RGB) {
    const lineHeight = size * 1.45;
    for (const line of this.wrap(text, face, size, width)) {
      this.ensureRoom(lineHeight);
      this.text(line, { x, y: this.y - size, size, face, color });
      this.y -= lineHeight;
    }
  }

  /**
   * Splits text into lines that fit the width, breaking between words, and inside a word too wide
   * for a line. Each word is measured once: a line is as wide as its words and the spaces between.
   */
  private wrap(text: string, face: Face, size: number, width: number): string[] {
    const space = textWidth(' ', face, size);
    const lines: string[] = [];
    let current = '';
    let currentWidth = 0;
    for (const word of text
      .split(BREAKING_SPACE)
      .filter(Boolean)
      .flatMap((word) => pieces(word, face, size, width))) {
      const wordWidth = textWidth(word, face, size);
      if (current && currentWidth + space + wordWidth <= width) {
        current += ` ${word}`;
        currentWidth += space + wordWidth;
      } else {
        if (current) lines.push(current);
        current = word;
        currentWidth = wordWidth;
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
