import { householdConfirmationSchema } from '@risk-profile/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { displaySettingsQueryOptions } from '../../../lib/time-zone';
import { householdConfirmationQueryOptions } from '../api/household-confirmation';
import { HouseholdConfirmationPage } from './household-confirmation-page';

const TOKEN = 'confirmation-token';

const confirmation = (change: Record<string, unknown> = {}) =>
  householdConfirmationSchema.parse({
    householdName: 'Jordan and Sam Lee',
    memberName: 'Sam Lee',
    adviserName: 'Alex Morgan',
    companyName: 'Harbour Wealth Partners',
    ownProfile: 'Conservative',
    agreedProfile: 'Moderately Conservative',
    reason: 'Joint savings for the next ten years.',
    flagged: false,
    confirmedAt: null,
    ...change,
  });

function render(data: ReturnType<typeof confirmation> | null, token: string | null = TOKEN): string {
  const client = new QueryClient();
  client.setQueryData(displaySettingsQueryOptions.queryKey, { timeZone: 'Australia/Sydney' });
  if (data) client.setQueryData(householdConfirmationQueryOptions(TOKEN).queryKey, data);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <HouseholdConfirmationPage token={token ?? undefined} />
    </QueryClientProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

describe("a member's confirmation page", () => {
  it('shows the household, the adviser, both profiles and the reason, and asks for a typed name', () => {
    const html = render(confirmation());
    const shown = text(html);
    expect(shown).toContain('Household Jordan and Sam Lee');
    expect(shown).toContain('Your adviser Alex Morgan, Harbour Wealth Partners');
    expect(shown).toContain('Your own Risk Profile Conservative');
    expect(shown).toContain("The household's agreed profile Moderately Conservative");
    expect(shown).toContain("Your adviser's reason Joint savings for the next ten years.");
    expect(shown).toContain('Type your full name to sign');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Confirm<\/button>/);
  });

  it('warns plainly when the profile takes more risk than their own, or the agreement is flagged', () => {
    expect(text(render(confirmation()))).toContain(
      "The household's profile, Moderately Conservative, takes more risk than your own profile, Conservative",
    );
    const flagged = text(render(confirmation({ ownProfile: 'Growth', flagged: true })));
    expect(flagged).not.toContain('takes more risk than your own');
    expect(flagged).toContain("Your adviser's record flags this agreement");
    expect(text(render(confirmation({ ownProfile: 'Growth' })))).not.toContain(
      'Please read this before you confirm',
    );
  });

  it('thanks a member who has confirmed, with the time, and asks nothing more', () => {
    const html = render(confirmation({ confirmedAt: '2026-11-27T23:30:00.000Z' }));
    expect(text(html)).toContain(
      'Thank you, Sam Lee You confirmed Moderately Conservative for Jordan and Sam Lee on 28 November 2026 at 10:30 am AEDT',
    );
    expect(html).not.toContain('<form');
    expect(html).not.toContain('Please read this before you confirm');
  });

  it('says a link without its token is incomplete', () => {
    expect(text(render(null, null))).toContain('This link is incomplete');
  });
});
