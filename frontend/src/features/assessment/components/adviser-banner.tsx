import type { Adviser } from '@risk-profile/contracts';
import { Alert } from '../../../components/ui/alert';
import { appConfig } from '../../../lib/env';
import { adviserReportPhrase } from '../model/report-recipients';

export type AdviserLookup =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'found'; adviser: Adviser }
  | { status: 'missing' }
  | { status: 'error' };

/** `signed`: the assessment has been signed, so the report is on its way rather than promised. */
export function AdviserBanner({ lookup, signed }: { lookup: AdviserLookup; signed: boolean }) {
  switch (lookup.status) {
    case 'none':
      return null;
    case 'loading':
      return <div className="adviser-banner adviser-banner--loading" aria-hidden="true" />;
    case 'found':
      return (
        <aside className="adviser-banner" aria-label="Your adviser" data-testid="adviser-banner">
          <span className="adviser-banner__icon" aria-hidden="true">
            {lookup.adviser.companyName.slice(0, 1).toUpperCase()}
          </span>
          <p>
            This assessment is provided by <strong>{lookup.adviser.adviserName}</strong> of{' '}
            <strong>{lookup.adviser.companyName}</strong>. {adviserReportPhrase(signed, appConfig.delivery)}.
          </p>
        </aside>
      );
    case 'missing':
      return (
        <Alert tone="warning" title="We couldn't find that adviser" testId="adviser-missing">
          <p>
            The address you followed does not match any adviser. You can still complete your Risk Profile; no
            adviser will receive it, and your copy will be sent only to you. If you expected to see your
            adviser here, please check the link with them.
          </p>
        </Alert>
      );
    case 'error':
      return (
        <Alert tone="warning" title="We couldn't load your adviser's details">
          <p>
            You can still complete your Risk Profile, but no adviser will receive it from this page; your copy
            will be sent only to you.
          </p>
        </Alert>
      );
    default: {
      const unhandled: never = lookup;
      return unhandled;
    }
  }
}
