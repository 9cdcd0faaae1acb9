import PDFDocument from 'pdfkit';
import { runsOf, type Weight } from './pdf-fonts';
import type { Row } from './report-model';

/*
 * The pieces every PDF the service renders shares (the signed report, the household report): the
 * document with its fonts, headings, label/value rows and paragraphs, and the stamp on every page.
 * One copy, so the two reports cannot drift in how they print a name or break a page.
 */

export const MARGIN = 50;

type TextOptions = PDFKit.Mixins.TextOptions;

interface TextWriter {
  /** Writes `value` in runs of the fonts that print it, at (x, y) when given, else where the last text ended. */
  write(value: string, weight: Weight, options?: TextOptions, x?: number, y?: number): void;
  /** The height `value` takes at the current size, for deciding page breaks. */
  height(value: string, weight: Weight, options?: TextOptions): number;
  /** The width `value` takes on one line at the current size. */
  width(value: string, weight: Weight): number;
}

export interface PdfPage {
  doc: PDFKit.PDFDocument;
  writer: TextWriter;
  heading(title: string): void;
  rows(list: readonly Row[]): void;
  paragraph(value: string, options?: { bold?: boolean; color?: string }): void;
  /**
   * The first page's top: the title, the firm in bold when there is one, the lines under it, and
   * `alert` in a filled box when given, the one thing a reviewer must not miss.
   */
  title(title: string, firm: string | null, lines: readonly string[], alert: string | null): void;
  /** Renders the pages with `header` (from page 2) and `footer` beside "Page N of M", and ends. */
  finish(stamp: { header: string; footer: string | null }): Promise<Buffer>;
}

