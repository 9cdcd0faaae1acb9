import { firmLine, type ReportModel, type Row } from './report-model';

const rows = (list: readonly Row[]) => list.map(([label, value]) => `${label}: ${value}`).join('\n');

/** The plain-text part: the same report as the HTML, for clients that show text only. */
export function renderText(model: ReportModel, intro: string): string {
  const parts = [
    // The firm heads the report, as on the PDF's first page.
    ...(model.firm ? [firmLine(model.firm)] : []),
    intro,
    // Said right after the intro, so a text-only reader cannot miss it.
    ...(model.override ? [`*** ${model.override} ***`] : []),
    `ADVISER\n${rows(model.adviser)}`,
    `CLIENT\n${rows(model.client)}`,
    `RESULTS\n${rows(model.results)}`,
    `RISK PROFILE\n${rows(model.profile)}${
      model.changed
        ? `\nReason for the change: ${model.changed.reason}\n${model.changed.acknowledgement}`
        : ''
    }`,
    `ABOUT THE ${model.chosenProfile.toUpperCase()} PROFILE\n${rows(model.facts)}`,
    `CAPACITY FOR LOSS\n${rows(model.capacity.rows)}${model.capacity.warnings
      .map((w) => `\n- ${w.title}: ${w.message}`)
      .join('')}`,
    ...(model.warnings.length > 0
      ? [`CONSISTENCY WARNINGS\n${model.warnings.map((w) => `- ${w.title}: ${w.explanation}`).join('\n')}`]
      : []),
    `EXCLUSIONS AND PREFERENCES\n${rows(model.choices)}`,
    `ANSWERS\n${model.answers
      .map(
        (section) =>
          `${section.title}\n${section.answers
            .map((a) => `${a.number}. ${a.question}\n   ${a.answer}\n   ${a.score}`)
            .join('\n')}`,
      )
      .join('\n\n')}`,
    `SIGNATURE\n${rows(model.signature)}\n\n${model.verification}`,
    ...(model.firm?.disclaimer ? [`DISCLAIMER\n${firmLine(model.firm)}. ${model.firm.disclaimer}`] : []),
  ];
  return `${parts.join('\n\n')}\n`;
}
