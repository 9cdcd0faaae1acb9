import type { DataSubject, ErasureResult, SubjectAssessment } from '@risk-profile/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { subjectAssessmentsQueryOptions } from '../api/data-requests';
import { formatDate } from '../model/labels';
import { SubjectResults } from './subject-results';

const SUBJECT: DataSubject = { email: 'ezra.erasure@example.com', phone: null };
const SIGNED_ID = '0b7f8f8e-5a4f-4c1e-9a1e-111111111111';
const retainedUntil = '2033-11-27T11:34:00.000Z';

const restricted: SubjectAssessment = {
  id: SIGNED_ID,
  clientName: 'Ezra Erasure',
  status: 'signed',
  adviserSlug: null,
  startedAt: '2026-11-27T11:00:00.000Z',
  signedAt: '2026-11-27T11:34:00.000Z',
  retainedUntil,
  restrictedAt: '2026-11-28T01:00:00.000Z',
} as SubjectAssessment;

/** The results as the page shows them after an erasure: what the server answered, then the list again. */
function render(items: SubjectAssessment[], result: ErasureResult | null): string {
  const client = new QueryClient();
  client.setQueryData(subjectAssessmentsQueryOptions(SUBJECT).queryKey, { items });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <SubjectResults
        subject={SUBJECT}
        result={result}
        onErase={() => {}}
        confirming={false}
        onCancel={() => {}}
        onConfirm={() => {}}
        erasing={false}
        failure={null}
      />
    </QueryClientProvider>,
  );
}

const eraseButton = (html: string) => /<button[^>]*>Erase<\/button>/.exec(html)?.[0] ?? '';

describe('a client whose only record is restricted after an erasure', () => {
  const result: ErasureResult = {
    items: [
      {
        assessmentId: SIGNED_ID,
        outcome: 'restricted',
        reason:
          'A signed record is kept for 7 years after signing, so it was not erased; its processing is restricted instead.',
        retainedUntil,
      },
    ],
  } as ErasureResult;

  it('offers no Erase: there is nothing left that an erasure would change', () => {
    const html = render([restricted], result);
    expect(eraseButton(html)).toMatch(/disabled=""/);
    expect(html).toContain('Nothing more can be erased now');
  });

  it('writes the outcome line with one date format', () => {
    const html = render([restricted], result);
    const outcome = /data-testid="erasure-outcome"[\s\S]*?<\/ul>/.exec(html)![0];
    expect(outcome).toContain(formatDate(retainedUntil));
    expect(outcome).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('still offers Erase while a record is not restricted', () => {
    const html = render([{ ...restricted, restrictedAt: null }], null);
    expect(eraseButton(html)).not.toMatch(/disabled/);
  });
});
