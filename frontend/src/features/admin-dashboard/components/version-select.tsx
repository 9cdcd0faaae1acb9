import { useSummary } from '../api/analytics-queries';
import type { DashboardFilter } from '../model/dashboard-search';
import { FilterSelect } from './filter-select';

/**
 * The dashboard's questionnaire-version filter: every version, or one of the versions analytics
 * has seen on an assessment (the summary lists them whatever the filters, and the Overview reads
 * the same summary, so this asks for nothing more).
 */
export function VersionSelect({
  filter,
  onChange,
}: {
  filter: DashboardFilter;
  onChange: (version: number | null) => void;
}) {
  const summary = useSummary(filter);
  return (
    <FilterSelect
      label="Questionnaire version"
      allLabel="All versions"
      value={filter.version}
      seen={summary.data?.questionnaireVersions ?? []}
      optionLabel={(version) => `Version ${version}`}
      parse={Number}
      onChange={onChange}
    />
  );
}
