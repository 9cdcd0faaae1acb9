import { CONSISTENCY_RULES, type ConsistencyIssue, type ConsistencyRule } from './consistency';
import type { QuestionNumber } from './question-numbers';

/*
 * What the client saw and did about contradictions while answering (docs/questionnaire.md,
 * "Consistency notes on the record"). Results need every contradiction resolved, so the answers
 * at signing are always consistent; the record keeps the notes the client was shown on the way and
 * the questions they changed while a note was showing. The page sends only rule ids and question
 * numbers; the service writes each note's title and explanation from the rule itself.
 */

/** What the page sends: a note it showed, and the note's questions the client changed while it showed. */
export interface ConsistencyNoteSeen {
  id: string;
  changedQuestions: number[];
}

/** What is recorded: the note as the client read it, its questions, and what they changed. */
export interface ConsistencyNote {
  id: string;
  title: string;
  explanation: string;
  questions: number[];
  changedQuestions: number[];
}

const sorted = (numbers: Iterable<number>): number[] => [...new Set(numbers)].sort((a, b) => a - b);

/**
 * The page's bookkeeping for one answer: a change to a question of a note that was showing is
 * recorded against that note, and every note showing after the answer is on the list.
 */
export function trackConsistencyNotes(
  notes: readonly ConsistencyNoteSeen[],
  change: { question: QuestionNumber; changed: boolean },
  shownBefore: readonly Pick<ConsistencyIssue, 'id' | 'questions'>[],
  shownAfter: readonly Pick<ConsistencyIssue, 'id'>[],
): ConsistencyNoteSeen[] {
  const byId = new Map(notes.map((note) => [note.id, note.changedQuestions]));
  for (const issue of shownBefore) {
    const changed = byId.get(issue.id) ?? [];
    const add = change.changed && issue.questions.includes(change.question);
    byId.set(issue.id, add ? sorted([...changed, change.question]) : changed);
  }
  for (const issue of shownAfter) if (!byId.has(issue.id)) byId.set(issue.id, []);
  return [...byId].map(([id, changedQuestions]) => ({ id, changedQuestions }));
}

/**
 * The service's record of the notes the page reports, each written from its rule (of the version
 * the client answered), in the rules' order.
 */
export function consistencyNotesRecord(
  seen: readonly ConsistencyNoteSeen[],
  rules: readonly ConsistencyRule[] = CONSISTENCY_RULES,
): ConsistencyNote[] {
  return rules.flatMap((rule) => {
    const reported = seen.filter((note) => note.id === rule.id);
    if (reported.length === 0) return [];
    const questions: readonly number[] = rule.questions;
    const changed = reported.flatMap((note) => note.changedQuestions).filter((q) => questions.includes(q));
    return [
      {
        id: rule.id,
        title: rule.title,
        explanation: rule.explanation,
        questions: [...questions],
        changedQuestions: sorted(changed),
      },
    ];
  });
}

const list = (numbers: readonly number[]): string =>
  numbers.length === 1
    ? `question ${numbers[0]}`
    : `questions ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;

/** One note as the record and the report show it: title, and what the client read and changed. */
export function consistencyNoteText(note: ConsistencyNote): { title: string; explanation: string } {
  const changed =
    note.changedQuestions.length === 0
      ? 'No answer was changed while it showed.'
      : `The client then changed ${list(note.changedQuestions)}.`;
  return {
    title: `Shown during the questionnaire: ${note.title} (${list(note.questions)})`,
    explanation: `${note.explanation} ${changed}`,
  };
}

/** What the record says when no note is listed: none shown, or not recorded for an older assessment. */
export function noConsistencyNotesText(recorded: boolean): string {
  return recorded
    ? 'None: the client was shown no contradiction notes, and the answers signed are consistent.'
    : 'None at signing: the answers signed are consistent. Notes shown during the questionnaire were not recorded for this assessment.';
}
