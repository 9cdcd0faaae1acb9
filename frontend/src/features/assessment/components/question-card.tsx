import { type AnswerScore, optionForScore, type Question, scoreForOption } from '@risk-profile/contracts';
import { Fragment, memo, useEffect, useRef, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { RadioGroup } from '../../../components/ui/radio-group';
import type { QuestionFlag } from '../model/question-flags';
import { revealFocusedTitle } from './reveal-focused-title';

const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

export interface QuestionCardProps {
  question: Question;
  score: AnswerScore | undefined;
  onAnswer: (question: Question, score: AnswerScore) => void;
  onFocusWithin: (question: Question) => void;
  highlighted: boolean;
  current: boolean;
  /** Part of an unresolved consistency issue: what the flag says and the notes it links to. */
  flag: QuestionFlag | undefined;
  /** Follows a flag's link to its note in the panel below the questions. */
  onReadNote: (noteId: string) => void;
}

export const QuestionCard = memo(function QuestionCard({
  question,
  score,
  onAnswer,
  onFocusWithin,
  highlighted,
  current,
  flag,
  onReadNote,
}: QuestionCardProps) {
  const [helpOpen, setHelpOpen] = useState(false);
  const flagged = flag !== undefined;
  const flagRef = useRef<HTMLParagraphElement>(null);
  // A flag raised by the answer just given here appears below the options: bring it on screen.
  useEffect(() => {
    const shown = flagRef.current;
    if (flagged && shown?.closest('.question-card')?.contains(document.activeElement)) {
      shown.scrollIntoView({ block: 'nearest' });
    }
  }, [flagged]);
  const answered = score !== undefined;
  const titleId = `question-${question.number}-title`;
  const classes = [
    'question-card',
    answered ? 'question-card--answered' : '',
    current ? 'question-card--current' : '',
    highlighted ? 'question-card--highlighted' : '',
    flagged ? 'question-card--flagged' : '',
  ].filter(Boolean);

  return (
    <section
      id={`question-${question.number}`}
      className={classes.join(' ')}
      aria-labelledby={titleId}
      data-testid={`question-card-${question.number}`}
      data-question={question.number}
      data-answered={answered}
      onFocus={(event) => {
        revealFocusedTitle(event.currentTarget, event.target);
        onFocusWithin(question);
      }}
    >
      <header className="question-card__header">
        <span className="question-card__number" aria-hidden="true">
          {question.number}
        </span>
        <h3 className="question-card__title" id={titleId} tabIndex={-1}>
          <span className="visually-hidden">Question {question.number}: </span>
          {question.text}
        </h3>
        <span className="question-card__status">
          {answered ? (
            <span className="question-card__tick" title="Answered">
              <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
                <circle cx="10" cy="10" r="10" fill="currentColor" />
                <path
                  d="M5.5 10.5l3 3 6-6.5"
                  fill="none"
                  stroke="#fff"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span className="visually-hidden">Answered</span>
            </span>
          ) : null}
          <button
            type="button"
            className="question-card__help"
            onClick={() => setHelpOpen(true)}
            aria-label={`Help with question ${question.number}`}
          >
            <span aria-hidden="true">?</span>
          </button>
        </span>
      </header>
      <RadioGroup
        labelledBy={titleId}
        name={question.id}
        value={score === undefined ? null : String(optionForScore(question, score))}
        onValueChange={(value) => onAnswer(question, scoreForOption(question, Number(value)))}
        options={question.options.map((text, index) => ({
          value: String(index),
          marker: LETTERS[index],
          label: text,
        }))}
      />
      {flag ? (
        <p className="question-card__flag" ref={flagRef}>
          {flag.text}{' '}
          {flag.notes.map((note, index) => (
            <Fragment key={note.id}>
              {index > 0 ? ' · ' : null}
              <a
                href={`#${note.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  onReadNote(note.id);
                }}
              >
                {note.label}
              </a>
            </Fragment>
          ))}
        </p>
      ) : null}
      <Dialog open={helpOpen} onOpenChange={setHelpOpen} title={`Question ${question.number} Help`}>
        <p className="help-question">{question.text}</p>
        <p>{question.explanation}</p>
      </Dialog>
    </section>
  );
});
