import { PROFILE_NAMES } from './profiles';
import { QUESTION_NUMBERS, type QuestionNumber } from './question-numbers';
import type { AnswerScore, ResponseKey } from './responses';

export type SectionId = 'A' | 'B' | 'estimate';

type Five<T> = readonly [T, T, T, T, T];

export interface Question {
  number: QuestionNumber;
  id: ResponseKey;
  section: SectionId;
  text: string;
  /** Shown in the 'Question N Help' dialog. */
  explanation: string;
  /** Options A to E, in the order shown. */
  options: Five<string>;
  /** The score each option gives, A to E: 1 is the most cautious answer, 5 the most risk-seeking. */
  scoring: Five<AnswerScore>;
  isEstimate?: true;
}

export interface Section {
  id: SectionId;
  title: string;
  questionNumbers: readonly QuestionNumber[];
}

const NATURAL: Five<AnswerScore> = [1, 2, 3, 4, 5];
// Options listed from the most risk-seeking to the most cautious.
const REVERSED: Five<AnswerScore> = [5, 4, 3, 2, 1];

const AGREEMENT: Five<string> = [
  'Strongly agree',
  'Agree',
  'Neither agree nor disagree',
  'Disagree',
  'Strongly disagree',
];

// Questions 5/6, 7/9, 1/9, 1/3, 8 and 2 are worded so that the consistency rules in
// consistency.ts compare answers that genuinely cannot both be true (see docs/questionnaire.md).
const SECTION_A: readonly Omit<Question, 'number' | 'id' | 'section'>[] = [
  {
    text: 'Which statement best describes your attitude to investment risk?',
    explanation:
      'Investments that can earn higher returns over time usually rise and fall more in value along the way. Choose the statement closest to how you actually feel, not the one you think you should choose.',
    options: [
      'I want to avoid any fall in the value of my investments, even if that means low returns.',
      'I can accept small, occasional falls in value for slightly higher returns.',
      'I can accept moderate falls in value for moderate returns.',
      'I can accept large falls in value for higher long-term returns.',
      'I can accept very large falls in value to aim for the highest long-term returns.',
    ],
    scoring: NATURAL,
  },
  {
    text: 'Over the long term, what average yearly return above inflation do you expect this investment to earn?',
    explanation:
      'Inflation is the general rise in prices. An investment that only keeps pace with inflation keeps its buying power but does not grow it. Over the long term, cash has earned little more than inflation; higher returns have come from shares and property, which fall in value in some years.',
    options: [
      'More than 4% a year above inflation',
      'About 3% to 4% a year above inflation',
      'About 2% to 3% a year above inflation',
      'About 1% to 2% a year above inflation',
      'About the same as inflation, or a little more',
    ],
    scoring: REVERSED,
  },
  {
    text: 'What is the largest fall in the value of your investments over a single year that you could accept without selling?',
    explanation:
      'On an investment of $100,000, a 10% fall is $10,000 and a 30% fall is $30,000. Portfolios aiming for higher returns can fall by 20% or more in a bad year.',
    options: ['More than 30%', '20% to 30%', '10% to 20%', '5% to 10%', 'Less than 5%'],
    scoring: REVERSED,
  },
  {
    text: 'How much experience do you have with investments that rise and fall in value, such as shares, property or managed funds?',
    explanation:
      'Experience helps you understand how investments behave, especially during market falls. Superannuation counts if you have chosen or followed its investment option.',
    options: [
      'None: I have only used bank accounts or term deposits.',
      'Very little: I have superannuation but have never looked at how it is invested.',
      'Some: I have chosen my superannuation investment option, or I hold a few shares or funds.',
      'Good: I have held shares, property or managed funds through at least one significant market fall.',
      'Extensive: I have invested in shares, property or managed funds for many years, through several market falls.',
    ],
    scoring: NATURAL,
  },
  {
    text: 'Suppose your investments fell by 20% over a few months. What would you most likely do?',
    explanation:
      'Sharp falls happen from time to time, as in 2008 and early 2020. What investors do during a fall has a large effect on their long-term results, because selling after a fall turns a temporary loss into a permanent one.',
    options: [
      'Sell all of them to avoid further losses.',
      'Sell some of them to reduce my risk.',
      'Keep them and wait for their value to recover.',
      'Keep them, and invest some extra cash I keep set aside for opportunities like this.',
      'Keep them, and invest a large amount of cash I keep set aside, to buy while prices are low.',
    ],
    scoring: NATURAL,
  },
  {
    text: 'How much of the money you have available to invest would you be comfortable putting into growth investments, such as shares and property, rather than keeping in cash?',
    explanation:
      'Growth investments aim for higher long-term returns but rise and fall in value. Cash holds its value and can be used at any time, including to invest later. This is about the money you have available to invest, not your everyday spending money.',
    options: [
      'All of it, keeping nothing back in cash.',
      'Nearly all of it, keeping back only a small amount for emergencies.',
      'About half to three-quarters of it.',
      'About a quarter to a half of it.',
      'Less than a quarter of it.',
    ],
    scoring: REVERSED,
  },
  {
    text: 'Once this investment is in place, how would you expect to manage it?',
    explanation:
      'Some investors leave their investments unchanged for years, some review them at regular intervals, and some change them in response to market movements. Changing investments because markets have moved is a short-term, speculative approach: it tries to time the market, and can mean selling after a fall and missing the recovery.',
    options: [
      'Leave it exactly as it is, whatever happens, without reviewing it.',
      'Change it only if my personal circumstances change, never because of market movements.',
      'Review it at regular intervals, for example once a year, and rebalance it if needed.',
      'Change it when markets rise or fall sharply.',
      'Change it often, to try to profit from short-term market movements.',
    ],
    scoring: NATURAL,
  },
  {
    text: 'Which of these portfolios would you choose for $100,000 invested for the long term? Each shows an average yearly return and how much it could fall in a bad year.',
    explanation:
      'The figures illustrate the trade-off between return and risk; they are not forecasts. Portfolios with higher average returns fall further in bad years.',
    options: [
      'Average return 3% a year; in a bad year it could fall by about $5,000 (5%).',
      'Average return 4.5% a year; in a bad year it could fall by about $12,000 (12%).',
      'Average return 5.5% a year; in a bad year it could fall by about $18,000 (18%).',
      'Average return 6.5% a year; in a bad year it could fall by about $25,000 (25%).',
      'Average return 7.5% a year; in a bad year it could fall by about $35,000 (35%).',
    ],
    scoring: NATURAL,
  },
  {
    text: 'How much do you agree with this statement? "If markets fell sharply, I would leave my investments as they are and wait for them to recover, even if that took several years."',
    explanation:
      'After a sharp fall, markets have sometimes taken several years to recover. Investors who stay invested keep the chance to recover their losses; those who sell lock them in.',
    options: AGREEMENT,
    scoring: REVERSED,
  },
  {
    text: 'Investments aiming for higher returns have more years in which they lose value. Over a 20-year period, how many years with a loss could you accept?',
    explanation:
      'A year with a loss is one in which the investment is worth less at the end of the year than at the start. Even cautious portfolios have an occasional losing year; portfolios invested mostly in shares can expect several in every twenty years.',
    options: ['1 year or fewer', '2 years', '3 years', '4 years', '5 years or more'],
    scoring: NATURAL,
  },
  {
    text: 'Compared with other people you know, how willing are you to take financial risks?',
    explanation:
      'Think about decisions you have made with money in the past, such as investing, changing jobs or starting a business, and how they compare with the choices of people around you.',
    options: [
      'Much more willing',
      'Somewhat more willing',
      'About as willing',
      'Somewhat less willing',
      'Much less willing',
    ],
    scoring: REVERSED,
  },
  {
    text: 'Which worries you more: that your investments might fall in value, or that they might not grow enough to stay ahead of rising prices?',
    explanation:
      'Keeping money safe from falls means accepting lower returns, which may not keep up with inflation over many years. Growing money faster than inflation means accepting falls in value along the way. Every investor balances these two risks.',
    options: [
      'Falls in value worry me far more.',
      'Falls in value worry me a little more.',
      'Both worry me about equally.',
      'Not growing enough worries me a little more.',
      'Not growing enough worries me far more.',
    ],
    scoring: NATURAL,
  },
];

