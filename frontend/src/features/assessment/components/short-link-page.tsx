import { MESSAGES } from '@risk-profile/contracts';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { longLinkPath, useResolveShortLink } from '../api/resolve-short-link';

/**
 * /l/<code>, the short link of an SMS: asks where it leads and replaces itself with the long
 * link's address, so the adviser's page goes on exactly as for a long link (it reads the token,
 * takes it out of the address and has it verified). An unknown or expired code gets the long
 * link's message for an invalid link, and a way to start without it.
 */
export function ShortLinkPage({ code }: { code: string }) {
  useDocumentTitle('Opening your questionnaire');
  const router = useRouter();
  const { mutate, isError, error } = useResolveShortLink();
  const resolved = useRef<string | null>(null);

  useEffect(() => {
    // Strict mode runs effects twice; each code is resolved once.
    if (resolved.current === code) return;
    resolved.current = code;
    mutate(code, {
      onSuccess: ({ adviserSlug, token }) => router.history.replace(longLinkPath(adviserSlug, token)),
    });
  }, [code, mutate, router]);

  if (!isError) {
    return (
      <div className="page">
        <Spinner label="Opening your questionnaire..." />
      </div>
    );
  }
  // A refusal for too many lookups says so; every other failure is an invalid link to the client.
  const limited = error instanceof ApiError && error.status === 429;
  return (
    <div className="page">
      <section className="card">
        <Alert
          tone="error"
          title={limited ? 'Too Many Attempts' : MESSAGES.invalidLinkTitle}
          testId="short-link-error"
        >
          {limited ? error.reason : MESSAGES.invalidLink}
        </Alert>
        <Link to="/" className={buttonClass('primary', 'lg')}>
          Start Assessment
        </Link>
      </section>
    </div>
  );
}
