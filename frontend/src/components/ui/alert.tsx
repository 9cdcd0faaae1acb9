import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

/**
 * An inline message. Errors and warnings use role="alert" so screen readers announce them when
 * they appear; informational messages use a polite status.
 */
export function Alert({
  tone = 'info',
  title,
  children,
  id,
  testId,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  id?: string;
  testId?: string;
}) {
  const urgent = tone === 'error' || tone === 'warning';
  return (
    <div className={`alert alert--${tone}`} role={urgent ? 'alert' : 'status'} id={id} data-testid={testId}>
      {title ? <p className="alert__title">{title}</p> : null}
      {children ? <div className="alert__body">{children}</div> : null}
    </div>
  );
}

/** Something that failed to load, with the service's reason. */
export function LoadFailure({ title, error }: { title: string; error: unknown }) {
  return (
    <Alert tone="error" title={title}>
      {errorMessage(error)}
    </Alert>
  );
}
