import { Card } from '../../../components/ui/card';
import { useTimeZone } from '../../../lib/time-zone';
import { useRecentAssessments } from '../api/analytics-queries';
import type { DashboardFilter } from '../model/dashboard-search';
import { ASSESSMENT_STATUS_LABELS, formatAdminDate } from '../model/format';
import { QueryState } from './query-state';

export function AssessmentsTab({ filter }: { filter: DashboardFilter }) {
  const query = useRecentAssessments(filter);
  const zone = useTimeZone();
  return (
    <Card>
      <header className="card__header">
        <div>
          <h2 className="card__title">Recent Assessments</h2>
          <p className="card__description">The newest first.</p>
        </div>
      </header>
      <QueryState
        query={query}
        isEmpty={(d) => d.length === 0}
        empty="No assessments yet. They appear here as soon as clients submit them."
      >
        {(rows) => (
          <ul className="assessment-list">
            {rows.map((a) => (
              <li key={a.id} className="assessment-list__item">
                <div>
                  <p className="assessment-list__name">{a.clientName}</p>
                  <p className="assessment-list__email">{a.clientEmail ?? 'No email given'}</p>
                  <p className="assessment-list__date">{formatAdminDate(a.createdAt, zone)}</p>
                </div>
                <div className="assessment-list__result">
                  <p>
                    <span className={`badge badge--${a.status}`}>{ASSESSMENT_STATUS_LABELS[a.status]}</span>
                  </p>
                  <p className="assessment-list__profile">{a.selectedProfile}</p>
                  <p>Score: {a.riskScore}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Card>
  );
}