// Section B measures capacity for risk rather than attitude, so it is kept out of the score;
// its scoring still runs from 1 (least capacity) to 5 (most) so advisers can read it the same way.
const SECTION_B: readonly Omit<Question, 'number' | 'id' | 'section'>[] = [
  {
    text: 'When do you expect to need most of this money?',
    explanation:
      'Your time horizon is how long the money can stay invested before you need to spend it. The longer it is, the more time your investments have to recover from falls. If you will draw on it gradually, for example in retirement, think about when you will need the bulk of it.',
    options: [
      'Within 3 years',
      'In 3 to 5 years',
      'In 5 to 7 years',
      'In 7 to 10 years',
      'In more than 10 years',
    ],
    scoring: NATURAL,
  },
  {
    text: 'How much will you rely on this investment to pay your living costs, now or in retirement?',
    explanation:
      'If this money is your main means of support, a large fall could affect your standard of living, so you may be able to afford less risk than your attitude alone suggests.',
    options: [
      'Not at all: I have other assets or income to live on.',
      'A little: it will top up my other income.',
      'Partly: it will pay for some of my living costs.',
      'Heavily: it will pay for most of my living costs.',
      'Completely: it will be my only means of support.',
    ],
    scoring: REVERSED,
  },
  {
    text: 'How likely is it that you will need to withdraw a large part of this money at short notice, for example to buy a home, pay medical costs or help family?',
    explanation:
      'Investments that rise and fall may be worth less than you paid at the moment you need the money, and some take time to sell. Needing money at short notice lowers the risk you can afford to take.',
    options: ['Very likely', 'Likely', 'Possible', 'Unlikely', 'Very unlikely'],
    scoring: NATURAL,
  },
  {
    text: 'Apart from this investment, how much do you hold in cash savings for emergencies?',
    explanation:
      'An emergency reserve, usually three to six months of living costs in an account you can reach quickly, means an unexpected bill will not force you to sell investments at a bad time.',
    options: [
      'None',
      'Less than 1 month of living costs',
      '1 to 3 months of living costs',
      '3 to 6 months of living costs',
      'More than 6 months of living costs',
    ],
    scoring: NATURAL,
  },
  {
    text: 'How secure do you expect your income to be over the next five years?',
    explanation:
      'Include income from work, a business, a pension or other investments. A secure income makes it less likely that you will need to draw on this investment unexpectedly.',
    options: [
      'Very secure: it is very likely to continue at about its current level.',
      'Secure: I expect it to continue with little change.',
      'Fairly secure: it may change, but I expect it to continue.',
      'Uncertain: it could fall or stop.',
      'Very uncertain, or I have no regular income.',
    ],
    scoring: REVERSED,
  },
];

