import { useAnalyticsAdvisers } from '../api/analytics-queries';

/**
 * The dashboard's adviser filter: every adviser, or one of the adviser pages analytics has seen on
 * an assessment. An adviser named by the address but not (yet) seen stays selectable, so the
 * select always shows what the figures are for.
 */
export function AdviserSelect({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (adviser: string | null) => void;
}) {
  const advisers = useAnalyticsAdvisers();
  const seen = advisers.data ?? [];
  const options = value === null || seen.includes(value) ? seen : [value, ...seen];
  return (
    <label className="admin__period">
      <span>Adviser</span>
      {/* Named explicitly: a wrapping label's name would include the chosen option's text. */}
      <select
        aria-label="Adviser"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      >
        <option value="">All advisers</option>
        {options.map((slug) => (
          <option key={slug} value={slug}>
            {slug}
          </option>
        ))}
      </select>
    </label>
  );
}
