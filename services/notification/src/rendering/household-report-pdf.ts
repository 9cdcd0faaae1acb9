import { buildHouseholdReportModel, type HouseholdReportInput, NO_FLAGS } from './household-report-model';
import { openPdf } from './pdf-document';
import { firmLine } from './report-model';
import { defanged } from './unlinkable';

/**
 * The household report as a PDF: emailed to the adviser and each member once every member has
 * confirmed, and rendered again on demand from the stored snapshot by this same function.
 */
export function renderHouseholdReportPdf(input: HouseholdReportInput): Promise<Buffer> {
  // As in the signed report: what looks like an address in typed text is defanged, so no PDF
  // viewer makes a link of it; emails are shown as typed.
  const model = buildHouseholdReportModel(input, defanged);
  const pdf = openPdf({
    title: `Household Risk Profile report: ${model.name}`,
    subject: `${model.agreedProfile} profile agreed`,
    date: new Date(input.household.confirmedAt),
  });
  const { doc, heading, rows, paragraph } = pdf;

  pdf.title(
    'Household Risk Profile Report',
    firmLine(model.firm),
    [`${model.name}, confirmed ${model.confirmedAt}`, `Household ${model.householdId}`],
    // Marked as the signed report marks a profile chosen above its recommendation.
    model.flagged,
  );

  heading('Adviser');
  rows(model.adviser);
  heading('Agreed household profile');
  rows(model.agreed);
  for (const member of model.members) {
    heading(member.title);
    rows(member.rows);
  }
  heading('Questions answered furthest apart');
  if (model.differences.length === 0) paragraph(model.noDifferences);
  for (const difference of model.differences) {
    if (doc.y > doc.page.height - 120) doc.addPage();
    doc.moveDown(0.3);
    paragraph(difference.title, { bold: true });
    rows(difference.rows);
  }
  heading('Flags');
  if (model.flags.length === 0) paragraph(NO_FLAGS);
  for (const flag of model.flags) {
    paragraph(flag, { color: '#8a4b00' });
    doc.moveDown(0.3);
  }
  heading('Confirmations');
  rows(model.confirmations);
  if (model.firm.disclaimer) {
    heading('Disclaimer');
    paragraph(`${firmLine(model.firm)}. ${model.firm.disclaimer}`, { color: '#52606d' });
  }
  return pdf.finish({
    header: `Household Risk Profile report: ${model.name}, household ${model.householdId}`,
    footer: firmLine(model.firm),
  });
}