const ESTIMATE: Omit<Question, 'number' | 'id' | 'section'> = {
  text: 'Before you see your result, which Risk Profile do you think best describes you?',
  explanation:
    'There is no right or wrong answer. Your choice does not affect your score: it is compared with your result to show how closely your own view matches your answers.',
  options: PROFILE_NAMES,
  scoring: NATURAL,
  isEstimate: true,
};

function numbered(
  section: SectionId,
  first: number,
  questions: readonly Omit<Question, 'number' | 'id' | 'section'>[],
): Question[] {
  return questions.map((question, index) => {
    const number = (first + index) as QuestionNumber;
    return { number, id: `q${number}`, section, ...question };
  });
}

export const QUESTIONS: readonly Question[] = [
  ...numbered('A', 1, SECTION_A),
  ...numbered('B', 13, SECTION_B),
  ...numbered('estimate', 18, [ESTIMATE]),
];

// The self-estimate gets its own section so that Section B stays exactly the five capacity
// questions the product names (docs/product-rules.md), and so the page can introduce it as "your own view".
export const SECTIONS: readonly Section[] = [
  { id: 'A', title: 'Risk Tolerance', questionNumbers: QUESTION_NUMBERS.slice(0, 12) },
  { id: 'B', title: 'Capacity and Constraints', questionNumbers: QUESTION_NUMBERS.slice(12, 17) },
  { id: 'estimate', title: 'Your Own View', questionNumbers: QUESTION_NUMBERS.slice(17) },
];

export function questionByNumber(number: QuestionNumber): Question {
  const question = QUESTIONS[number - 1];
  if (question === undefined) throw new RangeError(`No question ${String(number)}`);
  return question;
}