/** An A4 document kept in memory until the end, so every page can be stamped with its number of the total. */
export function openPdf(info: { title: string; subject: string; date: Date }): PdfPage {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    // No default font: pdfkit would parse Helvetica's metrics for every document, and every text
    // here is written in the fonts the writer chooses (pdf-fonts.ts), never in Helvetica.
    font: null as unknown as string,
    info: {
      Title: info.title,
      Author: 'Risk Profile',
      Subject: info.subject,
      CreationDate: info.date,
      ModDate: info.date,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const writer = textWriter(doc);
  return {
    doc,
    writer,
    ...blocks(doc, writer),
    title: (title, firm, lines, alert) => titleBlock(doc, writer, { title, firm, lines, alert }),
    finish(stamp) {
      stampPages(doc, writer, stamp);
      doc.end();
      return done;
    },
  };
}

function titleBlock(
  doc: PDFKit.PDFDocument,
  writer: TextWriter,
  top: { title: string; firm: string | null; lines: readonly string[]; alert: string | null },
): void {
  const { alert } = top;
  doc.fontSize(18).fillColor('#102a43');
  writer.write(top.title, 'bold', {}, MARGIN, MARGIN);
  doc.fontSize(10).fillColor('#52606d');
  if (top.firm) writer.write(top.firm, 'bold');
  for (const line of top.lines) writer.write(line, 'regular');
  if (!alert) return;
  const width = doc.page.width - MARGIN * 2;
  doc.moveDown(0.6);
  const boxTop = doc.y;
  doc.fontSize(10.5);
  const height = writer.height(alert, 'bold', { width: width - 20 }) + 16;
  doc.rect(MARGIN, boxTop, width, height).fillAndStroke('#fff4e5', '#e8a33d');
  doc.fillColor('#7a2e00');
  writer.write(alert, 'bold', { width: width - 20 }, MARGIN + 10, boxTop + 8);
  doc.y = boxTop + height;
  doc.x = MARGIN;
}

function textWriter(doc: PDFKit.PDFDocument): TextWriter {
  const registered = new Set<string>();
  const use = (run: ReturnType<typeof runsOf>[number]) => {
    if (!registered.has(run.key)) {
      // pdfkit takes a parsed fontkit font as well as a file (its type declarations lag behind), so
      // each font file is parsed once per process rather than once per report.
      doc.registerFont(run.key, run.font as unknown as PDFKit.Mixins.PDFFontSource);
      registered.add(run.key);
    }
    doc.font(run.key);
  };
  const runs = (value: string, weight: Weight) => {
    const found = runsOf(value, weight);
    return found.length > 0 ? found : runsOf(' ', weight).map((run) => ({ ...run, text: '' }));
  };
  return {
    write(value, weight, options = {}, x, y) {
      const list = runs(value, weight);
      list.forEach((run, i) => {
        use(run);
        const next = { ...options, continued: i < list.length - 1 };
        if (i === 0 && x !== undefined) doc.text(run.text, x, y, next);
        else doc.text(run.text, next);
      });
    },
    height(value, weight, options = {}) {
      const list = runs(value, weight);
      use(list.find((run) => run.key.startsWith('main')) ?? runsOf(' ', weight)[0]!);
      // Measured in the main font, a wide (Chinese) character counted as an "M": close enough to
      // decide where a page breaks.
      const measured = list
        .map((run) => (run.key.startsWith('main') ? run.text : 'M'.repeat([...run.text].length)))
        .join('');
      return doc.heightOfString(measured, options);
    },
    width(value, weight) {
      return runs(value, weight).reduce((sum, run) => {
        use(run);
        return sum + doc.widthOfString(run.text);
      }, 0);
    },
  };
}

function blocks(doc: PDFKit.PDFDocument, writer: TextWriter) {
  const width = doc.page.width - MARGIN * 2;
  const labelWidth = 150;
  const { write } = writer;
  return {
    heading(title: string) {
      if (doc.y > doc.page.height - 120) doc.addPage();
      doc.moveDown(0.8).fontSize(12).fillColor('#102a43');
      write(title, 'bold', {}, MARGIN);
      doc.moveDown(0.3);
    },
    rows(list: readonly Row[]) {
      for (const [label, value] of list) {
        doc.fontSize(9.5);
        // A value with no space that is too wide for its column (the digest) is written smaller, on
        // one line, so it can be read and copied whole.
        const wide = /\s/.test(value) ? 0 : writer.width(value, 'regular');
        const valueSize =
          wide > width - labelWidth ? Math.max(7, (9.5 * (width - labelWidth)) / wide - 0.05) : 9.5;
        // A row that does not fit starts the next page whole: otherwise the label would stay on
        // one page and pdfkit would carry its value over to a page of its own.
        const labelHeight = writer.height(label, 'regular', { width: labelWidth - 10 });
        doc.fontSize(valueSize);
        const height = Math.max(labelHeight, writer.height(value, 'regular', { width: width - labelWidth }));
        if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
        const y = doc.y;
        doc.fontSize(9.5).fillColor('#52606d');
        write(label, 'regular', { width: labelWidth - 10 }, MARGIN, y);
        const afterLabel = doc.y;
        doc.fontSize(valueSize).fillColor('#1f2933');
        write(value, 'regular', { width: width - labelWidth }, MARGIN + labelWidth, y);
        doc.y = Math.max(doc.y, afterLabel) + 2;
      }
      doc.x = MARGIN;
    },
    paragraph(value: string, options: { bold?: boolean; color?: string } = {}) {
      doc.fontSize(9.5).fillColor(options.color ?? '#1f2933');
      write(value, options.bold ? 'bold' : 'regular', { width }, MARGIN, doc.y);
    },
  };
}

/**
 * "Page N of M" at the foot of every page, beside the footer (the firm's name and licence), and
 * on every page after the first a running header, so a printed page that comes loose says whose
 * record it is and whose firm made it.
 */
function stampPages(
  doc: PDFKit.PDFDocument,
  writer: TextWriter,
  stamp: { header: string; footer: string | null },
): void {
  const range = doc.bufferedPageRange();
  const pageNumberWidth = 80;
  // One line each, cut with an ellipsis: pdfkit's own ellipsis does not carry across font runs.
  const fitted = (text: string, max: number) => {
    if (writer.width(text, 'regular') <= max) return text;
    const chars = [...text];
    while (chars.length > 0 && writer.width(`${chars.join('')}…`, 'regular') > max) chars.pop();
    return `${chars.join('')}…`;
  };
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Written in the margins: without a zero bottom margin pdfkit would start a new page for them.
    const { bottom } = doc.page.margins;
    doc.page.margins.bottom = 0;
    const width = doc.page.width - MARGIN * 2;
    const footerY = doc.page.height - MARGIN / 2 - 8;
    doc.fontSize(8).fillColor('#52606d');
    if (i > range.start) {
      writer.write(fitted(stamp.header, width), 'regular', { width, lineBreak: false }, MARGIN, MARGIN / 2);
    }
    if (stamp.footer) {
      const footerWidth = width - pageNumberWidth;
      writer.write(
        fitted(stamp.footer, footerWidth),
        'regular',
        { width: footerWidth, lineBreak: false },
        MARGIN,
        footerY,
      );
    }
    writer.write(
      `Page ${i - range.start + 1} of ${range.count}`,
      'regular',
      { width: pageNumberWidth, align: 'right', lineBreak: false },
      MARGIN + width - pageNumberWidth,
      footerY,
    );
    doc.page.margins.bottom = bottom;
  }
}
