import { MARGIN, openPdf, type PdfPage } from './pdf-document';
import { buildTypedTextModel, firmLine, type ReportInput, type ReportModel } from './report-model';
import { defanged } from './unlinkable';

/** The full report as a PDF: the attachment of the adviser's email and the client's copy. */
export function renderReportPdf(input: ReportInput): Promise<Buffer> {
  // PDF viewers make links of what looks like an address. The client's email is left readable as
  // typed, a link to no one but that address.
  const model = buildTypedTextModel(input, defanged, { email: false });
  const pdf = openPdf({
    title: `Risk Profile report: ${model.clientName}`,
    subject: `${model.chosenProfile} profile`,
    date: new Date(input.assessment.signedAt),
  });
  layout(pdf, model);
  return pdf.finish({
    header: `Risk Profile report: ${model.clientName}, assessment ${model.assessmentId}`,
    footer: model.firm ? firmLine(model.firm) : null,
  });
}

function layout(pdf: PdfPage, model: ReportModel): void {
  const { doc, writer, heading, rows, paragraph } = pdf;
  const { write } = writer;

  pdf.title(
    'Risk Profile Report',
    model.firm ? firmLine(model.firm) : null,
    [
      `${model.clientName}, signed ${model.signedAt}`,
      `Assessment ${model.assessmentId}`,
      model.questionnaire,
    ],
    model.override,
  );

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
