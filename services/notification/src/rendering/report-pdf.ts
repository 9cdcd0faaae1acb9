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
    .text(text(`${model.clientName}, signed ${model.signedAt}`));

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
  for (const a of model.answers) {
    if (doc.y > doc.page.height - 90) doc.addPage();
    paragraph(`${a.number}. ${a.question}`);
    paragraph(a.answer, { bold: true, color: '#0b6e4f' });
    doc.moveDown(0.3);
  }
  heading('Signature');
  rows(model.signature);
  doc.moveDown(0.5);
  paragraph(model.verification, { color: '#52606d' });
}
