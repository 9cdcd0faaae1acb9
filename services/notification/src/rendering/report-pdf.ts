import PDFDocument from 'pdfkit';
import { buildTypedTextModel, type ReportInput, type ReportModel, type Row } from './report-model';
import { defanged } from './unlinkable';

// Characters beyond Latin-1 that the standard fonts' WinAnsi encoding still has.
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * The PDF uses the standard Helvetica (no font files to ship), which covers WinAnsi only. Other
 * characters are written without their accents where that makes them fit ("Nguyễn" becomes
 * "Nguyen"), else as "?": the email's HTML and text parts carry every character as typed.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char)) {
      out += char;
    } else if (char === '\n' || char === '\t') {
      out += char;
    } else {
      const stripped = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...stripped].every((c) => c.codePointAt(0)! <= 0xff && c.codePointAt(0)! >= 0x20)
        ? stripped
        : '?';
    }
  }
  return out;
}

const MARGIN = 50;

/** The full report as a PDF: the attachment of the adviser's email and the client's copy. */
export function renderReportPdf(input: ReportInput): Promise<Buffer> {
  // Defanged after the WinAnsi mapping, which can itself make a dot (a full-width one becomes "."):
  // PDF viewers make links of what looks like an address. The client's email is left readable as
  // typed, a link to no one but that address.
  const model = buildTypedTextModel(input, (typed) => defanged(toWinAnsi(typed)), { email: false });
  const signedAt = new Date(input.assessment.signedAt);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Kept in memory until the end, so every page can be stamped with its number of the total.
    bufferPages: true,
    info: {
      Title: toWinAnsi(`Risk Profile report: ${model.clientName}`),
      Author: 'Risk Profile',
      Subject: toWinAnsi(`${model.chosenProfile} profile`),
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
  layout(doc, model);
  stampPages(doc, model);
  doc.end();
  return done;
}

function layout(doc: PDFKit.PDFDocument, model: ReportModel): void {
  const width = doc.page.width - MARGIN * 2;
  const labelWidth = 150;
  const text = (value: string) => toWinAnsi(value);

  const heading = (title: string) => {
    if (doc.y > doc.page.height - 120) doc.addPage();
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor('#102a43').text(text(title), MARGIN);
    doc.moveDown(0.3);
  };
  const rows = (list: readonly Row[]) => {
    for (const [label, value] of list) {
      doc.font('Helvetica').fontSize(9.5);
      // A row that does not fit starts the next page whole: otherwise the label would stay on
      // one page and pdfkit would carry its value over to a page of its own.
      const height = Math.max(
        doc.heightOfString(text(label), { width: labelWidth - 10 }),
        doc.heightOfString(text(value), { width: width - labelWidth }),
      );
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const y = doc.y;
      doc
        .font('Helvetica')
        .fontSize(9.5)
        .fillColor('#52606d')
        .text(text(label), MARGIN, y, { width: labelWidth - 10 });
      const afterLabel = doc.y;
      doc.fillColor('#1f2933').text(text(value), MARGIN + labelWidth, y, { width: width - labelWidth });
      doc.y = Math.max(doc.y, afterLabel) + 2;
    }
    doc.x = MARGIN;
  };
  const paragraph = (value: string, options: { bold?: boolean; color?: string } = {}) => {
    doc
      .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9.5)
      .fillColor(options.color ?? '#1f2933')
      .text(text(value), MARGIN, doc.y, { width });
  };

  doc.font('Helvetica-Bold').fontSize(18).fillColor('#102a43').text('Risk Profile Report', MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#52606d')
    .text(text(`${model.clientName}, signed ${model.signedAt}`))
    .text(`Assessment ${model.assessmentId}`);
  if (model.override) {
    // A filled box round the sentence: the one thing a reviewer must not miss.
    doc.moveDown(0.6);
    const top = doc.y;
    doc.font('Helvetica-Bold').fontSize(10.5);
    const height = doc.heightOfString(text(model.override), { width: width - 20 }) + 16;
    doc.rect(MARGIN, top, width, height).fillAndStroke('#fff4e5', '#e8a33d');
    doc.fillColor('#7a2e00').text(text(model.override), MARGIN + 10, top + 8, { width: width - 20 });
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
    doc
      .moveDown(0.4)
      .font('Helvetica-Bold')
      .fontSize(10.5)
      .fillColor('#102a43')
      .text(text(section.title), MARGIN);
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
}

/**
 * "Page N of M" at the foot of every page, and on every page after the first a running header
 * naming the client and the assessment, so a printed page that comes loose says whose record it is.
 */
function stampPages(doc: PDFKit.PDFDocument, model: ReportModel): void {
  const range = doc.bufferedPageRange();
  const header = toWinAnsi(`Risk Profile report: ${model.clientName}, assessment ${model.assessmentId}`);
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Written in the margins: without a zero bottom margin pdfkit would start a new page for them.
    const { bottom } = doc.page.margins;
    doc.page.margins.bottom = 0;
    const width = doc.page.width - MARGIN * 2;
    doc.font('Helvetica').fontSize(8).fillColor('#52606d');
    if (i > range.start) {
      doc.text(header, MARGIN, MARGIN / 2, { width, lineBreak: false, ellipsis: true });
    }
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN / 2 - 8, {
      width,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
