import { formatDuration, questionLabel } from '@risk-profile/contracts';
import { Card } from '../../../components/ui/card';
import { useQuestionDifficulty } from '../api/analytics-queries';
import type { DashboardFilter } from '../model/dashboard-search';
import { oneDecimal } from '../model/format';
import { QueryState } from './query-state';

const BADGE: Record<string, string> = { easy: 'badge--easy', medium: 'badge--medium', hard: 'badge--hard' };

export function QuestionsTab({ filter }: { filter: DashboardFilter }) {
  const query = useQuestionDifficulty(filter);
  return (
    <Card>
      <header className="card__header">
        <div>
          <h2 className="card__title" id="question-difficulty-title">
            Question Difficulty
          </h2>
          <p className="card__description">
            Hard: 30 s or more on average, or at least one answer change on average. Medium: 15 s or more, or
            at least 0.5 changes. Easy: below both. Abandoned: inactive for 30 minutes without signing.
          </p>
        </div>
      </header>
      <QueryState
        query={query}
        isEmpty={(d) => d.length === 0}
        empty="No answers yet. Each question appears here once a client has answered it."
      >
        {(rows) => (
          <>
            <p className="admin__scroll-hint" aria-hidden="true">
              Scroll the table sideways for more columns.
            </p>
            <section
              className="admin__table-wrap"
              aria-labelledby="question-difficulty-title"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls takes focus, so a keyboard can scroll it
              tabIndex={0}
            >
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Question</th>
                    <th scope="col">Difficulty</th>
                    <th scope="col">Avg. time</th>
                    <th scope="col">Median time</th>
                    <th scope="col">Answer changes</th>
                    <th scope="col">Changes: completed</th>
                    <th scope="col">Changes: abandoned</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((q) => (
                    <tr key={q.questionId}>
                      <th scope="row">{questionLabel(q.questionId)}</th>
                      <td>
                        <span className={`badge ${BADGE[q.difficulty] ?? 'badge--other'}`}>
                          {q.difficulty}
                        </span>
                      </td>
                      <td>{formatDuration(q.averageTime)}</td>
                      <td>{formatDuration(q.medianTime)}</td>
                      <td>{oneDecimal(q.answerChanges)}</td>
                      <td>
                        {q.answerChangesCompleted === null ? '–' : oneDecimal(q.answerChangesCompleted)}
                      </td>
                      <td>
                        {q.answerChangesAbandoned === null ? '–' : oneDecimal(q.answerChangesAbandoned)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </>
        )}
      </QueryState>
    </Card>
  );
}
