import { useAnalyticsAdvisers } from '../api/analytics-queries';
import { FilterSelect } from './filter-select';

/**
 * The dashboard's adviser filter: every adviser, or one of the adviser pages analytics has seen on
 * an assessment.
 */
export function AdviserSelect({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (adviser: string | null) => void;
}) {
  const advisers = useAnalyticsAdvisers();
  return (
    <FilterSelect
      label="Adviser"
      allLabel="All advisers"
      value={value}
      seen={advisers.data ?? []}
      parse={(slug) => slug}
      onChange={onChange}
    />
  );
}
