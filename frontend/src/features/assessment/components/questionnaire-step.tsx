import {
  type AnswerScore,
  type ConsistencyIssue,
  checkConsistency,
  QUESTIONS,
  type Question,
  type QuestionNumber,
  questionByNumber,
  type Responses,
  SECTIONS,
} from '@risk-profile/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { advancesAfterAnswer, questionFlags } from '../model/question-flags';
import { validateQuestionnaire } from '../model/validation';
import { ConsistencyPanel } from './consistency-panel';
import { QuestionCard } from './question-card';

export const NEXT_QUESTION_DELAY_MS = 600;
export const HIGHLIGHT_MS = 3000;
/** Share of a card that must be on screen to count as viewed (tall cards on small phones never show all). */
const VIEW_THRESHOLD = 0.4;

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export interface QuestionnaireStepProps {
  responses: Responses;
  currentQuestionIndex: number;
  consistencyIssues: readonly ConsistencyIssue[];
  onAnswer: (question: QuestionNumber, score: AnswerScore) => void;
  onFocusQuestion: (question: QuestionNumber) => void;
  onViewed: (question: Question) => void;
  onComplete: () => void;
  headingRef: React.Ref<HTMLHeadingElement>;
}

export function QuestionnaireStep({
  responses,
  currentQuestionIndex,
  consistencyIssues,
  onAnswer,
  onFocusQuestion,
  onViewed,
  onComplete,
  headingRef,
}: QuestionnaireStepProps) {
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const nextTimer = useRef<number | undefined>(undefined);
  const highlightTimer = useRef<number | undefined>(undefined);
  const onViewedRef = useRef(onViewed);
  onViewedRef.current = onViewed;
  // Arrow keys move through the options and select each in turn, so a keyboard answer is often not
  // the last one; scrolling away from the focused option would lose the user's place (WCAG 3.2.2).
  const answeredByKeyboard = useRef(false);

  useEffect(() => {
    const keyboard = () => {
      answeredByKeyboard.current = true;
    };
    const pointer = () => {
      answeredByKeyboard.current = false;
    };
    document.addEventListener('keydown', keyboard, true);
    document.addEventListener('pointerdown', pointer, true);
    return () => {
      document.removeEventListener('keydown', keyboard, true);
      document.removeEventListener('pointerdown', pointer, true);
    };
  }, []);

  const flags = useMemo(() => questionFlags(consistencyIssues), [consistencyIssues]);
  const latestResponses = useRef(responses);
  latestResponses.current = responses;

  const scrollToQuestion = useCallback((number: number, highlight: boolean) => {
    const card = document.getElementById(`question-${number}`);
    if (!card) return;
    card.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    if (!highlight) return;
    card.querySelector<HTMLElement>('.question-card__title')?.focus({ preventScroll: true });
    setHighlighted(number);
    window.clearTimeout(highlightTimer.current);
    highlightTimer.current = window.setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
  }, []);

  useEffect(
    () => () => {
      window.clearTimeout(nextTimer.current);
      window.clearTimeout(highlightTimer.current);
    },
    [],
  );

  // A question counts as viewed once enough of its card has been on screen.
  useEffect(() => {
    const byNumber = new Map(QUESTIONS.map((question) => [question.number, question]));
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const question = byNumber.get(
            Number((entry.target as HTMLElement).dataset.question) as QuestionNumber,
          );
          if (question) onViewedRef.current(question);
        }
      },
      { threshold: VIEW_THRESHOLD },
    );
    for (const card of document.querySelectorAll('.question-card')) observer.observe(card);
    return () => observer.disconnect();
  }, []);

  const answer = useCallback(
    (question: Question, score: AnswerScore) => {
      setError(null);
      onAnswer(question.number, score);
      window.clearTimeout(nextTimer.current);
      const after = { ...latestResponses.current, [question.id]: score };
      if (advancesAfterAnswer(question.number, after) && !answeredByKeyboard.current) {
        nextTimer.current = window.setTimeout(
          () => scrollToQuestion(question.number + 1, false),
          NEXT_QUESTION_DELAY_MS,
        );
      }
    },
    [onAnswer, scrollToQuestion],
  );

  // A flag's link leads to its note in the panel after question 18, which gets focus.
  const readNote = useCallback((id: string) => {
    window.clearTimeout(nextTimer.current);
    const note = document.getElementById(id);
    if (!note) return;
    note.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    note.focus({ preventScroll: true });
  }, []);

  // Keyboard users can reach a question without scrolling it far enough into view.
  const focusQuestion = useCallback(
    (question: Question) => {
      onViewedRef.current(question);
      onFocusQuestion(question.number);
    },
    [onFocusQuestion],
  );

  const calculate = () => {
    window.clearTimeout(nextTimer.current);
    const problem = validateQuestionnaire(responses, checkConsistency(responses));
    if (!problem) {
      setError(null);
      onComplete();
      return;
    }
    setError(problem.message);
    if (problem.kind === 'unanswered') scrollToQuestion(problem.question, true);
    else document.getElementById('consistency-title')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="stack stack--lg">
      <header className="step-intro">
        <p className="step-intro__eyebrow">18 questions · about 10 minutes</p>
        <h1 ref={headingRef} tabIndex={-1}>
          Risk Profile questionnaire
        </h1>
        <p className="step-intro__lead">
          Choose the answer that best describes you. There are no right or wrong answers; use the help button
          on any question for more explanation.
        </p>
      </header>

      {SECTIONS.map((section) => (
        <section
          key={section.id}
          className="question-section"
          aria-labelledby={`section-${section.id}-title`}
        >
          <header className="question-section__header">
            <p className="question-section__eyebrow">
              {section.id === 'estimate' ? 'Final question' : `Section ${section.id}`}
            </p>
            <h2 id={`section-${section.id}-title`}>{section.title}</h2>
          </header>
          <div className="question-section__list">
            {section.questionNumbers.map((number) => {
              const question = questionByNumber(number);
              return (
                <QuestionCard
                  key={number}
                  question={question}
                  score={responses[question.id]}
                  onAnswer={answer}
                  onFocusWithin={focusQuestion}
                  highlighted={highlighted === number}
                  current={currentQuestionIndex === number - 1}
                  flag={flags.get(number)}
                  onReadNote={readNote}
                />
              );
            })}
          </div>
        </section>
      ))}

      <ConsistencyPanel issues={consistencyIssues} onReview={(number) => scrollToQuestion(number, true)} />

      <div className="calculate">
        {error ? (
          <Alert tone="error" id="questionnaire-error" testId="questionnaire-error">
            {error}
          </Alert>
        ) : null}
        <Button
          size="lg"
          block
          onClick={calculate}
          aria-describedby={error ? 'questionnaire-error' : undefined}
        >
          Calculate Risk Profile
        </Button>
      </div>
    </div>
  );
}
