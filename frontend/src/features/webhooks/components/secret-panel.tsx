import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/**
 * A signing secret, the one time the service shows it (after adding an endpoint or rotating its
 * secret). Focus moves to it when it appears, so a keyboard or screen-reader user lands on it
 * rather than on a form that was just cleared; "Copy" says in a live region whether it worked.
 */
export function SecretPanel({
  title,
  secret,
  note,
  onDone,
}: {
  title: string;
  secret: string;
  /** What else the administrator should know (how long an old secret still signs). */
  note?: string;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied('Secret copied to the clipboard.'),
      () => setCopied('Could not copy: select the secret and copy it.'),
    );

  return (
    <section className="webhooks-secret" aria-labelledby={headingId} data-testid="webhook-secret">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="webhooks-secret__title">
        {title}
      </h3>
      <Alert tone="warning" title="Copy it now: you will not see it again.">
        Only this page shows it, this once. The receiver verifies every delivery with it (Standard Webhooks).{' '}
        {note}
      </Alert>
      <div className="webhooks-secret__row">
        <code className="webhooks-secret__value">{secret}</code>
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          Copy secret
        </Button>
      </div>
      <p className="webhooks__live" role="status">
        {copied}
      </p>
      <div>
        <Button variant="secondary" size="sm" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </section>
  );
}
