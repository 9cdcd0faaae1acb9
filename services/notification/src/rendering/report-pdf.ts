import PDFDocument from 'pdfkit';
import { runsOf, type Weight } from './pdf-fonts';
import { buildTypedTextModel, firmLine, type ReportInput, type ReportModel, type Row } from './report-model';
import { defanged } from './unlinkable';

const MARGIN = 50;

/** The full report as a PDF: the attachment of the adviser's email and the client's copy. */
export function renderReportPdf(input: ReportInput): Promise<Buffer> {
  // PDF viewers make links of what looks like an address. The client's email is left readable as
  // typed, a link to no one but that address.
  const model = buildTypedTextModel(input, defanged, { email: false });
  const signedAt = new Date(input.assessment.signedAt);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Kept in memory until the end, so every page can be stamped with its number of the total.
    bufferPages: true,
    info: {
      Title: `Risk Profile report: ${model.clientName}`,
      Author: 'Risk Profile',
      Subject: `${model.chosenProfile} profile`,
      CreationDate: signedAt,
      ModDate: signedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const writer = textWriter(doc);
  layout(doc, writer, model);
  stampPages(doc, writer, model);
  doc.end();
  return done;
}

type TextOptions = PDFKit.Mixins.TextOptions;

interface TextWriter {
  /** Writes `value` in runs of the fonts that print it, at (x, y) when given, else where the last text ended. */
  write(value: string, weight: Weight, options?: TextOptions, x?: number, y?: number): void;
  /** The height `value` takes at the current size, for deciding page breaks. */
  height(value: string, weight: Weight, options?: TextOptions): number;
  /** The width `value` takes on one line at the current size. */
  width(value: string, weight: Weight): number;
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

function layout(doc: PDFKit.PDFDocument, writer: TextWriter, model: ReportModel): void {
  const width = doc.page.width - MARGIN * 2;
  const labelWidth = 150;
  const { write } = writer;

  const heading = (title: string) => {
    if (doc.y > doc.page.height - 120) doc.addPage();
    doc.moveDown(0.8).fontSize(12).fillColor('#102a43');
    write(title, 'bold', {}, MARGIN);
    doc.moveDown(0.3);
  };
  const rows = (list: readonly Row[]) => {
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
  };
  const paragraph = (value: string, options: { bold?: boolean; color?: string } = {}) => {
    doc.fontSize(9.5).fillColor(options.color ?? '#1f2933');
    write(value, options.bold ? 'bold' : 'regular', { width }, MARGIN, doc.y);
  };

  doc.fontSize(18).fillColor('#102a43');
  write('Risk Profile Report', 'bold', {}, MARGIN, MARGIN);
  doc.fontSize(10).fillColor('#52606d');
  if (model.firm) write(firmLine(model.firm), 'bold');
  write(`${model.clientName}, signed ${model.signedAt}`, 'regular');
  write(`Assessment ${model.assessmentId}`, 'regular');
  if (model.override) {
    // A filled box round the sentence: the one thing a reviewer must not miss.
    doc.moveDown(0.6);
    const top = doc.y;
    doc.fontSize(10.5);
    const height = writer.height(model.override, 'bold', { width: width - 20 }) + 16;
    doc.rect(MARGIN, top, width, height).fillAndStroke('#fff4e5', '#e8a33d');
    doc.fillColor('#7a2e00');
    write(model.override, 'bold', { width: width - 20 }, MARGIN + 10, top + 8);
    doc.y = top + height;
    doc.x = MARGIN;
  }

  heading('Adviser');
  rows(model.adviser);
  heading('Client');
  rows(model.client);
  heading('Results');
  rows(model.results);
  heading('Risk Profile');
  rows(model.profile);
  if (model.changed) {
    rows([['Reason for the change', model.changed.reason]]);
    paragraph(model.changed.acknowledgement, { color: '#52606d' });
  }
  heading(`About the ${model.chosenProfile} profile`);
  rows(model.facts);
  heading('Capacity for loss');
  rows(model.capacity.rows);
  for (const w of model.capacity.warnings) {
    // A warning's title stays on the page of its message.
    if (doc.y > doc.page.height - 120) doc.addPage();
    doc.moveDown(0.3);
    paragraph(w.title, { bold: true, color: '#8a4b00' });
    paragraph(w.message);
  }
  if (model.warnings.length > 0) {
    heading('Consistency warnings');
    for (const w of model.warnings) {
      paragraph(w.title, { bold: true, color: '#8a4b00' });
      paragraph(w.explanation);
      doc.moveDown(0.3);
    }
  }
  heading('Exclusions and preferences');
  rows(model.choices);
  heading('Answers');
  for (const section of model.answers) {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.moveDown(0.4).fontSize(10.5).fillColor('#102a43');
    write(section.title, 'bold', {}, MARGIN);
    doc.moveDown(0.2);
    for (const a of section.answers) {
      if (doc.y > doc.page.height - 100) doc.addPage();
      paragraph(`${a.number}. ${a.question}`);
      paragraph(a.answer, { bold: true, color: '#0b6e4f' });
      paragraph(a.score, { color: '#52606d' });
      doc.moveDown(0.3);
    }
  }
  heading('Signature');
  rows(model.signature);
  doc.moveDown(0.5);
  paragraph(model.verification, { color: '#52606d' });
  if (model.firm?.disclaimer) {
    heading('Disclaimer');
    paragraph(`${firmLine(model.firm)}. ${model.firm.disclaimer}`, { color: '#52606d' });
  }
}

/**
 * "Page N of M" at the foot of every page, with the firm's name and licence when there is an
 * adviser, and on every page after the first a running header naming the client and the
 * assessment, so a printed page that comes loose says whose record it is and whose firm made it.
 */
function stampPages(doc: PDFKit.PDFDocument, writer: TextWriter, model: ReportModel): void {
  const range = doc.bufferedPageRange();
  const header = `Risk Profile report: ${model.clientName}, assessment ${model.assessmentId}`;
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
      writer.write(fitted(header, width), 'regular', { width, lineBreak: false }, MARGIN, MARGIN / 2);
    }
    if (model.firm) {
      const firmWidth = width - pageNumberWidth;
      writer.write(
        fitted(firmLine(model.firm), firmWidth),
        'regular',
        { width: firmWidth, lineBreak: false },
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
