import type { ConsistencyIssue } from '@risk-profile/contracts';
import { Button } from '../../../components/ui/button';
import { noteElementId } from '../model/question-flags';

export function ConsistencyPanel({
  issues,
  onReview,
}: {
  issues: readonly ConsistencyIssue[];
  onReview: (question: number) => void;
}) {
  return (
    // Always mounted so that screen readers announce issues as they appear.
    <div aria-live="polite" className="consistency-region">
      {issues.length > 0 ? (
        <section
          className="consistency-panel"
          aria-labelledby="consistency-title"
          data-testid="consistency-panel"
        >
          <h2 id="consistency-title" className="consistency-panel__title">
            {issues.length === 1
              ? 'One of your answers may not match another'
              : `${issues.length} of your answers may not match each other`}
          </h2>
          <p className="consistency-panel__intro">
            Answers that contradict each other make your Risk Profile less reliable. Please review the
            questions below before you continue.
          </p>
          <ul className="consistency-panel__list">
            {issues.map((issue) => (
              <li key={issue.id} className="consistency-issue">
                {/* The target of the flagged questions' links to this note (question-flags.ts). */}
                <h3 className="consistency-issue__title" id={noteElementId(issue)} tabIndex={-1}>
                  {issue.title}
                </h3>
                <p>{issue.explanation}</p>
                <p className="consistency-issue__suggestion">{issue.suggestion}</p>
                <div className="row">
                  {issue.questions.map((number) => (
                    <Button key={number} variant="outline" size="sm" onClick={() => onReview(number)}>
                      Review question {number}
                    </Button>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
