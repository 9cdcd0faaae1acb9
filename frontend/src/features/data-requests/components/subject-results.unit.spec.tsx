import type { DataSubject, ErasureResult, SubjectAssessment } from '@risk-profile/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { displaySettingsQueryOptions } from '../../../lib/time-zone';
import { subjectAssessmentsQueryOptions } from '../api/data-requests';
import { formatDate } from '../model/labels';
import { SubjectResults } from './subject-results';

const SUBJECT: DataSubject = { email: 'ezra.erasure@example.com', phone: null };
const SIGNED_ID = '0b7f8f8e-5a4f-4c1e-9a1e-111111111111';
const retainedUntil = '2033-11-27T11:34:00.000Z';
/** The firm's zone, as GET /api/display-settings answers it. */
const ZONE = 'Australia/Sydney';

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
  client.setQueryData(displaySettingsQueryOptions.queryKey, { timeZone: ZONE });
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
    expect(outcome).toContain(formatDate(retainedUntil, ZONE));
    expect(outcome).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('still offers Erase while a record is not restricted', () => {
    const html = render([{ ...restricted, restrictedAt: null }], null);
    expect(eraseButton(html)).not.toMatch(/disabled/);
  });
});

// Issue 42, item 6: the page wrote each date in the browser's zone ("27 Nov 2026" for a client who
// signed at 9:34 am on the 28th in Sydney); it writes the firm's zone, named, as the report does.
describe("the client's assessments, whatever the browser's zone", () => {
  const lateInUtc: SubjectAssessment = {
    ...restricted,
    startedAt: '2026-11-27T22:00:00.000Z',
    signedAt: '2026-11-27T22:34:00.000Z',
    retainedUntil: '2033-11-27T22:34:00.000Z',
    restrictedAt: '2026-11-27T23:00:00.000Z',
  };
  const fact = (html: string, label: string) => new RegExp(`<dt>${label}</dt><dd>([^<]*)`).exec(html)?.[1];

  it("are dated in the firm's zone, named", () => {
    const html = render([lateInUtc], null);
    expect(fact(html, 'Started')).toBe('28 Nov 2026 AEDT');
    expect(fact(html, 'Signed')).toBe('28 Nov 2026 AEDT');
    expect(fact(html, 'Kept until')).toBe('28 Nov 2033 AEDT');
    expect(fact(html, 'Restricted since')).toBe('28 Nov 2026 AEDT');
  });

  it("date the end of a retention in the firm's zone", () => {
    const result: ErasureResult = {
      items: [
        {
          assessmentId: SIGNED_ID,
          outcome: 'restricted',
          reason: null,
          retainedUntil: lateInUtc.retainedUntil,
        },
      ],
    } as ErasureResult;
    expect(render([lateInUtc], result)).toContain(
      'It is erased when its retention ends, on 28 Nov 2033 AEDT.',
    );
  });
});
