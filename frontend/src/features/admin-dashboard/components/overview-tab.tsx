import { formatDuration } from '@risk-profile/contracts';
import { Card } from '../../../components/ui/card';
import { useDropOff, useSummary } from '../api/analytics-queries';
import type { DashboardFilter } from '../model/dashboard-search';
import {
  capacityWarningShareText,
  completionRateText,
  householdShareText,
  mostDifficultText,
} from '../model/format';
import { DropOffChart } from './drop-off-chart';
import { QueryState } from './query-state';

/**
 * "Q6" as the card's figure and the question's short text under it, smaller: at the figure's
 * size the text would not fit the card. Read as one: "Q6 · Share in growth investments".
 */
function MostDifficult({ questionId }: { questionId: string | null }) {
  const [figure, words] = mostDifficultText(questionId).split(' · ');
  return (
    <p className="admin-stat__value">
      {figure}
      {words ? (
        <>
          <span className="visually-hidden"> · </span>
          <span className="admin-stat__question">{words}</span>
        </>
      ) : null}
    </p>
  );
}

export function OverviewTab({ filter }: { filter: DashboardFilter }) {
  const summary = useSummary(filter);
  const dropOff = useDropOff(filter);
  return (
    <div className="admin__stack">
      <QueryState query={summary} isEmpty={() => false} empty="">
        {(s) => (
          <div className="admin__cards">
            <Card className="admin-stat">
              <h2 className="admin-stat__label">Total Assessments</h2>
              <p className="admin-stat__value">{s.totalAssessments}</p>
              {/* A draft counts from "Yes, I agree": how many of them are signed tells them apart. */}
              <p className="admin-stat__detail">
                Started {s.totalAssessments} · Signed {s.signedAssessments}
              </p>
            </Card>
            <Card className="admin-stat">
              <h2 className="admin-stat__label">Completion Rate</h2>
              <p className="admin-stat__value">{completionRateText(s.completionRate)}</p>
              <div
                className="admin-progress"
                role="progressbar"
                aria-label="Completion Rate"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={s.completionRate ?? undefined}
                aria-valuetext={completionRateText(s.completionRate)}
              >
                <div
                  className="admin-progress__bar"
                  style={{ width: `${Math.min(100, s.completionRate ?? 0)}%` }}
                />
              </div>
            </Card>
            <Card className="admin-stat">
              <h2 className="admin-stat__label">Avg. Time</h2>
              {/* Null: no signed session to time, so nothing to average (N/A, as Most Difficult). */}
              <p className="admin-stat__value">
                {s.averageTimePerAssessment === null ? 'N/A' : formatDuration(s.averageTimePerAssessment)}
              </p>
            </Card>
            <Card className="admin-stat">
              <h2 className="admin-stat__label">Most Difficult</h2>
              <MostDifficult questionId={s.mostDifficultQuestion} />
            </Card>
            <Card className="admin-stat">
              <h2 className="admin-stat__label">Capacity Warnings</h2>
              <p className="admin-stat__value">{capacityWarningShareText(s.capacityWarningShare)}</p>
              <p className="admin-stat__detail">of signed assessments</p>
            </Card>
            <Card className="admin-stat">
              <h2 className="admin-stat__label">Households</h2>
              <p className="admin-stat__value">{householdShareText(s.householdShare)}</p>
              <p className="admin-stat__detail">of assessments started</p>
            </Card>
          </div>
        )}
      </QueryState>
      <Card>
        <header className="card__header">
          <div>
            <h2 className="card__title">Drop-off Analysis</h2>
            <p className="card__description">
              Percentage of users who viewed but didn't answer each question
            </p>
          </div>
        </header>
        <QueryState
          query={dropOff}
          isEmpty={(d) => d.length === 0}
          empty="No questions viewed yet. Drop-off per question appears here as soon as clients start the questionnaire."
        >
          {(d) => <DropOffChart data={d} />}
        </QueryState>
      </Card>
      <p className="admin__note">
        Total assessments: started (agreed to their profile) in the period, signed or not. Completion rate:
        signed assessments of the sessions that viewed question 1, over those sessions. Most difficult: the
        hardest question rated medium or hard. Average time: first question viewed to signing. Drop-off:
        sessions that viewed a question without answering it, over sessions that viewed it. Capacity warnings:
        signed assessments whose chosen profile goes beyond the client's time horizon or capacity for loss,
        over the signed assessments (those signed before capacity was recorded are left out). Households:
        assessments started by a household member's own link, over the assessments started.
      </p>
    </div>
  );
}
