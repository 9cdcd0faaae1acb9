import type { HouseholdView } from '@risk-profile/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { displaySettingsQueryOptions } from '../../../lib/time-zone';
import { signedCouple } from '../testing/fixtures';
import { AgreementSection } from './agreement-section';

function render(household: ReturnType<typeof signedCouple>): string {
  const client = new QueryClient();
  client.setQueryData(displaySettingsQueryOptions.queryKey, { timeZone: 'Australia/Sydney' });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <AgreementSection household={household} />
    </QueryClientProvider>,
  );
}

/** The page's text as a reader meets it: tags out, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

type Agreed = NonNullable<HouseholdView['agreed']>;

const agreed: Agreed = {
  profile: 'Moderately Conservative',
  reason: 'Joint savings for the next ten years.',
  basis: 'average',
  flagged: false,
  beyondCapacity: [],
  agreedBy: 'adviser@example.com',
  agreedAt: '2026-11-27T23:00:00.000Z',
};

describe("the household's agreement", () => {
  it('waits for every signature before it can be agreed', () => {
    const household = signedCouple({ status: 'awaiting_members', options: null });
    household.members[1] = { ...household.members[1]!, status: 'in_progress', signedAt: null };
    const html = render(household);
    expect(text(html)).toContain('once every member has signed their own assessment: 1 of 2 have so far.');
    expect(html).not.toContain('<form');
  });

  it('offers the lowest, the average and another profile once every member has signed', () => {
    const html = render(signedCouple());
    const shown = text(html);
    expect(shown).toContain('Lowest: Conservative');
    expect(shown).toContain('Average: Moderately Conservative');
    expect(shown).toContain('Another profile');
    expect(html).toMatch(/<textarea[^>]*required/);
    expect(shown).toContain('Record the agreed profile');
  });

  it('shows the recorded agreement and who has confirmed it', () => {
    const household = signedCouple({ status: 'awaiting_confirmations', agreed });
    household.members[0] = { ...household.members[0]!, confirmedAt: '2026-11-27T23:30:00.000Z' };
    const shown = text(render(household));
    expect(shown).toContain('Agreed profile Moderately Conservative');
    expect(shown).toContain("Basis The average of the members' profiles");
    expect(shown).toContain('Reason Joint savings for the next ten years.');
    expect(shown).toContain('Flagged No');
    expect(shown).toContain('Agreed by adviser@example.com');
    expect(shown).toContain('Agreed 28 November 2026 at 10:00 am AEDT');
    expect(shown).toContain('Jordan Lee: confirmed 28 November 2026 at 10:30 am AEDT');
    expect(shown).toContain('Sam Lee: waiting for their confirmation');
    // Agreeing again is offered, not open.
    expect(shown).toContain('Agree a different profile');
    expect(shown).not.toContain('Record the agreed profile');
  });

  it('says when every member has confirmed, and offers no new agreement', () => {
    const household = signedCouple({
      status: 'confirmed',
      agreed,
      confirmedAt: '2026-11-28T00:00:00.000Z',
      members: signedCouple().members.map((member) => ({
        ...member,
        confirmedAt: '2026-11-28T00:00:00.000Z',
      })),
    });
    const shown = text(render(household));
    expect(shown).toContain('Every member has confirmed');
    expect(shown).not.toContain('Agree a different profile');
  });
});
