// The numbering apart from the wording, so that scoring and counting answers do not need the text
// of every question: the page downloads that with the questionnaire, not with its first screen.
export type QuestionNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18;

export const QUESTION_COUNT = 18;
export const SCORED_QUESTION_COUNT = 12;

export const QUESTION_NUMBERS: readonly QuestionNumber[] = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
];

export const SCORED_QUESTION_NUMBERS: readonly QuestionNumber[] = QUESTION_NUMBERS.slice(
  0,
  SCORED_QUESTION_COUNT,
);
