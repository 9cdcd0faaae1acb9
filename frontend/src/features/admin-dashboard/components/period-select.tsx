import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@risk-profile/contracts';

export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  all: 'All time',
};

export function PeriodSelect({
  value,
  onChange,
}: {
  value: AnalyticsPeriod;
  onChange: (p: AnalyticsPeriod) => void;
}) {
  return (
    <label className="admin__period">
      <span>Period</span>
      <select value={value} onChange={(e) => onChange(e.target.value as AnalyticsPeriod)}>
        {ANALYTICS_PERIODS.map((p) => (
          <option key={p} value={p}>
            {PERIOD_LABELS[p]}
          </option>
        ))}
      </select>
    </label>
  );
}
