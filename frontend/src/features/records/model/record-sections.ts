import {
  type AnswerScore,
  comparePrediction,
  describePredictionToAdviser,
  optionForScore,
  questionnaireVersion,
  type Responses,
  type RiskGroup,
  type SectionId,
} from '@risk-profile/contracts';

export interface RecordAnswer {
  number: number;
  question: string;
  /** "B. Agree", or "Not answered". */
  answer: string;
  /** "Score 4 of 5", and for the sections that are not part of the risk score, what the number means. */
  score: string;
}

export interface RecordSection {
  id: SectionId;
  title: string;
  answers: RecordAnswer[];
}

const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

/** The score of one answer in the words the report uses, so the screen and the PDF agree. */
export function answerScoreText(section: SectionId, score: AnswerScore | undefined): string {
  if (score === undefined) return 'No score';
  if (section === 'A') return `Score ${score} of 5`;
  if (section === 'B') return `Score ${score} of 5 (capacity for risk, not part of the risk score)`;
  return `Predicted group ${score} of 5 (not scored)`;
}

/**
 * Every question in the sections of the questionnaire version the record was answered against
 * (the record's `questionnaireVersion`), in that version's words, with the option chosen and its score.
 */
export function recordSections(responses: Responses, version: number): RecordSection[] {
  const { sections, questions } = questionnaireVersion(version);
  return sections.map((section) => ({
    id: section.id,
    title: section.id === 'estimate' ? "The Client's Own View" : `Section ${section.id}: ${section.title}`,
    answers: section.questionNumbers.map((number) => {
      const question = questions[number - 1];
      if (!question) throw new RangeError(`No question ${number}`);
      const score = responses[question.id];
      const option = score === undefined ? undefined : optionForScore(question, score);
      return {
        number,
        question: question.text,
        answer: option === undefined ? 'Not answered' : `${LETTERS[option]}. ${question.options[option]}`,
        score: answerScoreText(section.id, score),
      };
    }),
  }));
}

/** "Predicted Group 3 of 5, actual Group 2 of 5. The client's actual risk tolerance is lower…" */
export function predictionText(responses: Responses, actual: RiskGroup): string | null {
  const predicted = responses.q18;
  if (predicted === undefined) return null;
  const comparison = comparePrediction(predicted, actual);
  return `Predicted Group ${predicted} of 5, actual Group ${actual} of 5. ${describePredictionToAdviser(comparison)}`;
}

/** "1st", "52nd", "73rd", "11th". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}
