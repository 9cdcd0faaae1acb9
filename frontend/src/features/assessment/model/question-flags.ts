import {
  type ConsistencyIssue,
  checkConsistency,
  QUESTION_COUNT,
  type Responses,
} from '@risk-profile/contracts';

/** A link from a flagged question to the note that explains it, in the panel after question 18. */
export interface FlagNote {
  /** The note's element id in the consistency panel. */
  id: string;
  /** The link's text, naming the note by its questions. */
  label: string;
}

/** What a flagged question's card says and links to. */
export interface QuestionFlag {
  /** "This answer may not match your answer to question 5." */
  text: string;
  notes: FlagNote[];
}

export const noteElementId = (issue: Pick<ConsistencyIssue, 'id'>): string => `consistency-note-${issue.id}`;

function listed(numbers: readonly number[]): string {
  if (numbers.length <= 1) return numbers.join('');
  return `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}

const questions = (numbers: readonly number[]): string =>
  `${numbers.length === 1 ? 'question' : 'questions'} ${listed(numbers)}`;

/** The flag of each question in an unresolved issue, keyed by question number. */
export function questionFlags(issues: readonly ConsistencyIssue[]): Map<number, QuestionFlag> {
  const flags = new Map<number, QuestionFlag>();
  const numbers = [...new Set(issues.flatMap((issue) => issue.questions))].sort((a, b) => a - b);
  for (const number of numbers) {
    const mine = issues.filter((issue) => issue.questions.includes(number));
    const others = [...new Set(mine.flatMap((issue) => issue.questions))]
      .filter((other) => other !== number)
      .sort((a, b) => a - b);
    flags.set(number, {
      text: `This answer may not match your ${others.length === 1 ? 'answer' : 'answers'} to ${questions(others)}.`,
      notes: mine.map((issue) => ({
        id: noteElementId(issue),
        label: `Read the note on ${questions([...issue.questions].sort((a, b) => a - b))}`,
      })),
    });
  }
  return flags;
}

/**
 * Whether the page moves on to the next question after this answer. It does not after the last
 * question, nor when the answer leaves this question flagged: the client should read the flag,
 * which the move would scroll out of view.
 */
export function advancesAfterAnswer(question: number, responses: Responses): boolean {
  if (question >= QUESTION_COUNT) return false;
  return !checkConsistency(responses).some((issue) => issue.questions.includes(question));
}
