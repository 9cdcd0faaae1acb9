import {
  type ConsistencyIssue,
  type ConsistencyNote,
  consistencyNoteText,
  noConsistencyNotesText,
  percentileRecordText,
  questionnaireVersion,
} from '@risk-profile/contracts';

/** The record's percentile in the report's words: its version's norms, and how the group relates to its bands. */
export const percentileFact = (riskScore: number, percentile: number, version: number): string =>
  percentileRecordText(riskScore, percentile, questionnaireVersion(version).scoring);

export interface ConsistencyItem {
  key: string;
  title: string;
  explanation: string;
}

/**
 * The record's consistency section, as the report shows it: the contradiction notes the client was
 * shown during the questionnaire and what they changed, then any warning an older record carried at
 * signing; `none` says what an empty list means (none shown, or not recorded for an older record).
 */
export function consistencyItems(signed: {
  consistencyNotes: readonly ConsistencyNote[] | null;
  consistencyWarnings: readonly ConsistencyIssue[];
}): { items: ConsistencyItem[]; none: string | null } {
  const items = [
    ...(signed.consistencyNotes ?? []).map((note) => ({
      key: `note-${note.id}`,
      ...consistencyNoteText(note),
    })),
    ...signed.consistencyWarnings.map((warning) => ({
      key: `warning-${warning.id}`,
      title: `${warning.title} (questions ${warning.questions.join(', ')})`,
      explanation: warning.explanation,
    })),
  ];
  return { items, none: items.length > 0 ? null : noConsistencyNotesText(signed.consistencyNotes !== null) };
}
